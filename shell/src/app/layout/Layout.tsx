import { Outlet } from 'react-router';
import { VerificationBanner } from '../../features/session/VerificationBanner.tsx';
import { ToastStack } from '../../features/toasts/ToastStack.tsx';
import { AuthModalOnDemand } from './AuthModalOnDemand.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { RouteChange } from './RouteChange.tsx';

const MAIN_ID = 'main-content';

export function Layout() {
  return (
    <div className="layout">
      <a className="skip-link" href={`#${MAIN_ID}`}>
        Skip to content
      </a>
      <Header />
      <VerificationBanner />
      <main id={MAIN_ID} tabIndex={-1} className="site-main">
        <Outlet />
      </main>
      <Footer />
      <ToastStack />
      {/* One auth modal for the page, loaded on the first auth:open-modal event. */}
      <AuthModalOnDemand />
      <RouteChange mainId={MAIN_ID} />
    </div>
  );
}
