// The stand-alone harness (`npm run dev -w mf-account`): this remote's pages plus its header widget
// and modal, as the shell would mount them, and a page of buttons that open the modal.
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { events } from '@grocer/shared';
import { RemoteHarness, type HarnessRoute } from '@grocer/shared/harness';
import AccountPage from './features/account/AccountPage.tsx';
import AuthModal from './features/auth-modal/AuthModal.tsx';
import ResetPasswordPage from './features/reset-password/ResetPasswordPage.tsx';
import UserMenu from './features/user-menu/UserMenu.tsx';
import VerifyEmailPage from './features/verify-email/VerifyEmailPage.tsx';

/** The shell mounts UserMenu in its header and AuthModal once per page; the harness does the same on every route. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 8 }}>
        <UserMenu />
      </div>
      {children}
      <AuthModal />
    </>
  );
}

function HarnessHome() {
  return (
    <section className="page">
      <h1>mf-account harness</h1>
      <p>Open the auth modal in each mode:</p>
      <div style={{ display: 'flex', gap: 8 }}>
        {(['signin', 'signup', 'reset'] as const).map((mode) => (
          <button key={mode} type="button" className="btn btn-outline" onClick={() => events.emit('auth:open-modal', { mode })}>
            Open {mode}
          </button>
        ))}
      </div>
    </section>
  );
}

const routes: HarnessRoute[] = [
  {
    path: '/',
    link: '/',
    label: 'Auth modal',
    element: (
      <Frame>
        <HarnessHome />
      </Frame>
    ),
  },
  {
    path: '/account',
    link: '/account',
    label: 'Account',
    element: (
      <Frame>
        <AccountPage />
      </Frame>
    ),
  },
  {
    path: '/verify-email',
    link: '/verify-email',
    label: 'Verify email',
    element: (
      <Frame>
        <VerifyEmailPage />
      </Frame>
    ),
  },
  {
    path: '/reset-password',
    link: '/reset-password?token=harness-token',
    label: 'Reset password',
    element: (
      <Frame>
        <ResetPasswordPage />
      </Frame>
    ),
  },
];

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(<RemoteHarness name="mf-account" routes={routes} />);
