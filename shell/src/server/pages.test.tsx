/** @jest-environment node */
// The page server's assembly of a page (pages.ts): index.html with the page area the remote rendered
// (pageArea.tsx, run for real here, on the shell's real index.html), the store's answers as a data
// block and the remote's stylesheets from its browser manifest. The remote is a stand-in registry
// whose page reads through the shared api; serverRemotes.test.tsx serves a real build of mf-catalog.
import { readFileSync } from 'node:fs';
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
  ],
};

/** The catalogue as the registry gives it: /search is its public page, /favorites one behind a sign-in. */
function registry(page: { default: unknown; loadPageData?: PageDataLoader }): RemoteRegistry {
  const build: RemoteBuild = { name: 'catalog', key: 'k1', browserManifestUrl: MANIFEST_URL, browserManifest: JSON.stringify(manifest) };
  return {
    current: async () => build,
    load: async <T,>(id: string) => {
      if (id !== 'catalog/SearchPage') throw new Error(`${id} is not a page of this stand-in`);
      return { module: page as T, build };
    },
    routes: async () =>
      composeRoutes([
        [
          'catalog',
          {
            routes: [
              { path: '/search', module: 'SearchPage', access: 'public' },
              { path: '/favorites', module: 'FavoritesPage', access: 'signed-in' },
            ],
          },
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
  it('is index.html with the remote’s page in place of the placeholder, its answers as data and its stylesheets linked', async () => {
    const html = await serverOf({ default: NotePage, loadPageData }).render(at('/search?q=milk'));
    if (!html) throw new Error('the page was not rendered');
    // The layout of index.html stays; its placeholder (the home page's banner) is gone, the page is in <main>.
    expect(html).toContain('<header class="site-header">');
    expect(html).not.toContain('page-loading');
    expect(html).not.toContain('home-banner');
    expect(html).toMatch(/<main class="site-main">\s*<!--\$--><p class="note">search: Milk &lt;\/script&gt;.*<\/p><!--\/\$-->\s*<\/main>/s);
    // What the page hoists goes into <head>, its title in place of the shell's; then the page's own
    // stylesheet, from its remote's origin, beside the manifest; not the other exposes'.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<title>.*?<\/title>/g)).toEqual(['<title>Search | Grocer</title>']);
    expect(head).toMatch(
      /<meta name="description" content="What the search found"\/><link rel="stylesheet" href="https:\/\/catalog\.example\/v1\/__federation_expose_SearchPage\.0123456789\.css">$/,
    );
    expect(html).not.toContain('StoresMenu');
    // The store's api state, read back whole; no text in it closes its element.
    const state = stateIn(html) as { queries: Record<string, { status: string; data: string }> };
    expect(state.queries['pageNote("search")']).toMatchObject({ status: 'fulfilled', data: `search: ${AWKWARD}` });
    expect(html.match(/<\/script/g)).toHaveLength(INDEX_HTML.match(/<\/script/g)!.length + 1);
    expect(html).not.toContain('<script>alert(1)');
    // The remote's queries go to the API where this process reaches it.
    expect(getRuntimeConfig().apiBaseUrl).toBe('http://api:4000/v1');
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

  it('is null when index.html has no page area to fill, or cannot be read', async () => {
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
