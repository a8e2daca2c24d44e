// The first reads of the pages whose first paint waits on the API (firstData.ts loads this only on
// those pages, so / carries none of it): each page's open API reads start as soon as /config.json
// says where the API is, the picture that will be the page's largest paint is preloaded, and the top
// of the page is painted from the answer into index.html's page area (firstPaint.ts), all while the
// JS downloads.
// Only contracts imports: this runs before the shared libraries load.
import { apiPaths, CLIENT_DOMAIN_HEADER, routePatterns, type ProductResponse } from '@grocer/shared/contracts';
import { readConfigDocument } from './config.ts';
import { patternParams, type FirstDataPattern, type InFlight } from './firstData.ts';
import { paintFirstPage } from './firstPaint.ts';

/** What the entry draws from an early answer: the page's largest picture, and the top of the page. */
export interface FirstScreen {
  /** An API path or an absolute URL. */
  image: string;
  /** Built with DOM nodes (never markup from the answer), the same classes as the page's own, so
   * shell.css lays it out as the page will and nothing moves when the page replaces it. */
  content: Node;
}

/** One open GET a page makes on its first render, with the same path its endpoint builds. */
export interface FirstRead {
  path: string;
  /** What the answer shows first; null when it shows nothing (an unknown product, an error). */
  firstScreen?: (body: unknown, doc: Document, url: (pathOrUrl: string) => string) => FirstScreen | null;
}

type Reads = (params: Readonly<Record<string, string>>, search: URLSearchParams) => FirstRead[];

/** What each page of FIRST_DATA_PATTERNS reads first (its type asks for every one of them). */
const FIRST_READS: Record<FirstDataPattern, Reads> = {
  [routePatterns.product]: ({ productUuid }) => [{ path: apiPaths.product(productUuid!), firstScreen: productFirstScreen }],
};

/** mf-catalog's ProductPage as it first renders: the banner (PageBanner) and the large picture. */
function productFirstScreen(body: unknown, doc: Document, url: (pathOrUrl: string) => string): FirstScreen | null {
  const product = (body as Partial<ProductResponse> | null)?.product;
  if (typeof product?.image !== 'string' || typeof product.name !== 'string') return null;
  const element = (tag: string, className: string | null, ...children: Array<Node | string>) => {
    const node = doc.createElement(tag);
    if (className) node.className = className;
    node.append(...children);
    return node;
  };
  const crumbs = ['Home', product.store?.name, product.category?.name, product.name].filter((c): c is string => typeof c === 'string');
  const image = element('img', null);
  for (const [name, value] of Object.entries({
    src: url(product.image),
    alt: '',
    width: '400',
    height: '400',
    fetchpriority: 'high',
    decoding: 'async',
  })) {
    image.setAttribute(name, value);
  }
  const content = element(
    'div',
    'page product-page',
    element(
      'header',
      'page-banner',
      element('div', 'breadcrumbs', element('ol', null, ...crumbs.map((crumb) => element('li', null, crumb)))),
      element(
        'div',
        'page-banner-main',
        element('div', null, element('h1', null, product.name), element('p', 'page-banner-subtitle', product.brand ?? '')),
      ),
    ),
    element('div', 'product-layout', element('div', 'product-media', image)),
  );
  // A picture of what React renders next, read from the page itself once it is there.
  (content as HTMLElement).setAttribute('aria-hidden', 'true');
  return { image: product.image, content };
}

/** What the first screen at this location reads from the API before its code has loaded. */
export function firstReads(pathname: string, search = ''): FirstRead[] {
  for (const [pattern, reads] of Object.entries(FIRST_READS)) {
    const params = patternParams(pattern, pathname);
    if (params) return reads(params, new URLSearchParams(search));
  }
  return [];
}

/** A URL of the API: its paths are relative to the base URL, anything absolute stays as it is. */
function apiUrl(apiBaseUrl: string, pathOrUrl: string): string {
  return pathOrUrl.startsWith('/') ? `${apiBaseUrl.replace(/\/+$/, '')}${pathOrUrl}` : pathOrUrl;
}

/** Asks the browser for the page's largest picture now, at the priority the page's <img> asks for it. */
function preloadImage(doc: Document, href: string): void {
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.setAttribute('fetchpriority', 'high');
  doc.head.append(link);
}

/** The API's base URL from /config.json; null when it cannot be read (loadRuntimeConfig reports that). */
async function readApiBaseUrl(): Promise<string | null> {
  try {
    const response = await readConfigDocument();
    if (!response.ok) return null;
    const { apiBaseUrl } = (await response.json()) as { apiBaseUrl?: unknown };
    return typeof apiBaseUrl === 'string' ? apiBaseUrl : null;
  } catch {
    return null;
  }
}

/**
 * Starts the first screen's reads. Resolves, never rejects, to the answers in flight by absolute URL:
 * empty when the route reads nothing early or /config.json cannot be read.
 */
export async function startFirstReads(location: Pick<Location, 'pathname' | 'search' | 'origin'>, doc: Document): Promise<InFlight> {
  const inFlight = new Map<string, Promise<Response>>();
  const reads = firstReads(location.pathname, location.search);
  if (reads.length === 0) return inFlight;
  const apiBaseUrl = await readApiBaseUrl();
  if (apiBaseUrl === null) return inFlight;
  for (const read of reads) {
    const url = apiUrl(apiBaseUrl, read.path);
    // The same request the base query would send (@grocer/shared baseQuery.ts), so its answer serves it.
    const response = fetch(url, { headers: { Accept: 'application/json', [CLIENT_DOMAIN_HEADER]: location.origin } });
    inFlight.set(url, response);
    // A failed read is the page's to meet (the base query then asks again), not an unhandled rejection.
    response.catch(() => undefined);
    if (read.firstScreen) {
      const draw = read.firstScreen;
      // The copy is made before the base query can read the body; a failed read only loses the head start.
      response
        .then((r) => (r.ok ? r.clone().json() : null))
        .then((body: unknown) => {
          const screen = body === null ? null : draw(body, doc, (pathOrUrl) => apiUrl(apiBaseUrl, pathOrUrl));
          if (!screen) return;
          preloadImage(doc, apiUrl(apiBaseUrl, screen.image));
          paintFirstPage(screen.content, doc);
        })
        .catch(() => undefined);
    }
  }
  return inFlight;
}
