// A candidate measured for the first paint of data pages (docs/decisions/005-first-paint.md): the
// shell's static server reads the first screen's answer itself and writes the page's top (the same
// markup the shell's entry paints, shell/src/app/firstScreen.ts) and its picture preloads and
// stylesheet into index.html, so the page paints from the HTML alone. One page: a search.
// Falls back to the plain index.html when the API or a remote is slow or down. No inline script, so
// the CSP is unchanged. Switched on by a `server-first-paint` file in the served shell folder.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { apiUrl, firstReads } from '../../shell/src/app/firstData.ts';
import { FIRST_SCREENS, PRELOADED_CARD_PICTURES } from '../../shell/src/app/firstScreen.ts';
import { composeRoutes, firstPageModule } from '../../shell/src/app/routeTable.ts';
import type { RemoteRoutes } from '@grocer/shared/contracts';

/** What the step may add to the page's wait for its HTML. */
const BUDGET_MS = 250;
/** Manifests and routes are `no-cache` for browsers; the server re-reads them this often. */
const REMOTE_DOCS_TTL_MS = 5000;

const { document } = new JSDOM('').window;
const remoteDocs = new Map<string, { until: number; body: Promise<unknown> }>();

function remoteDoc(url: string): Promise<unknown> {
  const known = remoteDocs.get(url);
  if (known && known.until > Date.now()) return known.body;
  const body = fetch(url, { signal: AbortSignal.timeout(BUDGET_MS) }).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))));
  body.catch(() => remoteDocs.delete(url));
  remoteDocs.set(url, { until: Date.now() + REMOTE_DOCS_TTL_MS, body });
  return body;
}

/** The page's own stylesheets: its module from the remotes' routes, its CSS from that remote's manifest. */
async function pageStylesheets(remotes: Record<string, string>, pathname: string): Promise<string[]> {
  const declared = await Promise.all(
    Object.entries(remotes).map(async ([name, manifest]) => [name, (await remoteDoc(new URL('routes.json', manifest).href)) as RemoteRoutes] as const),
  );
  const id = firstPageModule(composeRoutes(declared), pathname);
  if (!id) return [];
  const remote = id.slice(0, id.indexOf('/'));
  const manifestUrl = remotes[remote]!;
  const manifest = (await remoteDoc(manifestUrl)) as { exposes?: Array<{ name?: string; assets?: { css?: { sync?: string[] } } }> };
  const files = manifest.exposes?.find((e) => e.name === id.slice(remote.length + 1))?.assets?.css?.sync ?? [];
  return files.map((file) => new URL(file, manifestUrl).href);
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * index.html of `root` with the search page's top written in, or null (not a search, switched off,
 * or the API or a remote did not answer in time): the plain page is served then.
 */
export async function serverFirstPaint(
  root: string,
  url: URL,
  documents: { apiBaseUrl: string; remotes: Record<string, string>; shellOrigin: string },
): Promise<string | null> {
  if (!existsSync(path.join(root, 'server-first-paint'))) return null;
  const reads = firstReads(url.pathname, url.search);
  if (reads?.pattern !== '/search') return null;
  try {
    const signal = AbortSignal.timeout(BUDGET_MS);
    const [bodies, stylesheets] = await Promise.all([
      Promise.all(
        reads.paint.map(async (p) => {
          const response = await fetch(apiUrl(documents.apiBaseUrl, p), {
            headers: { Accept: 'application/json', 'X-Client-Domain': documents.shellOrigin },
            signal,
          });
          return response.ok ? ((await response.json()) as unknown) : null;
        }),
      ),
      pageStylesheets(documents.remotes, url.pathname),
    ]);
    if (bodies.includes(null) || stylesheets.length === 0) return null;
    const spec = FIRST_SCREENS[reads.pattern];
    const screen = spec.draw(bodies, document, (p) => apiUrl(documents.apiBaseUrl, p), { pathname: url.pathname, search: url.search });
    if (!screen) return null;
    const head = [
      ...stylesheets.map((href) => `<link rel="stylesheet" href="${attribute(href)}">`),
      ...screen.images
        .slice(0, PRELOADED_CARD_PICTURES)
        .map((image) => `<link rel="preload" as="image" fetchpriority="high" href="${attribute(apiUrl(documents.apiBaseUrl, image))}">`),
    ].join('');
    const html = readFileSync(path.join(root, 'index.html'), 'utf8');
    const area = /(<div class="page-loading" aria-busy="true">)[\s\S]*?(<\/div>\s*<\/main>)/;
    if (!area.test(html)) return null;
    return html.replace('</head>', `${head}</head>`).replace(area, (_m, open: string, close: string) => `${open}${(screen.content as Element).outerHTML}${close}`);
  } catch {
    return null;
  }
}
