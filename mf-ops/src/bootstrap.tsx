import { createRoot } from 'react-dom/client';
import { RemoteHarness, type HarnessRoute } from '@grocer/shared/harness';
import InventoryPage from './features/inventory/InventoryPage.tsx';
import NotificationsPage from './features/notifications/NotificationsPage.tsx';
import OrderBoardPage from './features/order-board/OrderBoardPage.tsx';
import PickListPage from './features/pick-list/PickListPage.tsx';
import StaffPage from './features/staff/StaffPage.tsx';
import StaffInvitationPage from './features/staff-invitation/StaffInvitationPage.tsx';
import StoreSettingsPage from './features/store-settings/StoreSettingsPage.tsx';
import VitalsPage from './features/vitals/VitalsPage.tsx';
import { OPS_PATTERNS } from './lib/opsPaths.ts';

// The harness links each page; pick lists are opened from the board.
const routes: HarnessRoute[] = [
  { path: OPS_PATTERNS.board, link: OPS_PATTERNS.board, label: 'Order board', element: <OrderBoardPage /> },
  { path: OPS_PATTERNS.pickList, link: OPS_PATTERNS.board, label: 'Pick list (from the board)', element: <PickListPage /> },
  { path: OPS_PATTERNS.inventory, link: OPS_PATTERNS.inventory, label: 'Inventory', element: <InventoryPage /> },
  { path: OPS_PATTERNS.settings, link: OPS_PATTERNS.settings, label: 'Store settings', element: <StoreSettingsPage /> },
  { path: OPS_PATTERNS.staff, link: OPS_PATTERNS.staff, label: 'Staff', element: <StaffPage /> },
  { path: OPS_PATTERNS.notifications, link: OPS_PATTERNS.notifications, label: 'Notifications', element: <NotificationsPage /> },
  { path: OPS_PATTERNS.vitals, link: OPS_PATTERNS.vitals, label: 'Page speed', element: <VitalsPage /> },
  { path: OPS_PATTERNS.invitation, link: OPS_PATTERNS.invitation, label: 'Invitation', element: <StaffInvitationPage /> },
];

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(<RemoteHarness name="mf-ops" routes={routes} />);
