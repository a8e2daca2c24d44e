import { createRemoteConfigs } from '@grocer/tools/rspack';
import routes from './src/routes.ts';

// The exposes map is this remote's public API; its names must match REMOTE_EXPOSES in @grocer/shared.
// `routes` are the pages it owns; the build writes them to routes.json for the shell, with the first
// screen of each page in `firstScreens` (drawn before React loads; shared/src/contracts/firstScreen.ts).
export default (_env: unknown, argv: { mode?: string }) =>
  createRemoteConfigs(
    {
      root: import.meta.dirname,
      dir: 'mf-cart-checkout',
      title: 'Grocer cart and checkout (stand-alone)',
      exposes: {
        CartPage: './src/features/cart/CartPage.tsx',
        CheckoutPage: './src/features/checkout/CheckoutPage.tsx',
        CartIcon: './src/features/cart-icon/CartIcon.tsx',
      },
      routes,
      firstScreens: { CartPage: './src/features/cart/cartFirstScreen.ts' },
    },
    argv,
  );
