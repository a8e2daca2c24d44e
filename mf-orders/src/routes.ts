// The pages this remote owns (spec §2), read by the shell from routes.json at start: see
// shared/src/contracts/routes.ts. Its build checks each module against rspack.config.ts `exposes`.
import { routePatterns, type RemoteRoutes } from '@grocer/shared/contracts';

// Protected; admins pass where admin access is allowed (spec §2, §6).
const CUSTOMER_OR_ADMIN = { roles: ['CUSTOMER', 'ADMIN'] } as const;

const routes: RemoteRoutes = {
  routes: [
    { path: routePatterns.orderConfirmation, module: 'OrderConfirmationPage', access: CUSTOMER_OR_ADMIN },
    { path: routePatterns.orderDetails, module: 'OrderDetailsPage', access: CUSTOMER_OR_ADMIN },
    { path: routePatterns.orderHistory, module: 'OrderHistoryPage', access: CUSTOMER_OR_ADMIN },
  ],
};

export default routes;
