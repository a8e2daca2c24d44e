// What the entry paints of a data page before its code has loaded (firstData.ts loads this only on
// those pages): the page's largest picture, preloaded as soon as the answer names it, and the top of
// the page, painted into index.html's page area (firstPaint.ts) with the same classes as the page's
// own, so shell.css lays it out as the page will and nothing moves when the page replaces it.
import { routePatterns, type ProductResponse } from '@grocer/shared/contracts';
import { apiUrl, type FirstDataPattern } from './firstData.ts';
import { paintFirstPage } from './firstPaint.ts';

/** What a page shows first from its first answer; null when it shows nothing (an unknown product, an error). */
export interface FirstScreen {
  /** An API path or an absolute URL. */
  image: string;
  /** Built with DOM nodes, never markup from the answer. */
  content: Node;
}

type Draw = (bodies: unknown[], doc: Document, url: (pathOrUrl: string) => string) => FirstScreen | null;

/** Each page of firstData.ts's FIRST_READS (its type asks for every one), drawn from its answers in that order. */
const FIRST_SCREENS: Record<FirstDataPattern, Draw> = {
  [routePatterns.product]: ([body], doc, url) => productFirstScreen(body, doc, url),
};

/** mf-catalog's ProductPage as it first renders: the banner (PageBanner) and the large picture. */
export function productFirstScreen(body: unknown, doc: Document, url: (pathOrUrl: string) => string): FirstScreen | null {
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
  const attributes = { src: url(product.image), alt: '', width: '400', height: '400', fetchpriority: 'high', decoding: 'async' };
  for (const [name, value] of Object.entries(attributes)) image.setAttribute(name, value);
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

/** Asks the browser for the page's largest picture now, at the priority the page's <img> asks for it. */
function preloadImage(doc: Document, href: string): void {
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.setAttribute('fetchpriority', 'high');
  doc.head.append(link);
}

/** Preloads the picture and paints the page's top once the answers (JSON bodies, null for a failed read) are in. */
export async function paintFirstScreen(
  pattern: FirstDataPattern,
  bodies: Array<Promise<unknown>>,
  apiBaseUrl: string,
  doc: Document,
): Promise<void> {
  const answers = await Promise.all(bodies);
  if (answers.includes(null)) return;
  const screen = FIRST_SCREENS[pattern](answers, doc, (pathOrUrl) => apiUrl(apiBaseUrl, pathOrUrl));
  if (!screen) return;
  preloadImage(doc, apiUrl(apiBaseUrl, screen.image));
  paintFirstPage(screen.content, doc);
}
