import { Provider } from 'react-redux';
import { BrowserRouter, Route, Routes } from 'react-router';
import { routePatterns, type AppStore } from '@grocer/shared';
import { RemoteModule } from '../components/RemoteModule.tsx';
import { ContactPage } from '../features/contact/ContactPage.tsx';
import { Layout } from '../features/layout/Layout.tsx';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { FavouritesSync } from '../features/session/FavouritesSync.tsx';
import { ProtectedRoute } from '../features/session/ProtectedRoute.tsx';
import { useSessionWatch } from '../features/session/useSessionWatch.ts';
import { REMOTE_ROUTES } from './routeTable.ts';

function SessionWatch() {
  useSessionWatch();
  return null;
}

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <SessionWatch />
      <FavouritesSync />
      <BrowserRouter>
        <Routes>
          <Route element={<Layout />}>
            {REMOTE_ROUTES.map(({ path, module, access }) => (
              <Route
                key={path}
                path={path}
                element={
                  <ProtectedRoute access={access}>
                    {/* key: a new route gets a new boundary, so one failed page never blanks another. */}
                    <RemoteModule key={path} id={module} />
                  </ProtectedRoute>
                }
              />
            ))}
            <Route path={routePatterns.contact} element={<ContactPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </Provider>
  );
}
