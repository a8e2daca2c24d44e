// The browser's side of a page the server rendered (docs/decisions/013-server-composition.md, point 5).
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { setupListeners } from '@reduxjs/toolkit/query';
import { loadPersistedState, loadRuntimeConfig, makeStore, startPersistence, type RootState } from '@grocer/shared';
import { RemoteModulesContext } from '../components/remoteModules.ts';
import { App } from './App.tsx';
import { readConfigDocument } from './config.ts';
import { replayEarlyClicks } from './earlyClicks.ts';
import { HYDRATED, LEFT_TO_BROWSER, readPageState } from './pageState.ts';
import { loadRemoteModule, routeTableFor, type RemoteModuleExports } from './remotes.ts';
import type { RouteTable } from './routeTable.ts';

/**
 * A page the server rendered (decision 013, point 5): the store starts from the answers it was drawn
 * from, and React hydrates with the state the server had (those answers, no session, no cart), the
 * modules it rendered loaded first, so the first render is the server's and React takes its markup
 * over in one go. Each part then renders again with the shopper's own session and cart, which the
 * store holds from the start. `ids`: the modules the server rendered (pageState.ts).
 */
export async function hydrate(container: HTMLElement, ids: string[]) {
  // The table the server rendered with, else the remotes' own (a page served by an older page server).
  const [, routes] = await Promise.all([
    loadRuntimeConfig(undefined, readConfigDocument),
    (readPageState('routes') as RouteTable | undefined) ?? routeTableFor(window.location.pathname),
  ]);
  const answers = { api: readPageState('api') as RootState['api'] };
  const store = makeStore({ ...answers, ...loadPersistedState(window.localStorage) });
  startPersistence(store, window.localStorage, window);
  setupListeners(store.dispatch);
  const loaded = new Map<string, RemoteModuleExports>();
  // One that fails here renders as any page that failed: its boundary loads it again and shows its fallback.
  await Promise.all(
    ids.map((id) =>
      loadRemoteModule(id).then(
        (module) => void loaded.set(id, module),
        () => undefined,
      ),
    ),
  );
  hydrateRoot(
    container,
    <RemoteModulesContext value={{ loaded: (id) => loaded.get(id), load: loadRemoteModule }}>
      <BrowserRouter>
        <App store={store} routes={routes} serverState={makeStore(answers).getState()} />
      </BrowserRouter>
    </RemoteModulesContext>,
    {
      // An area the server left to the browser is loaded here, as a page always was: nothing to report.
      onRecoverableError: (error) => {
        if ((error as { digest?: unknown }).digest !== LEFT_TO_BROWSER) console.error(error);
      },
    },
  );
  // React listens from here on: a click on the page is the page's (a part it has not hydrated yet is
  // hydrated first, its modules being loaded), and so are those made while its scripts loaded.
  replayEarlyClicks();
  document.documentElement.dataset[HYDRATED] = '';
}
