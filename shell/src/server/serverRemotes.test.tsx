/** @jest-environment node */
// The kernel of the page server (docs/decisions/013-server-composition.md): a remote's own server build,
// fetched over HTTP at run time and rendered on Node with the page server's React, router and store.
// mf-catalog is built here as its team builds a release (a copy of the workspace, `rspack build`), then
// served from a local HTTP server beside a stand-in API. Twice: as it is, and as a release that changes
// the product card's markup and the search endpoint's URL, to follow a release and a rollback.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { ComponentType } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { Writable } from 'node:stream';
import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import { api, makeStore, setRuntimeConfig, type PageDataLoader, type PaginatedProducts } from '@grocer/shared';
import { makeProduct } from '@grocer/shared/testing';
import { PAGE_BUDGET_MS, renderPage } from './renderPage.tsx';
import { PAGE_STATE } from '../app/pageState.ts';
import { createPageServer } from './pages.ts';
import { createServerFederation, REMOTE_FETCH_TIMEOUT_MS } from './remoteLoading.ts';
import { createRemoteRegistry, manifestHash, REMOTES_TTL_MS, type RemoteRegistry } from './remoteRegistry.ts';
import { serverShared } from './serverShared.ts';

const REPO_ROOT = path.resolve(__dirname, '../../..');

/**
 * The loader's clock in these tests. A page's own is REMOTE_FETCH_TIMEOUT_MS (250 ms); a loaded CI machine
 * can take longer than that to serve a 100 KB file from this process, which would fail the loads that must
 * succeed, so the same loader runs here with a wider budget.
 */
const BUDGET_MS = Math.max(REMOTE_FETCH_TIMEOUT_MS, 2_000);

let work: string;
/** mf-catalog's build as it is, and a release of it (RELEASE_EDITS). */
let dist: string;
let releaseDist: string;
let server: http.Server;
let origin: string;
/** Requests the stand-in origin answered, path by path. */
const served: string[] = [];

const milk = makeProduct({ uuid: 'p-milk', name: 'Whole Milk' });
const oats = makeProduct({ uuid: 'p-oats', name: 'Rolled Oats', price_cents: 429 });
const pagination = { currentPage: 1, totalPages: 1, totalItems: 2, hasNext: false, hasPrevious: false };
const results: PaginatedProducts = { products: [milk, oats], pagination };
/** What the release's search endpoint reads (its new URL, RELEASE_EDITS). */
const releaseResults: PaginatedProducts = { products: [makeProduct({ uuid: 'p-oat-milk', name: 'Oat Milk' })], pagination };
const RELEASE_SEARCH_PATH = '/open/v2/products/search';

/** The release's source changes, each of which must apply: a card class, and the search endpoint's URL. */
const RELEASE_EDITS: ReadonlyArray<readonly [file: string, from: string, to: string]> = [
  ['src/components/ProductCard.tsx', 'className="product-card-price"', 'className="product-card-price product-card-price-released"'],
  ['src/lib/catalogueApi.ts', 'url: apiPaths.globalSearch,', `url: '${RELEASE_SEARCH_PATH}',`],
];

/** A fault of the release origin (/release/…): the file that fails (path and query), and how. */
interface Fault {
  file: RegExp;
  how: 'missing' | 'stalls' | 'throws';
}
const ENTRY = /^\/release\/server\/remoteEntry\.js$/;
/** The release origin's files, its folder swapped as ops swap a release, and its fault if any. */
const releaseOrigin: { dist: () => string; fault: Fault | null } = { dist: () => dist, fault: null };

/** A file of a build folder, or false when it has none by that path. */
function serveFile(response: http.ServerResponse, folder: string, relative: string): boolean {
  const file = path.join(folder, relative);
  if (!file.startsWith(folder) || !existsSync(file)) return false;
  response.setHeader('content-type', file.endsWith('.json') ? 'application/json' : 'text/javascript');
  response.end(readFileSync(file));
  return true;
}

/**
 * /catalog/… is the remote's origin (its dist folder), /release/… one whose folder is swapped and whose
 * remoteEntry.js may fail, /next/… the release's own origin, /gone/… an origin whose files are gone (404
 * with an HTML body, as a misrouted proxy answers), /stalled/… one that never answers, /api/… the API
 * (a search for "broken" answers what no page can draw).
 */
function answer(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url ?? '/', origin);
  served.push(url.pathname);
  if (url.pathname === '/api/open/products/search/global/paginated' || url.pathname === `/api${RELEASE_SEARCH_PATH}`) {
    response.setHeader('content-type', 'application/json');
    const body = url.pathname.includes('/v2/') ? releaseResults : results;
    return response.end(JSON.stringify(url.searchParams.get('query') === 'broken' ? { products: null, pagination } : body));
  }
  if (url.pathname.startsWith('/stalled/')) return; // never answers; the server is closed with its sockets
  if (url.pathname.startsWith('/catalog/') && serveFile(response, dist, url.pathname.slice('/catalog/'.length))) return;
  if (url.pathname.startsWith('/next/') && serveFile(response, releaseDist, url.pathname.slice('/next/'.length))) return;
  if (url.pathname.startsWith('/release/')) {
    const { fault } = releaseOrigin;
    if (fault?.file.test(url.pathname + url.search)) {
      if (fault.how === 'stalls') return;
      if (fault.how === 'throws') return response.end('throw new Error("the remote entry fails as it starts");');
    } else if (serveFile(response, releaseOrigin.dist(), url.pathname.slice('/release/'.length))) return;
  }
  response.statusCode = 404;
  response.setHeader('content-type', 'text/html');
  response.end('<!doctype html><title>Not found</title><h1>Not found</h1>');
}

/** Renders `element` to HTML as the page server will: the whole stream, once everything is ready. */
function renderToHtml(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: reject,
    });
  });
}

type PageModule = { default: ComponentType; loadPageData?: PageDataLoader };

/** The page server's MF instance: one per process (remote state is process-wide by name). */
let federation: ModuleFederation;

function point(entry: string) {
  federation.registerRemotes([{ name: 'catalog', entry }], { force: true });
}

/** Builds a copy of mf-catalog in `folder` of the work folder, with `edits` applied, as its team builds a release; its dist. */
async function buildCatalog(folder: string, edits: typeof RELEASE_EDITS = []): Promise<string> {
  const copy = path.join(work, folder, 'mf-catalog');
  cpSync(path.join(REPO_ROOT, 'mf-catalog'), copy, {
    recursive: true,
    filter: (src) => !['dist', 'node_modules'].includes(path.basename(src)),
  });
  for (const [file, from, to] of edits) {
    const source = readFileSync(path.join(copy, file), 'utf8');
    if (!source.includes(from)) throw new Error(`${file} no longer has ${from}: update RELEASE_EDITS`);
    writeFileSync(path.join(copy, file), source.replace(from, to));
  }
  const build = spawn('npx', ['rspack', 'build', '--mode', 'production', '-c', path.join(copy, 'rspack.config.ts')], { cwd: copy });
  let output = '';
  build.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  build.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const status = await new Promise<number | null>((resolve) => build.on('close', resolve));
  if (status !== 0) throw new Error(`mf-catalog build in ${folder} failed:\n${output}`);
  return path.join(copy, 'dist');
}

beforeAll(async () => {
  mkdirSync(path.join(REPO_ROOT, '.tmp'), { recursive: true });
  work = mkdtempSync(path.join(REPO_ROOT, '.tmp', 'server-remotes-'));
  [dist, releaseDist] = await Promise.all([buildCatalog('current'), buildCatalog('release', RELEASE_EDITS)]);

  server = http.createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setRuntimeConfig({ apiBaseUrl: `${origin}/api` });
  // A running page server has made requests before: the first fetch of a Node process sets up its client.
  await fetch(`${origin}/warm-up`);
  federation = createServerFederation(BUDGET_MS);
}, 180_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a remote’s server build, loaded at run time on Node', () => {
  it('asks the page server only for singletons it provides, and names the browser build beside it', () => {
    const manifest = JSON.parse(readFileSync(path.join(dist, 'server/mf-manifest.json'), 'utf8')) as {
      shared: { name: string; singleton: boolean }[];
      metaData: { buildInfo: { browserManifestHash: string }; remoteEntry: { type: string } };
    };
    // Each library the remote takes from its host is one the page server provides.
    const provided = Object.keys(serverShared());
    expect(manifest.shared.length).toBeGreaterThan(0);
    expect(manifest.shared.map((s) => s.name).filter((name) => !provided.includes(name))).toEqual([]);
    expect(manifest.shared.every((s) => s.singleton)).toBe(true);
    expect(manifest.metaData.remoteEntry.type).toBe('commonjs-module');
    // The page server's registry recognises the browser build by the same hash.
    expect(manifest.metaData.buildInfo.browserManifestHash).toBe(manifestHash(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')));
  });

  it('renders the catalogue’s own product cards inside the page server’s store and router', async () => {
    point(`${origin}/catalog/server/mf-manifest.json`);
    const page = await federation.loadRemote<PageModule>('catalog/SearchPage');
    if (!page) throw new Error('catalog/SearchPage did not load');
    const store = makeStore();
    await page.loadPageData?.({ params: {}, search: new URLSearchParams('q=milk') }, store.dispatch);
    const Page = page.default;
    const html = await renderToHtml(
      <Provider store={store}>
        <StaticRouter location="/search?q=milk">
          <Page />
        </StaticRouter>
      </Provider>,
    );
    // The card's own markup, from the catalogue's build: its classes, the names and the prices.
    expect(html).toMatch(/<article class="product-card" aria-labelledby="[^"]+">/);
    expect(html).toContain('<h3 id=');
    expect(html).toMatch(/class="product-card-name"[^>]*>.*Whole Milk/);
    expect(html).toContain('Rolled Oats');
    expect(html).toContain('<span class="product-card-price">$4.29</span>');
    // Its chunks came over HTTP from the server folder, and no stylesheet was asked for.
    expect(served.some((p) => /^\/catalog\/server\/__federation_expose_SearchPage\.[0-9a-f]{10}\.js$/.test(p))).toBe(true);
    expect(served.filter((p) => p.endsWith('.css'))).toEqual([]);
    // The answers' cache timers would outlive the test.
    store.dispatch(api.util.resetApiState());
  });

  it('rejects a remoteEntry.js that answers 404 instead of running the error page as code', async () => {
    point(`${origin}/gone/server/remoteEntry.js`);
    const error = await federation.loadRemote('catalog/SearchPage').then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    // Refused on its status, not after the clock ran out.
    expect(String(error)).toContain(`${origin}/gone/server/remoteEntry.js: HTTP 404`);
  });

  it('gives up on a remote that does not answer within the budget, and loads again once pointed back', async () => {
    point(`${origin}/stalled/server/remoteEntry.js`);
    const started = Date.now();
    const error = await federation.loadRemote('catalog/SearchPage').then(
      () => null,
      (e: unknown) => e,
    );
    const waited = Date.now() - started;
    expect(String(error)).toContain(`no answer within ${BUDGET_MS} ms`);
    expect(waited).toBeGreaterThanOrEqual(BUDGET_MS - 5);
    // Given up on, not waited out: the stalled answer never comes.
    expect(waited).toBeLessThan(BUDGET_MS + 5_000);

    point(`${origin}/catalog/server/mf-manifest.json`);
    const page = await federation.loadRemote<PageModule>('catalog/SearchPage');
    expect(typeof page?.default).toBe('function');
  });
});

describe('the page area, rendered by the remote that owns the route', () => {
  /** The margin a budget may be overrun by: the abort is a timer on a busy event loop. */
  const MARGIN_MS = 150;
  let registry: RemoteRegistry;
  let clock = 0;
  let remotesJson: Record<string, string>;
  const searchUrl = (q: string) => new URL(`/search?q=${q}`, 'https://shop.example');
  /** A render that must succeed gets the loader's wider clock; the budget is the page's own in the failure tests. */
  const render = (url = searchUrl('milk'), budgetMs = BUDGET_MS) => renderPage(registry, url, { budgetMs });
  /** Swaps the release origin's folder as ops swap a release, and lets the TTL pass. */
  const release = (folder: () => string, fault: Fault | null = null) => {
    Object.assign(releaseOrigin, { dist: folder, fault });
    clock += REMOTES_TTL_MS + 1;
  };

  beforeAll(() => {
    remotesJson = { catalog: `${origin}/release/mf-manifest.json` };
    Object.assign(releaseOrigin, { dist: () => dist, fault: null });
    registry = createRemoteRegistry({ federation, remotes: async () => remotesJson, now: () => clock, timeoutMs: BUDGET_MS });
  });

  /**
   * What `run` logged as errors: the page server logs a remote's failure; a page over its budget is not
   * one, nor the layout's widgets of the remotes this test does not list (their slots are the browser's).
   */
  async function errorsLoggedBy(run: () => Promise<void>): Promise<unknown[][]> {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await run();
      return logged.mock.calls.filter(
        ([, error]) => !/^(cartCheckout|account) is not in remotes\.json/.test(String((error as Error)?.message)),
      );
    } finally {
      logged.mockRestore();
    }
  }

  /** Expects the page area left to the browser within the page's budget, with the digest the browser drops. */
  async function expectLeftToBrowser(url: URL, reason: RegExp) {
    const started = performance.now();
    const rendered = await renderPage(registry, url);
    expect(performance.now() - started).toBeLessThan(PAGE_BUDGET_MS + MARGIN_MS);
    expect(rendered.leftToBrowser).toMatch(reason);
    // index.html is served as it is, and the browser loads the page.
    expect(rendered).toMatchObject({ html: '', head: '', apiState: null, modules: [] });
  }

  it('renders the route’s page with its remote’s code and data, and hands over the store’s api state', async () => {
    const rendered = await render();
    expect(rendered).toMatchObject({ id: 'catalog/SearchPage', leftToBrowser: null });
    expect(rendered.html).toContain('<span class="product-card-price">$4.29</span>');
    expect(rendered.html).toMatch(/class="product-card-name"[^>]*>.*Whole Milk/);
    // A page rendered whole in the layout, not a boundary the browser must fill.
    expect(rendered.html).toMatch(/^<div class="layout">.*<main [^>]*><!--\$--><div class="page/s);
    expect(rendered.html).not.toContain('<script');
    // The catalogue's widgets in the header, from the same build; those of remotes not listed here are the browser's.
    expect(rendered.modules.map((m) => m.id)).toEqual(['catalog/SearchPage', 'catalog/StoresMenu', 'catalog/SearchBox']);
    expect(rendered.html).toMatch(/<div class="slot slot-search"><!--\$--><form /);
    // The answers the page was drawn from, as a JSON data block carries them.
    const state = JSON.parse(JSON.stringify(rendered.apiState)) as { queries: Record<string, { status: string; data?: unknown }> };
    const search = Object.entries(state.queries).find(([key]) => key.startsWith('catalogGlobalSearch('));
    expect(search?.[1]).toMatchObject({ status: 'fulfilled', data: results });
  });

  it('puts the page into index.html with its answers and the catalogue’s own stylesheet, from the build that rendered it', async () => {
    const pages = createPageServer({
      indexHtml: () => readFileSync(path.join(REPO_ROOT, 'shell/src/index.html'), 'utf8'),
      documents: () => ({ apiBaseUrl: `${origin}/api`, remotes: remotesJson }),
      registry,
      budgetMs: BUDGET_MS,
      // Every request renders: what is kept here is the stylesheets, not the page.
      renderedTtlMs: 0,
    });
    served.length = 0;
    const html = await pages.render(searchUrl('milk'));
    expect(html).toMatch(
      /<main [^>]*class="site-main"><!--\$--><div class="page[^"]*">.*<span class="product-card-price">\$4\.29<\/span>.*<!--\/\$--><\/main>/s,
    );
    expect(html).not.toContain('page-loading');
    // The page's title, description and canonical link in <head>, its title in place of the shell's.
    const head = html!.slice(0, html!.indexOf('</head>'));
    expect(head.match(/<title>.*?<\/title>/g)).toEqual(['<title>Search results for &quot;milk&quot; | Grocer</title>']);
    // Absolute, on the origin the page was asked on.
    expect(head).toContain('<link rel="canonical" href="https://shop.example/search?q=milk"/>');
    // The browser build's files for the page, as its manifest names them, written in from the remote's origin.
    const manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as {
      exposes: { name: string; assets: { css: { sync: string[] } } }[];
    };
    const css = manifest.exposes.find((e) => e.name === 'SearchPage')!.assets.css.sync;
    expect(css.length).toBeGreaterThan(0);
    // The page's first, then the header widgets' of the same remote, each the file's text.
    const styles = [...head.matchAll(/<style data-page-stylesheet="([^"]*)">(.*?)<\/style>/gs)];
    expect(styles.map(([, href]) => href).slice(0, css.length)).toEqual(css.map((file) => `${origin}/release/${file}`));
    expect(styles.map(([, href]) => href).slice(css.length)).toEqual([
      expect.stringMatching(/\/release\/__federation_expose_StoresMenu\.[0-9a-f]+\.css$/),
      expect.stringMatching(/\/release\/__federation_expose_SearchBox\.[0-9a-f]+\.css$/),
    ]);
    expect(styles[0]![2]).toBe(readFileSync(path.join(dist, css[0]!), 'utf8'));
    expect(html).not.toContain('rel="stylesheet"');
    const cssReads = served.filter((p) => p.endsWith('.css'));
    expect(cssReads).toHaveLength(styles.length);
    // Kept by name (a name's text never changes): the next page reads none of them again.
    served.length = 0;
    await pages.render(searchUrl('milk'));
    expect(served.filter((p) => p.endsWith('.css'))).toEqual([]);
    // The answers the page was drawn from, for the browser's store.
    const block = new RegExp(`<script type="application/json" ${PAGE_STATE}="api">(.*?)</script>`, 's').exec(html ?? '');
    // And the modules it rendered, for the browser to load before it hydrates.
    expect(html).toContain(
      `<script type="application/json" ${PAGE_STATE}="modules">["catalog/SearchPage","catalog/StoresMenu","catalog/SearchBox"]</script>`,
    );
    const state = JSON.parse(block![1]!) as { queries: Record<string, { data?: unknown }> };
    expect(Object.values(state.queries).map((query) => query.data)).toContainEqual(results);
  });

  it('renders a release’s markup and endpoints once the TTL has passed, without a restart, and the old ones after a rollback', async () => {
    await render();
    Object.assign(releaseOrigin, { dist: () => releaseDist });
    // Within the TTL the build read stands.
    clock += REMOTES_TTL_MS - 1;
    expect((await render()).html).not.toContain('product-card-price-released');
    clock += 2;
    served.length = 0;
    const released = await render();
    expect(released.html).toContain('<span class="product-card-price product-card-price-released">');
    // The release's endpoint definition, not the one its first load injected: its URL and its answer.
    expect(served).toContain(`/api${RELEASE_SEARCH_PATH}`);
    expect(released.html).toContain('Oat Milk');
    expect(released.html).not.toContain('Whole Milk');

    release(() => dist);
    served.length = 0;
    const rolledBack = await render();
    expect(rolledBack.html).toContain('<span class="product-card-price">$4.29</span>');
    expect(rolledBack.html).toContain('Whole Milk');
    expect(served).toContain('/api/open/products/search/global/paginated');
    expect(served).not.toContain(`/api${RELEASE_SEARCH_PATH}`);
  });

  it('leaves the page to the browser within the budget when a release’s remoteEntry.js or page chunk answers 404, and renders it once they are there', async () => {
    release(() => releaseDist, { file: ENTRY, how: 'missing' });
    const logged = await errorsLoggedBy(() => expectLeftToBrowser(searchUrl('milk'), /server\/remoteEntry\.js: HTTP 404/));
    // Once for the page and once for each of the catalogue's widgets, each naming the 404.
    expect(logged).toHaveLength(3);
    for (const call of logged)
      expect(call).toEqual([
        expect.stringContaining('left to the browser'),
        expect.objectContaining({ message: expect.stringContaining('HTTP 404') }),
      ]);
    // The entry is there, the page's chunk is not.
    releaseOrigin.fault = { file: /\/server\/__federation_expose_SearchPage\./, how: 'missing' };
    await errorsLoggedBy(() => expectLeftToBrowser(searchUrl('milk'), /__federation_expose_SearchPage\.[0-9a-f]+\.js: HTTP 404/));
    // Loaded again once the files are there: the runtime keeps no failed load.
    releaseOrigin.fault = null;
    expect((await render()).html).toContain('product-card-price-released');
  });

  it('leaves the page to the browser at the budget when a release’s remoteEntry.js never answers', async () => {
    release(() => dist, { file: ENTRY, how: 'stalls' });
    const started = Date.now();
    // Not an error of the remote's code, and React lets go of the aborted render cleanly.
    expect(
      await errorsLoggedBy(() => expectLeftToBrowser(searchUrl('milk'), new RegExp(`not ready within the page's ${PAGE_BUDGET_MS} ms`))),
    ).toEqual([]);
    // The load is not started again while it runs: it fails on the loader's own clock, and the remote is registered afresh.
    releaseOrigin.fault = null;
    await new Promise((resolve) => setTimeout(resolve, started + BUDGET_MS + 50 - Date.now()));
    // Rendered again once the remote answers (a busy host may spend the first attempt's budget on the reload).
    let html = '';
    for (let attempt = 0; attempt < 5 && !html.includes('<span class="product-card-price">'); attempt++) html = (await render()).html;
    expect(html).toContain('<span class="product-card-price">');
  });

  it('leaves the page to the browser when a release’s code throws as it loads, or its page throws as it renders', async () => {
    release(() => releaseDist, { file: ENTRY, how: 'throws' });
    const logged = await errorsLoggedBy(async () => {
      await expectLeftToBrowser(searchUrl('milk'), /the remote entry fails as it starts/);
      releaseOrigin.fault = null;
      expect((await render()).html).toContain('product-card-price-released');
      // The API answers what the page cannot draw: the page throws inside the boundary.
      await expectLeftToBrowser(searchUrl('broken'), /null/);
    });
    // Each is logged as the remote's failure it is: the entry once per module of the catalogue (the page
    // and the two widgets), the page's throw once.
    expect(logged.map(([, error]) => String((error as Error).message))).toEqual([
      expect.stringContaining('fails as it starts'),
      expect.stringContaining('fails as it starts'),
      expect.stringContaining('fails as it starts'),
      expect.not.stringContaining('fails as it starts'),
    ]);
  });

  it('leaves to the browser a page no remote declares', async () => {
    await expectLeftToBrowser(new URL('https://shop.example/no-such-page'), /no page of a remote at \/no-such-page/);
  });

  it('follows a new remotes.json URL within the TTL', async () => {
    release(() => dist);
    expect((await render()).html).not.toContain('product-card-price-released');
    remotesJson = { catalog: `${origin}/next/mf-manifest.json` };
    clock += REMOTES_TTL_MS - 1;
    expect((await render()).html).not.toContain('product-card-price-released');
    clock += 2;
    expect((await render()).html).toContain('product-card-price-released');
  });
});
