// The browser's side of a page the server left to it (a page behind a sign-in, the cart, or any page
// the page server did not render in time): drawn here, from the entry's early reads and paint where
// it made them (firstData.ts). A chunk of its own: a page the server rendered is hydrated (hydrate.tsx).
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { setupListeners } from '@reduxjs/toolkit/query';
import { loadPersistedState, loadRuntimeConfig, makeStore, provideEarlyResponse, startPersistence } from '@grocer/shared';
import { App } from './App.tsx';
import { readConfigDocument } from './config.ts';
import { firstDataStarted } from './firstData.ts';
import { keepFirstPaint } from './firstPaint.ts';
import { routeTableFor } from './remotes.ts';

export async function render(container: HTMLElement) {
  // Both documents are preloaded by index.html; index.ts already started reading them and the remotes'
  // routes (and fetching the first screen's remote modules, and connecting to the API), so this waits
  // for the same reads.
  const [, routes, firstData] = await Promise.all([
    loadRuntimeConfig(undefined, readConfigDocument),
    routeTableFor(window.location.pathname),
    firstDataStarted(),
  ]);
  // The first page's reads that index.ts started: its queries take these answers instead of asking again.
  for (const [url, response] of firstData.responses) provideEarlyResponse(url, response, firstData.authorization);
  const store = makeStore(loadPersistedState(window.localStorage));
  startPersistence(store, window.localStorage, window);
  // RTK Query's refetchOnFocus / refetchOnReconnect (e.g. an open order's status) need the window listeners.
  setupListeners(store.dispatch);
  // The entry may be painting the page's top from those answers: React starts from that paint, and
  // the page renders once its module's `loadPageData` has the same answers in the store (RemotePage).
  await firstData.painted;
  keepFirstPaint(container);
  // As a transition, React renders the whole app in slices of a few milliseconds and lets the
  // browser handle input between them, instead of one long task; index.html's layout shows meanwhile.
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <BrowserRouter>
        <App store={store} routes={routes} />
      </BrowserRouter>,
    ),
  );
}
