/** @jest-environment node */
// The kernel of the page server (docs/decisions/013-server-composition.md): a remote's own server build,
// fetched over HTTP at run time and rendered on Node with the page server's React, router and store.
// mf-catalog is built here as its team builds a release (a copy of the workspace, `rspack build`), then
// served from a local HTTP server beside a stand-in API.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { ComponentType } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'react-router';
import { Writable } from 'node:stream';
import { createInstance, type ModuleFederation } from '@module-federation/enhanced/runtime';
import { api, makeStore, setRuntimeConfig, type PageDataLoader, type PaginatedProducts } from '@grocer/shared';
import { makeProduct } from '@grocer/shared/testing';
import { REMOTE_FETCH_TIMEOUT_MS, serverRemotesPlugin } from './remoteLoading.ts';
import { manifestHash } from './remoteRegistry.ts';
import { serverShared } from './serverShared.ts';

const REPO_ROOT = path.resolve(__dirname, '../../..');

/**
 * The loader's clock in these tests. A page's own is REMOTE_FETCH_TIMEOUT_MS (250 ms); a loaded CI machine
 * can take longer than that to serve a 100 KB file from this process, which would fail the loads that must
 * succeed, so the same loader runs here with a wider budget.
 */
const BUDGET_MS = Math.max(REMOTE_FETCH_TIMEOUT_MS, 2_000);

let work: string;
let dist: string;
let server: http.Server;
let origin: string;
/** Requests the stand-in origin answered, path by path. */
const served: string[] = [];

const milk = makeProduct({ uuid: 'p-milk', name: 'Whole Milk' });
const oats = makeProduct({ uuid: 'p-oats', name: 'Rolled Oats', price_cents: 429 });
const results: PaginatedProducts = {
  products: [milk, oats],
  pagination: { currentPage: 1, totalPages: 1, totalItems: 2, hasNext: false, hasPrevious: false },
};

/**
 * /catalog/… is the remote's origin (its dist folder), /gone/… an origin whose files are gone (404 with
 * an HTML body, as a misrouted proxy answers), /stalled/… one that never answers, /api/… the API.
 */
function answer(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url ?? '/', origin);
  served.push(url.pathname);
  if (url.pathname === '/api/open/products/search/global/paginated') {
    response.setHeader('content-type', 'application/json');
    return response.end(JSON.stringify(results));
  }
  if (url.pathname.startsWith('/stalled/')) return; // never answers; the server is closed with its sockets
  if (url.pathname.startsWith('/catalog/')) {
    const file = path.join(dist, url.pathname.slice('/catalog/'.length));
    if (file.startsWith(dist) && existsSync(file)) {
      response.setHeader('content-type', file.endsWith('.json') ? 'application/json' : 'text/javascript');
      return response.end(readFileSync(file));
    }
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

beforeAll(async () => {
  mkdirSync(path.join(REPO_ROOT, '.tmp'), { recursive: true });
  work = mkdtempSync(path.join(REPO_ROOT, '.tmp', 'server-remotes-'));
  const copy = path.join(work, 'mf-catalog');
  cpSync(path.join(REPO_ROOT, 'mf-catalog'), copy, {
    recursive: true,
    filter: (src) => !['dist', 'node_modules'].includes(path.basename(src)),
  });
  const build = spawnSync('npx', ['rspack', 'build', '--mode', 'production', '-c', path.join(copy, 'rspack.config.ts')], {
    cwd: copy,
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`mf-catalog build failed:\n${build.stdout}\n${build.stderr}`);
  dist = path.join(copy, 'dist');

  server = http.createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setRuntimeConfig({ apiBaseUrl: `${origin}/api` });
  // A running page server has made requests before: the first fetch of a Node process sets up its client.
  await fetch(`${origin}/warm-up`);
  federation = createInstance({ name: 'page_server_test', remotes: [], shared: serverShared(), plugins: [serverRemotesPlugin(BUDGET_MS)] });
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
