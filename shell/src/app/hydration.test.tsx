// The same tree on both sides (decision 013, steps 4 and 5): what the page server renders with the
// shell's App (server/renderPage.tsx, assembled by server/pages.ts) is hydrated by the browser's
// hydrate() from the page's own state blocks, with the modules the server rendered loaded first:
// no mismatch, no error, one render of the page, and the shopper's stored session and cart after it.
import { setImmediate as nodeSetImmediate } from 'node:timers';
import { act } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { api, selectCartCount, useAppSelector, type PageDataLoader } from '@grocer/shared';
import { jwtValidFor } from '@grocer/shared/testing';
import { composeRoutes } from './routeTable.ts';
import type { RemoteModuleExports } from './remotes.ts';
import type { RemoteBuild, RemoteRegistry } from '../server/remoteRegistry.ts';

const shelf = api.injectEndpoints({
  endpoints: (build) => ({
    shelf: build.query<string[], string>({ queryFn: (q) => ({ data: [`${q} 1 L`, `${q} 2 L`] }) }),
  }),
});

/** How many times the page rendered, whether its effects ran (they run only in the browser), and its button's clicks. */
const seen = { renders: 0, effects: 0, added: 0 };
const rendered = () => void (seen.renders += 1);

function ShelfPage() {
  rendered();
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
      <span ref={() => void (seen.effects += 1)}>shelf</span>
      <button type="button" onClick={() => void (seen.added += 1)}>
        Add to Cart
      </button>
    </div>
  );
}
const loadPageData: PageDataLoader = async (_location, dispatch) => {
  await dispatch(shelf.endpoints.shelf.initiate('Milk'));
};
function CartIcon() {
  const count = useAppSelector(selectCartCount);
  return <a href="/cart">Cart ({count})</a>;
}
/** Fails on the server only: the browser then renders its slot, as it renders any widget. */
let userMenuLoads = 0;

const MODULES: Record<string, RemoteModuleExports> = {
  'catalog/SearchPage': { default: ShelfPage, loadPageData },
  'catalog/StoresMenu': { default: () => <button type="button">Stores</button> },
  'catalog/SearchBox': { default: () => <input aria-label="Search products" defaultValue="" /> },
  'cartCheckout/CartIcon': { default: CartIcon },
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
  load: async <T,>(id: string) => {
    if (id === 'account/UserMenu') throw new Error('the account remote is down');
    return { module: MODULES[id] as T, build };
  },
  routes: async () => table,
};

jest.mock('./remotes.ts', () => ({
  loadRemoteModule: jest.fn(async (id: string) => {
    if (id === 'account/UserMenu') userMenuLoads += 1;
    return MODULES[id];
  }),
  routeTableFor: jest.fn(async () => table),
}));
jest.mock('./config.ts', () => ({
  ...jest.requireActual<object>('./config.ts'),
  readConfigDocument: async () => ({ ok: true, json: async () => ({ apiBaseUrl: 'https://api.example' }) }),
}));

// The page server's renderer runs here beside jsdom's window; it needs what Node has and jsdom leaves out.
globalThis.setImmediate ??= nodeSetImmediate;

import { createPageServer } from '../server/pages.ts';
import { keepEarlyClicks } from './earlyClicks.ts';
import { hydrate } from './hydrate.tsx';
import { routeTableFor } from './remotes.ts';

describe('a page the server rendered, hydrated in the browser', () => {
  it('is taken over by the same tree without a mismatch, an error, or a second render, then gets the stored session and cart', async () => {
    const milk = { uuid: 'p1', name: 'Milk', price_cents: 349, stockStatus: 'IN_STOCK', quantity: 2 };
    window.localStorage.setItem('user-cart', JSON.stringify([milk]));
    window.localStorage.setItem('user', JSON.stringify({ uuid: 'u1', email: 'shopper@example.com', token: jwtValidFor(3600) }));
    window.history.pushState(null, '', '/search?q=milk');
    const serverErrors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const html = await createPageServer({
      indexHtml: () => '<!doctype html><html><head><title>Grocer</title></head><body><div id="root"></div></body></html>',
      documents: () => ({ apiBaseUrl: 'https://api.example', remotes: {} }),
      registry,
    }).render(new URL('https://shop.example/search?q=milk'));
    serverErrors.mockRestore();
    if (!html) throw new Error('the page was not rendered');
    expect(seen).toEqual({ renders: 1, effects: 0, added: 0 });
    // The server drew what it could know: no cart, no session; the user menu's slot is the browser's.
    expect(html).toContain('Cart (<!-- -->0<!-- -->)');
    expect(html).toContain('<li>Milk 1 L</li>');
    expect(html).not.toContain('Sign In');
    // Server and browser share this realm here: the server renderer leaves its last task's context
    // values set until it renders again, and the browser's Router would see the server's as its parent.
    await new Promise((resolve) => renderToPipeableStream(<></>, { onAllReady: () => resolve(null) }));

    document.documentElement.innerHTML = html.replace(/^<!doctype html>/i, '');
    const container = document.getElementById('root')!;
    const heading = container.querySelector('h1');
    const item = container.querySelector('main li');
    // jsdom has no scrolling (the layout scrolls to the top on each page).
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const errors = jest.spyOn(console, 'error');
    seen.renders = 0;
    // The shopper taps the page's button twice while its scripts load (the entry keeps those clicks).
    keepEarlyClicks();
    const add = container.querySelector<HTMLButtonElement>('main button')!;
    add.click();
    add.click();
    await act(() => hydrate(container, ['catalog/SearchPage', 'catalog/StoresMenu', 'catalog/SearchBox', 'cartCheckout/CartIcon']));

    // React's development builds mark each context with the renderer that last provided it; the server's
    // marks stay, so the browser's renderer warns once per context. Two realms in production: not a finding.
    const sharedRealm = /^Detected multiple renderers concurrently rendering the same context provider/;
    expect(errors.mock.calls.filter(([message]) => !sharedRealm.test(String(message)))).toEqual([]);
    errors.mockRestore();
    // The page rendered once, by the hydration, on the server's nodes, and its effects ran: it is live.
    expect(seen).toMatchObject({ renders: 1, effects: 1 });
    // Both early clicks reached the page once React listened, and a click now is answered at once.
    expect(seen.added).toBe(2);
    await act(() => add.click());
    expect(seen.added).toBe(3);
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.querySelector('main li')).toBe(item);
    expect(container.querySelectorAll('main li')).toHaveLength(2);
    // The slot the server left is the browser's: loaded and rendered here, with no error reported.
    expect(userMenuLoads).toBe(1);
    expect(container.querySelector('.slot-user')?.textContent).toBe('Sign In');
    // With the server's route table (the remotes' routes.json were not asked for), and live.
    expect(routeTableFor).not.toHaveBeenCalled();
    expect(document.documentElement.dataset.hydrated).toBe('');
    // Then the shopper's own state: the stored cart in the header, and still in storage.
    expect(container.querySelector('.slot-cart')?.textContent).toBe('Cart (2)');
    expect(JSON.parse(window.localStorage.getItem('user-cart')!)).toEqual([milk]);
  });
});
