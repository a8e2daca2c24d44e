// The entry's painter (firstData.ts's, on the pages the browser draws early): the top of
// the page drawn by its remote's first screen (shared/src/contracts/firstScreen.ts), painted into
// index.html's page area (firstPaint.ts) once the answers and the page's own stylesheet are in.
import type { FirstScreenModule } from '@grocer/shared/contracts';
import { apiUrl } from './firstData.ts';
import { paintFirstPage } from './firstPaint.ts';
import { exposeStylesheets, readManifestEarly } from './remoteStyles.ts';
import { PAGE_STYLESHEET } from './pageState.ts';
import { firstPageRoute } from './routeTable.ts';
import { remoteEntries, routeTableFor } from './remotes.ts';
import { readStoredJson, STORAGE_KEYS } from '@grocer/shared/storage';

/**
 * Links the first page's own stylesheets (the remote module's, from its manifest) and settles once
 * they have loaded: true, or false when they cannot be (the remote is down: nothing is painted).
 * The remote's CSS loader later finds these links and does not add its own.
 */
async function linkPageStylesheets(doc: Document, pathname: string): Promise<boolean> {
  // Written into the page by the page server (the page's own, from its remote's manifest): nothing to wait for.
  if (doc.querySelector(`style[${PAGE_STYLESHEET}]`)) return true;
  // A protected page's module is the page's own only with a stored session (the painter draws it only then).
  const id = firstPageRoute(await routeTableFor(pathname), pathname, readStoredJson(STORAGE_KEYS.user) !== null)?.id;
  const remote = id?.slice(0, id.indexOf('/'));
  const manifestUrl = remote && remoteEntries()[remote];
  if (!id || !manifestUrl) return false;
  const manifest = new URL(manifestUrl, doc.baseURI).href;
  readManifestEarly(manifest);
  const hrefs = await exposeStylesheets(manifest, id.slice(remote.length + 1));
  const loads = hrefs.map((href) => {
    const present = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.href === href);
    if (present) return Promise.resolve(true);
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    const loaded = new Promise<boolean>((resolve) => {
      link.onload = () => resolve(true);
      link.onerror = () => resolve(false);
    });
    doc.head.append(link);
    return loaded;
  });
  return (await Promise.all(loads)).every(Boolean);
}

/** Paints the page's top once the answers (JSON bodies, null for a failed read) and the page's stylesheet are in. */
export async function paintFirstScreen(
  firstScreen: FirstScreenModule,
  painting: ReadonlyMap<string, Promise<unknown>>,
  apiBaseUrl: string,
  doc: Document,
  location: Pick<Location, 'pathname'> = window.location,
): Promise<void> {
  // Asked for now, so it loads alongside the answers.
  const styled = linkPageStylesheets(doc, location.pathname).catch(() => false);
  const answers = await Promise.all(painting.values());
  if (answers.includes(null)) return;
  const screen = firstScreen.draw(answers, doc, (pathOrUrl) => apiUrl(apiBaseUrl, pathOrUrl));
  if (!screen || !(await styled) || !paintFirstPage(screen, doc)) return;
  // Settles once that paint is on screen: the libraries and modules the entry loads next would
  // otherwise hold the frame back, or share the line with what it shows.
  await onScreen();
}

/** How long the painter waits at most for the browser to report its paint (a smaller one is not reported). */
export const ON_SCREEN_WAIT_MS = 150;

/**
 * Settles once the frame showing what was just painted is on screen: when the browser reports a
 * largest paint from now on, or after ON_SCREEN_WAIT_MS. A browser without that report: after the next
 * frame's callback, which comes once the frame that draws it is done.
 */
export function onScreen(win: Window & typeof globalThis = window): Promise<void> {
  const since = win.performance.now();
  return new Promise((resolve) => {
    if (!win.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint')) {
      win.requestAnimationFrame(() => win.requestAnimationFrame(() => resolve()));
      return;
    }
    const done = () => {
      observer.disconnect();
      win.clearTimeout(timer);
      resolve();
    };
    const timer = win.setTimeout(done, ON_SCREEN_WAIT_MS);
    const observer = new win.PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= since)) done();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
}
