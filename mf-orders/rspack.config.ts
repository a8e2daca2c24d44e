import { createAppConfig } from '@grocer/tools/rspack';

// The exposes map is this remote's public API; its names must match REMOTE_EXPOSES in @grocer/shared.
export default (_env: unknown, argv: { mode?: string }) =>
  createAppConfig(
    {
      root: import.meta.dirname,
      dir: 'mf-orders',
      title: 'Grocer orders (stand-alone)',
      exposes: {
      OrderConfirmationPage: './src/features/order-confirmation/OrderConfirmationPage.tsx',
      OrderDetailsPage: './src/features/order-details/OrderDetailsPage.tsx',
      OrderHistoryPage: './src/features/order-history/OrderHistoryPage.tsx',
      },
    },
    argv,
  );
