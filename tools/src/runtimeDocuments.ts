// The shell's runtime documents (/config.json, /remotes.json: where the API and the remotes are, set
// by ops at start, never built in) written into the page that the shell's server sends, each in place
// of index.html's preload of it. The entry then reads them from the page (shell/src/app/config.ts
// readRuntimeDocument) instead of asking for them: on a fresh connection those two requests went out
// with the entry script and took the connection the HTML came on, so the script, which everything
// after waits for, came on a new one. The documents stay served as they are, for the page server, ops
// and any host that sends index.html unchanged (the entry then fetches them, preloaded as before).
// nginx does the same with sub_filter (docker/shell/40-grocer-runtime-documents.sh).
import { jsonDataBlock, RUNTIME_DOCUMENT } from '@grocer/shared/contracts';

/** index.html's preload of the document at `route` (shell/src/index.html), however the build writes its attributes. */
const preloadOf = (route: string) =>
  new RegExp(`<link\\b(?=[^>]*\\brel="preload")(?=[^>]*\\bhref="${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}")[^>]*>`);

/** The data block a document is written into the page as. */
export const dataBlockOf = (route: string, value: unknown) => jsonDataBlock(RUNTIME_DOCUMENT, route, value);

/**
 * The two connections to the API a page opens while its HTML parses, before any script runs, when
 * /config.json puts the API on an origin of its own: API calls are CORS requests without
 * credentials, product images plain ones, and a browser keeps those on separate connections.
 */
export function apiPreconnects(config: unknown): string {
  const apiBaseUrl = (config as { apiBaseUrl?: unknown } | null)?.apiBaseUrl;
  // A relative base URL is the page's own origin, already connected.
  if (typeof apiBaseUrl !== 'string' || !URL.canParse(apiBaseUrl)) return '';
  const { origin, protocol } = new URL(apiBaseUrl);
  if (!/^https?:$/.test(protocol)) return '';
  return `<link rel="preconnect" href="${origin}" crossorigin><link rel="preconnect" href="${origin}">`;
}

/** What a document's preload is replaced by: the document, after the connections it names. */
const inPage = (route: string, value: unknown) => (route === '/config.json' ? apiPreconnects(value) : '') + dataBlockOf(route, value);

/** `html` with each document's preload replaced by the document itself; a page without the preload is left as it is. */
export function inlineRuntimeDocuments(html: string, documents: Record<string, unknown>): string {
  let out = html;
  for (const [route, value] of Object.entries(documents)) out = out.replace(preloadOf(route), () => inPage(route, value));
  return out;
}
