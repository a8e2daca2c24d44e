// The page server's render of one page's area with the code of the remote that owns it
// (docs/decisions/013-server-composition.md, points 4 and 6). The route comes from the shell's own
// table (the remotes' routes.json, routeTable.ts), matched by React Router as the browser matches it;
// the module from the remote's current build (remoteRegistry.ts); the data from the module's own
// `loadPageData` into a store made for this request. Everything from the request's start counts
// against one budget: at its end the render is aborted and the page area is left to the browser,
// which then loads the page itself as it does today. A missing, slow or throwing remote gives the
// same, never an exception.
//
// Only the page area for now: the shell's App on Node throws `document is not defined` (its
// BrowserRouter and RemoteBoundary read the browser's page) and its RemotePage loads modules through the
// browser's Module Federation runtime, so the layout around the page waits on decision 013's step 4 (the
// same tree on both sides).
import { Suspense, use } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Provider } from 'react-redux';
import { matchRoutes, Route, Routes, StaticRouter } from 'react-router';
import { Writable } from 'node:stream';
import { api, makeStore, type AppDispatch, type PageDataLoader, type RootState } from '@grocer/shared';
import type { RemoteBuild, RemoteRegistry } from './remoteRegistry.ts';
import { REMOTE_FETCH_TIMEOUT_MS } from './remoteLoading.ts';

/** The page's budget from the request's start: past it the page is the browser's to load. */
export const PAGE_BUDGET_MS = REMOTE_FETCH_TIMEOUT_MS;

/**
 * The digest of every error in the page area, for the browser's `onRecoverableError` to drop (decision
 * 013, step 5): the page is then loaded there as it always was, which is no error to report.
 */
export const LEFT_TO_BROWSER = 'grocer-left-to-browser';

/** What the page area holds until the browser loads the page (index.html's and App's placeholder). */
const PAGE_AREA_PLACEHOLDER = <div className="page-loading" aria-busy="true" />;

type PageModule = { default: React.ComponentType; loadPageData?: PageDataLoader };

export interface PageAreaOptions {
  /** When the request started (`performance.now()`): the budget counts from there. */
  startedAt?: number;
  budgetMs?: number;
}

export interface RenderedPageArea {
  /**
   * The page area's HTML: the remote's page, or the placeholder in a boundary left to the browser (empty
   * if not even that rendered: index.html's placeholder then stays).
   */
  html: string;
  /**
   * What the page hoists to the document's `<head>` (React 19 writes its `<title>`, `<meta>` and `<link>`
   * elements ahead of the rest when it renders no `<head>` of its own); empty when left to the browser.
   */
  head: string;
  /** The remote module rendered (`catalog/SearchPage`), if the URL is a page the server renders. */
  id: string | null;
  /**
   * The store's `api` state after the page's reads, for the page's
   * `<script type="application/json" data-page-state>`; null when the page is left to the browser.
   */
  apiState: RootState['api'] | null;
  /** The remote's build the page was rendered with (its browser manifest names the page's files); null when left to the browser. */
  build: RemoteBuild | null;
  /** Why the page is left to the browser, or null when it was rendered. */
  leftToBrowser: string | null;
  /** From the request's start to the HTML. */
  ms: number;
}

/** A page the server does not render: not an error of the remote, so no stack in the log. */
class NotRenderedHere extends Error {}

/** The budget ran out first: the browser loads the page, as it does a slow remote's today. */
class BudgetSpent extends Error {
  constructor(budgetMs: number) {
    super(`not ready within the page's ${budgetMs} ms`);
  }
}

/** The route's module and pattern, its code loaded and its data in `store`. */
async function preparePage(registry: RemoteRegistry, url: URL, dispatch: AppDispatch) {
  const table = await registry.routes();
  // Pages behind a sign-in are the browser's: the server holds no session (decision 013, point 9).
  const routes = table.routes.filter((route) => route.access === 'public');
  const match = matchRoutes(
    routes.map(({ path, id }) => ({ path, id })),
    url.pathname,
  )?.[0];
  if (!match) throw new NotRenderedHere(`no public page of a remote at ${url.pathname}`);
  const { id, path } = match.route;
  const { module, build } = await registry.load<PageModule>(id);
  if (typeof module.default !== 'function') throw new Error(`${id} has no default export`);
  await module.loadPageData?.({ params: match.params, search: url.searchParams }, dispatch);
  return { id, path, build, Page: module.default };
}

function PageArea({ page }: { page: Promise<{ path: string; Page: React.ComponentType }> }) {
  const { path, Page } = use(page);
  return (
    <Routes>
      <Route path={path} element={<Page />} />
    </Routes>
  );
}

/**
 * Renders the page area of `url` (a URL on the shell's origin) with its remote's own code, or leaves it
 * to the browser: never rejects.
 */
export function renderPageArea(registry: RemoteRegistry, url: URL, options: PageAreaOptions = {}): Promise<RenderedPageArea> {
  const startedAt = options.startedAt ?? performance.now();
  const budgetMs = options.budgetMs ?? PAGE_BUDGET_MS;
  const store = makeStore();
  const page = preparePage(registry, url, store.dispatch);
  // Settled here too: after an abort React no longer listens, and a late failure must not go unhandled.
  page.catch(() => undefined);
  let id: string | null = null;
  let build: RemoteBuild | null = null;
  void page.then((ready) => ({ id, build } = ready)).catch(() => undefined);

  return new Promise((resolve) => {
    let leftToBrowser: string | null = null;
    let html = '';
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(budget);
      const apiState = leftToBrowser ? null : store.getState().api;
      // The store is this request's alone: its cache timers must not outlive it. Reads still running
      // after an abort settle into the store first.
      store.dispatch(api.util.resetApiState());
      void page.finally(() => store.dispatch(api.util.resetApiState())).catch(() => undefined);
      // Everything before the page's boundary is what it hoisted.
      const boundary = Math.max(0, html.indexOf('<!--$'));
      resolve({
        html: html.slice(boundary),
        head: html.slice(0, boundary),
        id,
        apiState,
        build: leftToBrowser ? null : build,
        leftToBrowser,
        ms: performance.now() - startedAt,
      });
    };
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        finish();
        done();
      },
    });
    const stream = renderToPipeableStream(
      <Provider store={store}>
        <StaticRouter location={url.pathname + url.search}>
          <Suspense fallback={PAGE_AREA_PLACEHOLDER}>
            <PageArea page={page} />
          </Suspense>
        </StaticRouter>
      </Provider>,
      {
        // Everything, once it is all there (or given up on): no inline script for late boundaries, so the CSP stays as it is.
        onAllReady: () => {
          // Nothing is left to abort: an abort now, while the HTML is written out, would find the request closed.
          clearTimeout(budget);
          // After an abort React is all ready before it has let go of the aborted work (it does that on the
          // next turn); written out at once, it would be closed with that work still held.
          setImmediate(() => stream.pipe(sink));
        },
        onShellError: (error) => {
          leftToBrowser = `the page area could not render: ${String(error)}`;
          html = '';
          finish();
        },
        onError: (error) => {
          leftToBrowser ??= error instanceof Error ? error.message : String(error);
          if (!(error instanceof NotRenderedHere) && !(error instanceof BudgetSpent))
            console.error(`[pages] ${url.pathname}: left to the browser`, error);
          return LEFT_TO_BROWSER;
        },
      },
    );
    // React calls back no sooner than its next turn: `budget` is set by then.
    const budget = setTimeout(() => stream.abort(new BudgetSpent(budgetMs)), Math.max(0, startedAt + budgetMs - performance.now()));
  });
}
