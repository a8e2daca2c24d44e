// Compile-time half of the shell ↔ mf-account contract: each exposed module's default export must fit what the
// shell expects of it (RemoteModules in @grocer/shared). A prop or export change that would break the
// composed page fails this remote's typecheck; tools/src/remoteContract.test.ts checks the built manifest.
import type { Fits, RemoteModules } from '@grocer/shared';
import type AccountPage from './features/account/AccountPage.tsx';
import type VerifyEmailPage from './features/verify-email/VerifyEmailPage.tsx';
import type ResetPasswordPage from './features/reset-password/ResetPasswordPage.tsx';
import type UserMenu from './features/user-menu/UserMenu.tsx';
import type AuthModal from './features/auth-modal/AuthModal.tsx';

export type ExposedModulesContract = [
  Fits<typeof AccountPage, RemoteModules['account/AccountPage']>,
  Fits<typeof VerifyEmailPage, RemoteModules['account/VerifyEmailPage']>,
  Fits<typeof ResetPasswordPage, RemoteModules['account/ResetPasswordPage']>,
  Fits<typeof UserMenu, RemoteModules['account/UserMenu']>,
  Fits<typeof AuthModal, RemoteModules['account/AuthModal']>,
];
