import { createAppConfig } from '@grocer/tools/rspack';

// The exposes map is this remote's public API; its names must match REMOTE_EXPOSES in @grocer/shared.
export default (_env: unknown, argv: { mode?: string }) =>
  createAppConfig(
    {
      root: import.meta.dirname,
      dir: 'mf-cart-checkout',
      title: 'Grocer cart and checkout (stand-alone)',
      exposes: {
      CartPage: './src/features/cart/CartPage.tsx',
      CheckoutPage: './src/features/checkout/CheckoutPage.tsx',
      CartIcon: './src/features/cart-icon/CartIcon.tsx',
      },
    },
    argv,
  );
