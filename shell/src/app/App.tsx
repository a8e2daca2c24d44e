import { lazy, Suspense, useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { Route, Routes } from 'react-router';
import { routePatterns, type AppStore, type RootState } from '@grocer/shared';
import { RemoteUnavailable } from '../components/RemoteBoundary.tsx';
import { RemotePage } from '../components/RemotePage.tsx';
import { Layout } from './layout/Layout.tsx';
import { FavouritesSync } from '../features/session/FavouritesSync.tsx';
import { ProtectedRoute } from '../features/session/ProtectedRoute.tsx';
import { useSessionWatch } from '../features/session/useSessionWatch.ts';
import { loadRouteTable } from './remotes.ts';
import type { RouteTable } from './routeTable.ts';

// Pages few visits open load when opened, so every other page's first load is lighter.
const ContactPage = lazy(() => import('../features/contact/ContactPage.tsx'));
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage.tsx'));
const PAGE_LOADING = <div className="page-loading" aria-busy="true" />;

function SessionWatch() {
  useSessionWatch();
  return null;
}

/**
 * `routes`: the table composed from the remotes' declarations at start (remotes.ts loadRouteTable).
 * Rendered inside the router of its side: the browser's (bootstrap.tsx) or the page server's at the
 * requested URL (server/renderPage.tsx), so both render this same tree. `serverState`: the state a
 * page the server rendered was rendered with (hydrate.tsx).
 */
export function App({ store, routes: initialRoutes, serverState }: { store: AppStore; routes: RouteTable; serverState?: RootState }) {
  const [routes, setRoutes] = useState(initialRoutes);
  // The first page may start before every remote has said which pages it owns: the rest follow.
  useEffect(() => {
    if (initialRoutes.pending.length > 0) void loadRouteTable().then(setRoutes);
  }, [initialRoutes]);
  // A path no remote claims may belong to one whose routes are still on their way (wait), or could
  // not be read: that is the remote's fallback with Retry (which reads them again), not "Page not found".
  const retryRoutes = () => void loadRouteTable(true).then(setRoutes);
  const unclaimed =
    routes.pending.length > 0 ? (
      PAGE_LOADING
    ) : routes.missing.length > 0 ? (
      <RemoteUnavailable onRetry={retryRoutes} />
    ) : (
      <Suspense fallback={PAGE_LOADING}>
        <NotFoundPage />
      </Suspense>
    );
  return (
    // serverState: while React hydrates a page the server rendered, its components read the state the
    // server rendered with; once hydrated, each renders again with the store's (the shopper's own).
    <Provider store={store} serverState={serverState}>
      <SessionWatch />
      <FavouritesSync />
      <Routes>
        <Route element={<Layout />}>
          {routes.routes.map(({ path, id, access }) => (
            <Route
              key={path}
              path={path}
              element={
                <ProtectedRoute access={access}>
                  {/* key: a new route gets a new boundary, so one failed page never blanks another. */}
                  <RemotePage key={path} id={id} />
                </ProtectedRoute>
              }
            />
          ))}
          <Route
            path={routePatterns.contact}
            element={
              <Suspense fallback={PAGE_LOADING}>
                <ContactPage />
              </Suspense>
            }
          />
          <Route path="*" element={unclaimed} />
        </Route>
      </Routes>
    </Provider>
  );
}
