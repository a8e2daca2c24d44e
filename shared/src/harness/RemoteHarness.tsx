// A remote team's stand-alone page (`npm run dev -w mf-<name>`): the same store, router and runtime
// config the shell provides, a stub header linking the remote's own routes, and nothing else.
import { StrictMode, useEffect, useMemo, useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { loadRuntimeConfig } from '../config/runtimeConfig.ts';
import { startPersistence, loadPersistedState } from '../store/persistence.ts';
import { makeStore } from '../store/store.ts';
import { events } from '../events/bus.ts';

export interface HarnessRoute {
  path: string;
  /** Link target for the stub header (a concrete URL for parameterised routes). */
  link: string;
  label: string;
  element: React.ReactNode;
}

export function RemoteHarness({ name, routes }: { name: string; routes: HarnessRoute[] }) {
  const store = useMemo(() => makeStore(loadPersistedState(window.localStorage)), []);
  const [ready, setReady] = useState(false);
  const [lastEvent, setLastEvent] = useState<string>('');

  useEffect(() => startPersistence(store, window.localStorage, window), [store]);
  useEffect(() => {
    void loadRuntimeConfig().then(() => setReady(true));
  }, []);
  useEffect(() => {
    // The harness has no shell: show what the remote would have told it.
    const offs = [
      events.on('toast:show', ({ message }) => setLastEvent(`toast: ${message}`)),
      events.on('auth:open-modal', ({ mode }) => setLastEvent(`auth:open-modal ${mode}`)),
    ];
    return () => offs.forEach((off) => off());
  }, []);

  if (!ready) return null;
  return (
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <header style={{ padding: 8, borderBottom: '1px solid #ccc', display: 'flex', gap: 12 }}>
            <strong>{name} (stand-alone)</strong>
            {routes.map((route) => (
              <Link key={route.path} to={route.link}>
                {route.label}
              </Link>
            ))}
            <span aria-live="polite">{lastEvent}</span>
          </header>
          <main>
            <Routes>
              {routes.map((route) => (
                <Route key={route.path} path={route.path} element={route.element} />
              ))}
            </Routes>
          </main>
        </BrowserRouter>
      </Provider>
    </StrictMode>
  );
}
