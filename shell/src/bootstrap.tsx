import { createRoot } from 'react-dom/client';
import { matchPath } from 'react-router';
import { setupListeners } from '@reduxjs/toolkit/query';
import { loadPersistedState, loadRuntimeConfig, makeStore, startPersistence } from '@grocer/shared';
import { App } from './app/App.tsx';
import { keepFirstPaint } from './app/firstPaint.ts';
import { initRemotes, preloadRemoteModules } from './app/remotes.ts';
import { LAYOUT_MODULES, REMOTE_ROUTES } from './app/routeTable.ts';

async function start() {
  // Both documents are preloaded by index.html; neither blocks the other.
  await Promise.all([loadRuntimeConfig(), initRemotes()]);
  // The first screen's remote modules load in parallel with React's first render. Protected pages
  // are left out: a visitor may be sent elsewhere.
  const route = REMOTE_ROUTES.find((r) => r.access === 'open' && matchPath(r.path, window.location.pathname));
  preloadRemoteModules(route ? [...LAYOUT_MODULES, route.module] : LAYOUT_MODULES);
  const store = makeStore(loadPersistedState(window.localStorage));
  startPersistence(store, window.localStorage, window);
  // RTK Query's refetchOnFocus / refetchOnReconnect (e.g. an open order's status) need the window listeners.
  setupListeners(store.dispatch);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  keepFirstPaint(container);
  createRoot(container).render(<App store={store} />);
}

void start();
