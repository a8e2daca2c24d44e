// The pages this remote owns (spec §2), read by the shell from routes.json at start: see
// shared/src/contracts/routes.ts. Its build checks each module against rspack.config.ts `exposes`.
import { routePatterns, type RemoteRoutes } from '@grocer/shared/contracts';

const routes: RemoteRoutes = {
  routes: [
    { path: routePatterns.home, module: 'HomePage', access: 'public' },
    { path: routePatterns.store, module: 'StorePage', access: 'public' },
    { path: routePatterns.storeCategory, module: 'StorePage', access: 'public' },
    { path: routePatterns.search, module: 'SearchPage', access: 'public' },
    { path: routePatterns.product, module: 'ProductPage', access: 'public' },
  ],
};

export default routes;
