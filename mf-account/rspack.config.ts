import { createRemoteConfigs } from '@grocer/tools/rspack';
import routes from './src/routes.ts';

// The exposes map is this remote's public API; its names must match REMOTE_EXPOSES in @grocer/shared.
// `routes` are the pages it owns; the build writes them to routes.json for the shell.
export default (_env: unknown, argv: { mode?: string }) =>
  createRemoteConfigs(
    {
      root: import.meta.dirname,
      dir: 'mf-account',
      title: 'Grocer account (stand-alone)',
      exposes: {
        AccountPage: './src/features/account/AccountPage.tsx',
        VerifyEmailPage: './src/features/verify-email/VerifyEmailPage.tsx',
        ResetPasswordPage: './src/features/reset-password/ResetPasswordPage.tsx',
        UserMenu: './src/features/user-menu/UserMenu.tsx',
        AuthModal: './src/features/auth-modal/AuthModal.tsx',
      },
      routes,
    },
    argv,
  );
