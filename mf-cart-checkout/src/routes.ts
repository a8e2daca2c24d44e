// The pages this remote owns (spec §2), read by the shell from routes.json at start: see
// shared/src/contracts/routes.ts. Its build checks each module against rspack.config.ts `exposes`.
import { routePatterns, type RemoteRoutes } from '@grocer/shared/contracts';

const routes: RemoteRoutes = {
  routes: [
    // Drawn from the browser's storage: the page server would only have an empty cart to draw.
    { path: routePatterns.cart, module: 'CartPage', access: 'public', render: 'browser' },
    // Protected, and the one page where admin access is not allowed: placing an order (spec §2, §6).
    { path: routePatterns.checkout, module: 'CheckoutPage', access: { roles: ['CUSTOMER'] } },
  ],
};

export default routes;
