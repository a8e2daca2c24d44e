// The pages this remote owns (spec §2), read by the shell from routes.json at start: see
// shared/src/contracts/routes.ts. Its build checks each module against rspack.config.ts `exposes`.
import { routePatterns, type RemoteRoutes } from '@grocer/shared/contracts';

const routes: RemoteRoutes = {
  routes: [
    { path: routePatterns.verifyEmail, module: 'VerifyEmailPage', access: 'public' },
    { path: routePatterns.resetPassword, module: 'ResetPasswordPage', access: 'public' },
    // Protected; admins pass where admin access is allowed (spec §2, §6). Staff pass too: the page
    // opens their store-side account (/admin/account) rather than the guard sending them home.
    { path: routePatterns.account, module: 'AccountPage', access: { roles: ['CUSTOMER', 'ADMIN', 'STORE_STAFF'] } },
  ],
};

export default routes;
