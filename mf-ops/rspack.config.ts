import { createRemoteConfigs } from '@grocer/tools/rspack';
import routes from './src/routes.ts';

// The exposes map is this remote's public API: one page per route it declares in src/routes.ts.
export default (_env: unknown, argv: { mode?: string }) =>
  createRemoteConfigs(
    {
      root: import.meta.dirname,
      dir: 'mf-ops',
      title: 'Grocer store operations (stand-alone)',
      exposes: {
        OrderBoardPage: './src/features/order-board/OrderBoardPage.tsx',
        PickListPage: './src/features/pick-list/PickListPage.tsx',
        InventoryPage: './src/features/inventory/InventoryPage.tsx',
        StoreSettingsPage: './src/features/store-settings/StoreSettingsPage.tsx',
        StaffPage: './src/features/staff/StaffPage.tsx',
        NotificationsPage: './src/features/notifications/NotificationsPage.tsx',
        VitalsPage: './src/features/vitals/VitalsPage.tsx',
        StaffAccountPage: './src/features/staff-account/StaffAccountPage.tsx',
        StaffInvitationPage: './src/features/staff-invitation/StaffInvitationPage.tsx',
      },
      routes,
    },
    argv,
  );
