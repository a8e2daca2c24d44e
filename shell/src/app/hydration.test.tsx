// The same tree on both sides (decision 013, step 4): what the page server renders with the shell's
// App (server/renderPage.tsx) is hydrated in the browser by the same App, given the same state and the
// same modules already loaded, without a mismatch, an error or a second render of the page.
import { setImmediate as nodeSetImmediate } from 'node:timers';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToPipeableStream } from 'react-dom/server';
import { BrowserRouter } from 'react-router';
import { api, makeStore, type PageDataLoader, type RootState } from '@grocer/shared';
import { App } from './App.tsx';
import { composeRoutes } from './routeTable.ts';
import type { RemoteModuleExports } from './remotes.ts';
import { RemoteModulesContext, type RemoteModules } from '../components/remoteModules.ts';
import { renderPage } from '../server/renderPage.tsx';
import type { RemoteBuild, RemoteRegistry } from '../server/remoteRegistry.ts';

const shelf = api.injectEndpoints({
  endpoints: (build) => ({
    shelf: build.query<string[], string>({ queryFn: (q) => ({ data: [`${q} 1 L`, `${q} 2 L`] }) }),
  }),
});

/** How many times the page rendered, and whether its effects ran (they run only in the browser). */
const seen = { renders: 0, effects: 0 };

function ShelfPage() {
  seen.renders += 1;
  const { data } = shelf.useShelfQuery('Milk');
  return (
    <div className="page">
      <title>Milk | Grocer</title>
      <h1>Milk</h1>
      <ul>
        {data?.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
      <Effect />
    </div>
  );
}
function Effect() {
  return <span ref={() => void (seen.effects += 1)}>shelf</span>;
}
const loadPageData: PageDataLoader = async (_location, dispatch) => {
  await dispatch(shelf.endpoints.shelf.initiate('Milk'));
};

const MODULES: Record<string, RemoteModuleExports> = {
  'catalog/SearchPage': { default: ShelfPage, loadPageData },
  'catalog/StoresMenu': { default: () => <button type="button">Stores</button> },
  'catalog/SearchBox': { default: () => <input aria-label="Search products" defaultValue="" /> },
  'cartCheckout/CartIcon': { default: () => <a href="/cart">Cart</a> },
  'account/UserMenu': { default: () => <button type="button">Sign In</button> },
};
const build: RemoteBuild = {
  name: 'catalog',
  key: 'k1',
  browserManifestUrl: 'https://catalog.example/mf-manifest.json',
  browserManifest: '{}',
};
const table = composeRoutes([['catalog', { routes: [{ path: '/search', module: 'SearchPage', access: 'public' }] }]]);
const registry: RemoteRegistry = {
  current: async () => build,
  load: async <T,>(id: string) => ({ module: MODULES[id] as T, build }),
  routes: async () => table,
};

// The page server's renderer runs here beside jsdom's window; it needs what Node has and jsdom leaves out.
globalThis.setImmediate ??= nodeSetImmediate;

describe('a page the server rendered, hydrated in the browser', () => {
  let root: Root | undefined;
  afterEach(() => act(() => root?.unmount()));

  it('is taken over by the same tree without a mismatch, an error, or a second render of the page', async () => {
    window.history.pushState(null, '', '/search?q=milk');
    const page = await renderPage(registry, new URL('https://shop.example/search?q=milk'));
    expect(page.leftToBrowser).toBeNull();
    expect(page.html).toContain('<li>Milk 1 L</li>');
    expect(seen).toEqual({ renders: 1, effects: 0 });
    // Server and browser share this realm here: the server renderer leaves its last task's context
    // values set until it renders again, and the browser's Router would see the server's as its parent.
    await new Promise((resolve) => renderToPipeableStream(<></>, { onAllReady: () => resolve(null) }));

    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = page.html;
    document.body.append(container);
    const heading = container.querySelector('h1');
    const item = container.querySelector('li');

    // The browser's side: its store from the page's state, the modules loaded before it hydrates.
    const store = makeStore({ api: JSON.parse(JSON.stringify(page.apiState)) as RootState['api'] });
    const loaded: RemoteModules = { loaded: (id) => MODULES[id], load: async (id) => MODULES[id]! };
    // jsdom has no scrolling (the layout scrolls to the top on each page).
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const errors = jest.spyOn(console, 'error');
    const recoverable = jest.fn();
    seen.renders = 0;
    // Hydrated in one go, with no module or data to wait for: a boundary that had to load its module
    // first would leave the server's markup dead until then.
    act(() => {
      root = hydrateRoot(
        container,
        <RemoteModulesContext value={loaded}>
          <BrowserRouter>
            <App store={store} routes={table} />
          </BrowserRouter>
        </RemoteModulesContext>,
        { onRecoverableError: recoverable },
      );
    });
    // React's development builds mark each context with the renderer that last provided it; the server's
    // marks stay, so the browser's renderer warns once per context. Two realms in production: not a finding.
    const sharedRealm = /^Detected multiple renderers concurrently rendering the same context provider/;
    expect(errors.mock.calls.filter(([message]) => !sharedRealm.test(String(message)))).toEqual([]);
    errors.mockRestore();
    expect(recoverable).not.toHaveBeenCalled();
    // Once, by the hydration, and its effects ran: the page is live, on the server's nodes.
    expect(seen).toEqual({ renders: 1, effects: 1 });
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector('li')).toBe(item);
    expect(container.querySelectorAll('main li')).toHaveLength(2);
  });
});
