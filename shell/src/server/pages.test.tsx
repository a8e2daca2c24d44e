/** @jest-environment node */
// The page server's assembly of a page (pages.ts): index.html with its #root rendered by the shell's
// App (renderPage.tsx, run for real here, on the shell's real index.html) with the page and the
// layout's widgets from their remotes, the store's answers as a data block and the remotes'
// stylesheets from their browser manifests. The remotes are a stand-in registry whose page reads
// through the shared api; serverRemotes.test.tsx serves a real build of mf-catalog.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { api, getRuntimeConfig, setRuntimeConfig, type PageDataLoader } from '@grocer/shared';
import { composeRoutes } from '../app/routeTable.ts';
import { createPageServer } from './pages.ts';
import type { RemoteBuild, RemoteRegistry } from './remoteRegistry.ts';

const INDEX_HTML = readFileSync(path.join(__dirname, '../index.html'), 'utf8');
/** Text a page may show that must neither close the state's <script> nor act as a replacement pattern. */
const AWKWARD = 'Milk </script><script>alert(1)</script> <!-- $& $1';

const notes = api.injectEndpoints({
  endpoints: (build) => ({
    pageNote: build.query<string, string>({ queryFn: (name) => ({ data: `${name}: ${AWKWARD}` }) }),
  }),
});

function NotePage() {
  const { data } = notes.usePageNoteQuery('search');
  return (
    <>
      <title>Search | Grocer</title>
      <meta name="description" content="What the search found" />
      <p className="note">{data}</p>
    </>
  );
}
const loadPageData: PageDataLoader = async (_location, dispatch) => {
  await dispatch(notes.endpoints.pageNote.initiate('search'));
};

const MANIFEST_URL = 'https://catalog.example/v1/mf-manifest.json';
const manifest = {
  metaData: { publicPath: 'auto' },
  exposes: [
    { name: 'SearchPage', assets: { css: { sync: ['__federation_expose_SearchPage.0123456789.css'], async: [] } } },
    { name: 'StoresMenu', assets: { css: { sync: ['__federation_expose_StoresMenu.0123456789.css'], async: [] } } },
    { name: 'HomePage', assets: { css: { sync: ['__federation_expose_HomePage.0123456789.css'], async: [] } } },
    { name: 'FavoritesPage', assets: { css: { sync: ['__federation_expose_FavoritesPage.0123456789.css'], async: [] } } },
  ],
};
/** The layout's widgets this stand-in has: the search box is missing, so its slot is left to the browser. */
const WIDGETS: Record<string, () => React.JSX.Element> = {
  'catalog/StoresMenu': () => <button type="button">Stores</button>,
  'cartCheckout/CartIcon': () => <a href="/cart">Cart (0)</a>,
  'account/UserMenu': () => <button type="button">Sign In</button>,
};

/** The catalogue as the registry gives it: /search is its public page, /favorites one behind a sign-in. */
function registry(page: { default: unknown; loadPageData?: PageDataLoader }): RemoteRegistry {
  const build: RemoteBuild = { name: 'catalog', key: 'k1', browserManifestUrl: MANIFEST_URL, browserManifest: JSON.stringify(manifest) };
  return {
    current: async () => build,
    load: async <T,>(id: string) => {
      if (id === 'catalog/SearchPage') return { module: page as T, build };
      const widget = WIDGETS[id];
      if (!widget) throw new Error(`${id} is not a module of this stand-in`);
      return { module: { default: widget } as T, build };
    },
    routes: async () =>
      composeRoutes([
        [
          'catalog',
          {
            routes: [
              { path: '/search', module: 'SearchPage', access: 'public' },
              { path: '/favorites', module: 'FavoritesPage', access: 'signed-in', firstScreen: 'first-screen/FavoritesPage.0a1b.js' },
            ],
          },
          'https://catalog.example/v1/routes.json',
        ],
      ]),
  };
}

const documents = { apiBaseUrl: 'https://api.example/v1', remotes: { catalog: MANIFEST_URL } };
const serverOf = (page: Parameters<typeof registry>[0]) =>
  createPageServer({
    indexHtml: () => INDEX_HTML,
    documents: async () => documents,
    reach: (url) => url.replace('https://api.example', 'http://api:4000'),
    registry: registry(page),
  });
const at = (pathAndQuery: string) => new URL(pathAndQuery, 'https://shop.example');

/** The text of the page's `data-page-state` block, as the browser's JSON.parse reads it. */
const stateIn = (html: string) =>
  JSON.parse(/<script type="application\/json" data-page-state="api">(.*?)<\/script>/s.exec(html)![1]!) as unknown;

afterAll(() => setRuntimeConfig({ apiBaseUrl: 'http://localhost:4000' }));

describe('the page server’s page', () => {
  it('is index.html with the layout and the remote’s page in #root, its answers as data and the stylesheets linked', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let html: string | null;
    let errors: unknown[][];
    try {
      html = await serverOf({ default: NotePage, loadPageData }).render(at('/search?q=milk'));
      errors = logged.mock.calls.slice();
    } finally {
      logged.mockRestore();
    }
    if (!html) throw new Error('the page was not rendered');
    // The shell's layout as App renders it; index.html's static copy and its placeholder (the home page's banner) are gone.
    expect(html.match(/<header class="site-header">/g)).toHaveLength(1);
    expect(html).not.toContain('page-loading');
    expect(html).not.toContain('home-banner');
    expect(html).toMatch(/<div id="root"><div class="layout">.*<\/div><\/div>\s*<script type="application\/json" data-page-state="api">/s);
    // The page in <main>, in its boundary.
    expect(html).toMatch(
      /<main id="main-content"[^>]*class="site-main"><!--\$--><p class="note">search: Milk &lt;\/script&gt;.*?<\/p><!--\/\$--><\/main>/s,
    );
    // The widgets each in their slot, in their own boundaries; the one that failed is left to the browser, alone.
    expect(html).toMatch(/<div class="slot slot-stores"><!--\$--><button type="button">Stores<\/button><!--\/\$--><\/div>/);
    expect(html).toMatch(
      /<div class="slot slot-search"><!--\$!--><template data-dgst="grocer-left-to-browser"[^>]*><\/template><!--\/\$--><\/div>/,
    );
    expect(errors).toEqual([
      ['[pages] /search: left to the browser', expect.objectContaining({ message: expect.stringContaining('catalog/SearchBox') })],
    ]);
    // What the page hoists goes into <head>, its title in place of the shell's; then the stylesheets of
    // the modules it used (the page's first), from their remote's origin, beside the manifest; not the others'.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<title>.*?<\/title>/g)).toEqual(['<title>Search | Grocer</title>']);
    expect(head).toMatch(
      /<meta name="description" content="What the search found"\/><link rel="stylesheet" href="https:\/\/catalog\.example\/v1\/__federation_expose_SearchPage\.0123456789\.css"><link rel="stylesheet" href="https:\/\/catalog\.example\/v1\/__federation_expose_StoresMenu\.0123456789\.css">$/,
    );
    expect(html).not.toContain('HomePage');
    // The store's api state, read back whole; no text in it closes its element.
    const state = stateIn(html) as { queries: Record<string, { status: string; data: string }> };
    expect(state.queries['pageNote("search")']).toMatchObject({ status: 'fulfilled', data: `search: ${AWKWARD}` });
    expect(html.match(/<\/script/g)).toHaveLength((INDEX_HTML.match(/<\/script/g) ?? []).length + 3);
    // The modules it rendered, which the browser loads before it hydrates: not the one left to it.
    expect(html).toContain(
      '<script type="application/json" data-page-state="modules">["catalog/SearchPage","catalog/StoresMenu","cartCheckout/CartIcon","account/UserMenu"]</script>',
    );
    expect(html).not.toContain('<script>alert(1)');
    // And the route table it rendered with, which the browser hydrates with.
    const routes = JSON.parse(/<script type="application\/json" data-page-state="routes">(.*?)<\/script><\/body>/s.exec(html)![1]!) as {
      routes: { path: string; id: string }[];
    };
    expect(routes.routes.map(({ path, id }) => `${path} ${id}`)).toEqual([
      '/search catalog/SearchPage',
      '/favorites catalog/FavoritesPage',
    ]);
    // The page is drawn with the API's public address (its pictures are the browser's to fetch).
    expect(getRuntimeConfig().apiBaseUrl).toBe('https://api.example/v1');
  });

  it('asks the API where this process reaches it, and draws with its public address', async () => {
    const asked: string[] = [];
    const reachedApi = http.createServer((request, response) => {
      asked.push(request.url ?? '');
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ note: 'from the API' }));
    });
    await new Promise<void>((resolve) => reachedApi.listen(0, '127.0.0.1', resolve));
    const reached = `http://127.0.0.1:${(reachedApi.address() as AddressInfo).port}`;
    const fromApi = api.injectEndpoints({
      endpoints: (build) => ({ apiNote: build.query<{ note: string }, void>({ query: () => '/open/note' }) }),
    });
    function ApiNotePage() {
      const { data } = fromApi.useApiNoteQuery();
      return <p className="note">{`${data?.note ?? ''} at ${getRuntimeConfig().apiBaseUrl}`}</p>;
    }
    try {
      const html = await createPageServer({
        indexHtml: () => INDEX_HTML,
        documents: async () => documents,
        reach: (url) => url.replace('https://api.example', reached),
        // Not what is tested here, and a busy host may take more than the page's 250 ms.
        budgetMs: 5_000,
        registry: registry({
          default: ApiNotePage,
          loadPageData: async (_location, dispatch) => void (await dispatch(fromApi.endpoints.apiNote.initiate())),
        }),
      }).render(at('/search?q=milk'));
      expect(asked).toEqual(['/v1/open/note']);
      expect(html).toContain('<p class="note">from the API at https://api.example/v1</p>');
    } finally {
      reachedApi.close();
    }
  });

  it('is index.html with the page’s own stylesheets written in for a page the browser draws (behind a sign-in, or from its storage)', async () => {
    const remote = http.createServer((request, response) => {
      if (request.url === '/v1/__federation_expose_FavoritesPage.0123456789.css') response.end('.favorites{color:green}');
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    const reached = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
    try {
      const html = await createPageServer({
        indexHtml: () => INDEX_HTML,
        documents: async () => documents,
        reach: (url) => url.replace('https://catalog.example', reached),
        registry: registry({ default: NotePage, loadPageData }),
      }).render(at('/favorites'));
      expect(html).toContain(
        '<style data-page-stylesheet="https://catalog.example/v1/__federation_expose_FavoritesPage.0123456789.css">.favorites{color:green}</style></head>',
      );
      // The page itself is the browser's: index.html's placeholder, no state to hydrate with...
      expect(html).toContain('<div class="page-loading" aria-busy="true">');
      expect(html).not.toMatch(/data-page-state="(api|modules)"/);
      // ...but the route table it was matched with is there, naming its remote's first screen.
      const routes = JSON.parse(/<script type="application\/json" data-page-state="routes">(.*?)<\/script>/s.exec(html!)![1]!) as {
        routes: Array<{ id: string; firstScreen?: string }>;
      };
      expect(routes.routes.find((route) => route.id === 'catalog/FavoritesPage')?.firstScreen).toBe(
        'https://catalog.example/v1/first-screen/FavoritesPage.0a1b.js',
      );
    } finally {
      remote.close();
    }
  });

  it('reads index.html and the documents for every page, or once per documentsTtlMs when told to keep them', async () => {
    for (const [documentsTtlMs, expected] of [
      [undefined, 2],
      [60_000, 1],
    ] as const) {
      const reads = { index: 0, documents: 0 };
      const server = createPageServer({
        indexHtml: () => (reads.index++, INDEX_HTML),
        documents: async () => (reads.documents++, documents),
        registry: registry({ default: NotePage, loadPageData }),
        budgetMs: 5_000,
        renderedTtlMs: 0,
        documentsTtlMs,
      });
      await server.render(at('/search?q=milk'));
      await server.render(at('/search?q=bread'));
      expect(reads).toEqual({ index: expected, documents: expected });
    }
  });

  it('writes the shell’s own stylesheets in where it can read them, and links the rest', async () => {
    const built = INDEX_HTML.replace(
      '</head>',
      '<link href="/main.0123456789.css" rel="stylesheet"><link href="/gone.0123456789.css" rel="stylesheet"></head>',
    );
    const html = await createPageServer({
      indexHtml: () => built,
      documents: async () => documents,
      registry: registry({ default: NotePage, loadPageData }),
      budgetMs: 5_000,
      shellFile: async (file) => {
        if (file === '/main.0123456789.css') return '.layout{display:flex}';
        throw new Error(`${file}: not in the build`);
      },
    }).render(at('/search?q=milk'));
    expect(html).toContain('<style>.layout{display:flex}</style><link href="/gone.0123456789.css" rel="stylesheet">');
    expect(html).not.toContain('/main.0123456789.css');
  });

  it('renders a URL once for the requests that ask for it within the TTL, waiting ones included; not a page left to the browser', async () => {
    let reads = 0;
    const counted: PageDataLoader = async (location, dispatch) => {
      reads += 1;
      await loadPageData(location, dispatch);
    };
    const server = createPageServer({
      indexHtml: () => INDEX_HTML,
      documents: async () => documents,
      registry: registry({ default: NotePage, loadPageData: counted }),
      budgetMs: 5_000,
      renderedTtlMs: 500,
    });
    const [first, second] = await Promise.all([server.render(at('/search?q=milk')), server.render(at('/search?q=milk'))]);
    expect(first).toContain('<p class="note">');
    expect(second).toBe(first);
    expect(await server.render(at('/search?q=milk'))).toBe(first);
    expect(reads).toBe(1);
    // Another URL is its own page.
    await server.render(at('/search?q=bread'));
    expect(reads).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 550));
    await server.render(at('/search?q=milk'));
    expect(reads).toBe(3);
    // Nothing kept for a page the server does not render: the next request asks again.
    expect(await server.render(at('/no-such-page'))).toBeNull();
  });

  it('is index.html as it is (null) when the page is left to the browser', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const broken = serverOf({
        default: () => {
          throw new Error('the page cannot render');
        },
      });
      expect(await broken.render(at('/search?q=milk'))).toBeNull();
      // No remote's public page, or one behind a sign-in: nothing to render on the server.
      const server = serverOf({ default: NotePage, loadPageData });
      expect(await server.render(at('/no-such-page'))).toBeNull();
      expect(await server.render(at('/favorites'))).toBeNull();
    } finally {
      logged.mockRestore();
    }
  });

  it('is null when index.html has no #root to fill, or cannot be read', async () => {
    const page = { default: NotePage, loadPageData };
    const without = createPageServer({
      indexHtml: () => '<!doctype html><main></main>',
      documents: () => documents,
      registry: registry(page),
    });
    expect(await without.render(at('/search?q=milk'))).toBeNull();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const unreadable = createPageServer({
        indexHtml: () => Promise.reject(new Error('HTTP 502')),
        documents: () => documents,
        registry: registry(page),
      });
      expect(await unreadable.render(at('/search?q=milk'))).toBeNull();
      expect(logged).toHaveBeenCalledWith('[pages] /search: served as index.html', expect.objectContaining({ message: 'HTTP 502' }));
    } finally {
      logged.mockRestore();
    }
  });
});
