// Compile-time half of the shell ↔ mf-ops contract: every page this remote routes to takes no props,
// as the shell renders route modules (RoutePage in @grocer/shared). A page that grew a required prop
// fails this remote's typecheck; the build checks each route's module against `exposes`.
import type { Fits, RoutePage } from '@grocer/shared';
import type InventoryPage from './features/inventory/InventoryPage.tsx';
import type NotificationsPage from './features/notifications/NotificationsPage.tsx';
import type OrderBoardPage from './features/order-board/OrderBoardPage.tsx';
import type PickListPage from './features/pick-list/PickListPage.tsx';
import type StaffPage from './features/staff/StaffPage.tsx';
import type StaffInvitationPage from './features/staff-invitation/StaffInvitationPage.tsx';
import type StoreSettingsPage from './features/store-settings/StoreSettingsPage.tsx';
import type VitalsPage from './features/vitals/VitalsPage.tsx';

export type ExposedModulesContract = [
  Fits<typeof OrderBoardPage, RoutePage>,
  Fits<typeof PickListPage, RoutePage>,
  Fits<typeof InventoryPage, RoutePage>,
  Fits<typeof StoreSettingsPage, RoutePage>,
  Fits<typeof StaffPage, RoutePage>,
  Fits<typeof NotificationsPage, RoutePage>,
  Fits<typeof StaffInvitationPage, RoutePage>,
  Fits<typeof VitalsPage, RoutePage>,
];
