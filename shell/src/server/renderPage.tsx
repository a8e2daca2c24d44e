// The page server's render of one page: the shell's own App, the tree the browser renders, with the
// router at the requested URL and each remote area's module from the remote's current server build
// (remoteRegistry.ts) instead of the browser's Module Federation runtime (decision 013, points 3, 4
// and 6). The route comes from the shell's own table (the remotes' routes.json, routeTable.ts),
// matched as React Router matches it; the page's data from its module's own `loadPageData`, into a
// store made for this request. Everything from the request's start counts against one budget: at its
// end the render is aborted. A page that is not ready then, or whose remote is missing or throws, is
// left to the browser (index.html as it is), never an exception; a layout widget that fails only
// leaves its own slot to the browser.
import { renderToPipeableStream } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import { api, makeStore, type AppDispatch, type PageDataLoader, type RootState } from '@grocer/shared';
import { PUBLIC_ORIGIN_ON_SERVER } from '@grocer/shared/head';
import { App } from '../app/App.tsx';
import { LEFT_TO_BROWSER } from '../app/pageState.ts';
import type { RemoteModuleExports } from '../app/remotes.ts';
import type { RouteTable } from '../app/routeTable.ts';
import { RemoteModulesContext, type RemoteModules } from '../components/remoteModules.ts';
import { RemoteNotListed, type RemoteBuild, type RemoteRegistry } from './remoteRegistry.ts';
import { REMOTE_FETCH_TIMEOUT_MS } from './remoteLoading.ts';

/** The page's budget from the request's start: past it the page is the browser's to load. */
export const PAGE_BUDGET_MS = REMOTE_FETCH_TIMEOUT_MS;

export { LEFT_TO_BROWSER };

export interface PageOptions {
  /** When the request started (`performance.now()`): the budget counts from there. */
  startedAt?: number;
  budgetMs?: number;
}

/** A remote module the render used, and the build it came from (its browser manifest names its stylesheets). */
export interface RenderedModule {
  id: string;
  build: RemoteBuild;
}

export interface RenderedPage {
  /** The content of index.html's `#root`: the layout with the page in it. Empty when left to the browser. */
  html: string;
  /**
   * What the page hoists to the document's `<head>` (React 19 writes its `<title>`, `<meta>` and `<link>`
   * elements ahead of the rest when it renders no `<head>` of its own); empty when left to the browser.
   */
  head: string;
  /** The route's remote module (`catalog/SearchPage`), if the URL is a page the server renders. */
  id: string | null;
  /** The store's `api` state after the page's reads, for the page's data block; null when left to the browser. */
  apiState: RootState['api'] | null;
  /** The page's module first, then the layout's widgets the render used. Empty when left to the browser. */
  modules: RenderedModule[];
  /** The route table it rendered with; null when left to the browser. */
  routes: RouteTable | null;
  /** Why the page is left to the browser, or null when it was rendered. */
  leftToBrowser: string | null;
  /**
   * A page of a remote that the browser draws (behind a sign-in, or from its storage): `id` names it,
   * and `routes` is the table it was matched with (naming its remote's first screen, if it builds one).
   */
  drawnByBrowser?: true;
  /** From the request's start to the HTML. */
  ms: number;
}

/** The budget ran out first: the browser loads the page, as it does a slow remote's today. */
class BudgetSpent extends Error {
  constructor(budgetMs: number) {
    super(`not ready within the page's ${budgetMs} ms`);
  }
}

type PageModule = RemoteModuleExports & { loadPageData?: PageDataLoader };

/**
 * The origin of the page being rendered, for the pages' canonical URLs and structured data
 * (@grocer/shared/head publicOrigin): requests render side by side, each in its own context.
 */
const renderingFor = new AsyncLocalStorage<string>();
(globalThis as { [PUBLIC_ORIGIN_ON_SERVER]?: () => string | undefined })[PUBLIC_ORIGIN_ON_SERVER] = () => renderingFor.getStore();

/**
 * The remotes' modules as this request sees them: each loaded once from the registry's current build,
 * the page's with its data read into the request's store before it renders (the browser reads it for
 * itself on later pages, or takes these answers from the page). Nothing is loaded beforehand, so the
 * boundaries suspend on the server and the budget's abort reaches them.
 */
function requestModules(
  registry: RemoteRegistry,
  page: { id: string; params: Record<string, string | undefined>; search: URLSearchParams },
  dispatch: AppDispatch,
) {
  const used = new Map<string, RemoteBuild>();
  const loads = new Map<string, Promise<RemoteModuleExports>>();
  /** Why the page's module or data failed; the widgets' failures leave only their slots to the browser. */
  const failures = { page: undefined as unknown, widgets: new Set<unknown>() };
  const load = async (id: string) => {
    const { module, build } = await registry.load<PageModule>(id);
    if (typeof module.default !== 'function') throw new Error(`${id} has no default export`);
    if (id === page.id) await module.loadPageData?.({ params: page.params, search: page.search }, dispatch);
    used.set(id, build);
    return module;
  };
  const modules: RemoteModules = {
    loaded: () => undefined,
    load: (id) => {
      const loading = loads.get(id) ?? load(id);
      // Settled here too: after an abort React no longer listens, and a late failure must not go unhandled.
      loading.catch((error: unknown) => void (id === page.id ? (failures.page = error) : failures.widgets.add(error)));
      loads.set(id, loading);
      return loading;
    },
  };
  return { modules, used, failures, pageLoad: () => loads.get(page.id) };
}

/**
 * Renders the page at `url` (a URL on the shell's origin) with the shell's App and the remotes' own
 * code, or leaves it to the browser: never rejects.
 */
export async function renderPage(registry: RemoteRegistry, url: URL, options: PageOptions = {}): Promise<RenderedPage> {
  const startedAt = options.startedAt ?? performance.now();
  const budgetMs = options.budgetMs ?? PAGE_BUDGET_MS;
  const leave = (reason: string, id: string | null = null): RenderedPage => ({
    html: '',
    head: '',
    id,
    apiState: null,
    modules: [],
    routes: null,
    leftToBrowser: reason,
    ms: performance.now() - startedAt,
  });
  let routes;
  let routesClock: ReturnType<typeof setTimeout> | undefined;
  try {
    routes = await Promise.race([
      registry.routes(),
      new Promise<never>((_, reject) => {
        routesClock = setTimeout(() => reject(new BudgetSpent(budgetMs)), Math.max(0, startedAt + budgetMs - performance.now()));
      }),
    ]);
  } catch (error) {
    if (!(error instanceof BudgetSpent)) console.error(`[pages] ${url.pathname}: left to the browser`, error);
    return leave(String(error instanceof Error ? error.message : error));
  } finally {
    clearTimeout(routesClock);
  }
  const match = matchRoutes(
    routes.routes.map(({ path, id, access, render }) => ({ path, id, access, render })),
    url.pathname,
  )?.[0];
  if (!match || routes.pending.length > 0) return leave(`no page of a remote at ${url.pathname}`);
  const { id, access, render } = match.route;
  // Pages behind a sign-in are the browser's: the server holds no session (decision 013, point 9); so
  // are those drawn from the browser's own storage.
  if (access !== 'public' || render === 'browser') {
    return { ...leave(`${id} is drawn by the browser`, id), routes, drawnByBrowser: true };
  }

  const store = makeStore();
  const { modules, used, failures, pageLoad } = requestModules(
    registry,
    { id, params: match.params, search: url.searchParams },
    store.dispatch,
  );
  return new Promise((resolve) => {
    const errors: unknown[] = [];
    // Set once the render is started; React calls back no sooner than that, but jsdom's hosts may.
    const clock: { budget?: ReturnType<typeof setTimeout> } = {};
    let html = '';
    let finished = false;
    const finish = (shellError?: string) => {
      if (finished) return;
      finished = true;
      clearTimeout(clock.budget);
      // The page's boundary is the first thing in <main> (Layout.tsx): left to the browser, it is React's client-rendered one.
      const pageLeft = /<main\b[^>]*>\s*<!--\$!-->/.test(html) || !/<main\b/.test(html);
      const reason = failures.page ?? errors.find((error) => !failures.widgets.has(error));
      const leftToBrowser =
        shellError ?? (pageLeft ? (reason instanceof Error ? reason.message : String(reason ?? 'the page was left to the browser')) : null);
      const apiState = leftToBrowser ? null : store.getState().api;
      // The store is this request's alone: its cache timers must not outlive it. Reads still running
      // after an abort settle into the store first.
      store.dispatch(api.util.resetApiState());
      void Promise.allSettled([pageLoad()]).then(() => store.dispatch(api.util.resetApiState()));
      if (leftToBrowser) return resolve(leave(leftToBrowser, id));
      // Everything before the layout is what the page hoisted.
      const layout = Math.max(0, html.indexOf('<div'));
      const rendered = [...used].map(([moduleId, build]) => ({ id: moduleId, build }));
      resolve({
        html: html.slice(layout),
        head: html.slice(0, layout),
        id,
        apiState,
        modules: [...rendered.filter((m) => m.id === id), ...rendered.filter((m) => m.id !== id)],
        routes,
        leftToBrowser: null,
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
    const stream = renderingFor.run(url.origin, () =>
      renderToPipeableStream(
        <RemoteModulesContext value={modules}>
          <StaticRouter location={url.pathname + url.search}>
            <App store={store} routes={routes} />
          </StaticRouter>
        </RemoteModulesContext>,
        {
          // Every boundary written in place, however large: React otherwise writes a big one (a listing of
          // 20 cards is ~60 KB) after the rest and moves it in with an inline script, which the CSP refuses.
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          // Everything, once it is all there (or given up on): no inline script for late boundaries, so the CSP stays as it is.
          onAllReady: () => {
            // Nothing is left to abort: an abort now, while the HTML is written out, would find the request closed.
            clearTimeout(clock.budget);
            // After an abort React is all ready before it has let go of the aborted work (it does that on the
            // next turn); written out at once, it would be closed with that work still held.
            setImmediate(() => stream.pipe(sink));
          },
          onShellError: (error) => finish(`the page could not render: ${String(error)}`),
          onError: (error) => {
            errors.push(error);
            if (!(error instanceof BudgetSpent) && !(error instanceof RemoteNotListed))
              console.error(`[pages] ${url.pathname}: left to the browser`, error);
            return LEFT_TO_BROWSER;
          },
        },
      ),
    );
    clock.budget = setTimeout(() => stream.abort(new BudgetSpent(budgetMs)), Math.max(0, startedAt + budgetMs - performance.now()));
  });
}
