// The routes this remote owns (RemoteRoutes in @grocer/shared): the build checks each module against
// `exposes` and serves this as routes.json, from which the shell composes its route table at start.
// Staff and admins only, except the invitation link, which a staff member opens before having a password.
import type { RemoteRoutes, RouteAccess } from '@grocer/shared/contracts';
import { OPS_PATTERNS } from './lib/opsPaths.ts';

const STAFF: RouteAccess = { roles: ['ADMIN', 'STORE_STAFF'] };

const routes: RemoteRoutes = {
  routes: [
    { path: OPS_PATTERNS.board, module: 'OrderBoardPage', access: STAFF },
    { path: OPS_PATTERNS.pickList, module: 'PickListPage', access: STAFF },
    { path: OPS_PATTERNS.inventory, module: 'InventoryPage', access: STAFF },
    { path: OPS_PATTERNS.settings, module: 'StoreSettingsPage', access: STAFF },
    { path: OPS_PATTERNS.staff, module: 'StaffPage', access: { roles: ['ADMIN'] } },
    { path: OPS_PATTERNS.notifications, module: 'NotificationsPage', access: STAFF },
    { path: OPS_PATTERNS.vitals, module: 'VitalsPage', access: { roles: ['ADMIN'] } },
    { path: OPS_PATTERNS.account, module: 'StaffAccountPage', access: STAFF },
    { path: OPS_PATTERNS.invitation, module: 'StaffInvitationPage', access: 'public' },
  ],
};

export default routes;
