import Fastify, { type FastifyInstance } from 'fastify';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { handedOver } from '../../shell/src/app/paintFirstScreen.ts';
import { createPagePainter, parseReach, shellFileOf, type PagePaintOptions } from './pagePaint.ts';

// The API and a catalogue remote as the page step reads them, on one local server. Their public
// URLs (what browsers use, and what goes into the page) name another host: the step reaches them
// through `reach`, as it reaches other containers in docker-compose.
const PUBLIC_API = 'http://api.public.test';
const PUBLIC_CATALOG = 'http://catalog.public.test/mf-manifest.json';

const INDEX_HTML =
  '<!doctype html><html><head><title>Grocer</title><link href="/main.0123456789.css" rel="stylesheet"></head><body><div id="root"><main class="site-main">' +
  '<div class="page-loading" aria-busy="true">\n<div class="page">static placeholder</div>\n</div>\n</main></div></body></html>';

const product = (n: number) => ({
  uuid: `00000000-0000-4000-8000-00000000000${n}`,
  name: `Product ${n} <b>bold</b>`,
  image: `/images/products/p${n}.svg`,
  price_cents: 199 + n + behaviour.priceOffset,
  stockStatus: 'IN_STOCK',
  unitPrice: { label: '$0.22/oz' },
  store: { uuid: 's', name: 'Andersonville Co-op', publicId: 'andersonville-co-op' },
});

let world: FastifyInstance;
let origin: string;
const seen: string[] = [];
const SEARCH_CSS = '.search-page{display:grid}';
const behaviour = { searchDelayMs: 0, searchStatus: 200, routesUp: true, css: SEARCH_CSS, priceOffset: 0 };

beforeAll(async () => {
  world = Fastify({ forceCloseConnections: true });
  world.addHook('onRequest', async (request) => void seen.push(request.url));
  world.get('/open/products/search/global/paginated', async (request, reply) => {
    // A slow answer; the step's giving up closes the request, which ends the wait.
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, behaviour.searchDelayMs);
      request.raw.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    return reply.code(behaviour.searchStatus).send({
      products: [1, 2, 3, 4, 5].map(product),
      pagination: { currentPage: 1, totalPages: 1, totalItems: 5, itemsPerPage: 20 },
    });
  });
  world.get('/catalog/routes.json', async (_request, reply) =>
    behaviour.routesUp
      ? { routes: [{ path: '/search', module: 'SearchPage', access: 'public' }] }
      : reply.code(503).send({ message: 'down' }),
  );
  world.get('/catalog/__federation_expose_SearchPage.0123456789.css', async (_request, reply) =>
    reply.type('text/css').send(behaviour.css),
  );
  world.get('/catalog/mf-manifest.json', async () => ({
    metaData: { publicPath: 'auto' },
    exposes: [{ name: 'SearchPage', assets: { css: { sync: ['__federation_expose_SearchPage.0123456789.css'] } } }],
  }));
  world.get('/open/store-rules', async () => [{ storeUuid: 's', name: 'Corner </script><b>Shop', minOrderCents: 1500 }]);
  world.get('/cart/routes.json', async () => ({ routes: [{ path: '/cart', module: 'CartPage', access: 'public' }] }));
  world.get('/cart/mf-manifest.json', async () => ({
    metaData: { publicPath: 'auto' },
    exposes: [{ name: 'CartPage', assets: { css: { sync: ['cart.0123456789.css'] } } }],
  }));
  world.get('/cart/cart.0123456789.css', async (_request, reply) => reply.type('text/css').send('.cart-page{gap:1rem}'));
  origin = await world.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(() => world.close());

beforeEach(() => {
  seen.length = 0;
  Object.assign(behaviour, { searchDelayMs: 0, searchStatus: 200, routesUp: true, css: SEARCH_CSS, priceOffset: 0 });
});

// The shop's 250 ms budget is a promise to shoppers, not to a test worker sharing two cores with
// eight others: cases that expect a drawing get room, and the slow case sets its own small budget.
function painter(extra: Partial<PagePaintOptions> = {}) {
  return createPagePainter({
    budgetMs: 10_000,
    indexHtml: () => INDEX_HTML,
    documents: () => ({ apiBaseUrl: PUBLIC_API, remotes: { catalog: PUBLIC_CATALOG } }),
    reach: (url) => url.replace(PUBLIC_API, origin).replace('http://catalog.public.test', `${origin}/catalog`),
    ...extra,
  });
}

const page = (path: string) => new URL(path, 'http://shop.test');

describe('the page step', () => {
  it("draws a search's top into index.html, with the page's stylesheet and first pictures in <head>", async () => {
    const html = await painter()(page('/search?q=milk'));
    expect(html).not.toBeNull();
    const { document } = new (await import('jsdom')).JSDOM(html!).window;
    const area = document.querySelector('.page-loading')!;
    expect(area.hasAttribute('data-server-painted')).toBe(true);
    expect(area.querySelector('h1')?.textContent).toBe('Search Results');
    // The answer's text stays text.
    expect(area.querySelector('.product-card-name')?.textContent).toBe('Product 1 <b>bold</b>');
    expect(area.querySelector('b')).toBeNull();
    // Public URLs in the page, whatever the step reached them through.
    expect(area.querySelector('img')?.getAttribute('src')).toBe(`${PUBLIC_API}/images/products/p1.svg`);
    expect([...document.head.querySelectorAll('style[data-page-stylesheet]')].map((style) => style.textContent)).toEqual([SEARCH_CSS]);
    // The shell's own stylesheet stays linked when the step cannot read the shell's files.
    expect(html).toContain('<link href="/main.0123456789.css" rel="stylesheet">');
    expect([...document.head.querySelectorAll('link')].map((l) => `${l.rel} ${l.getAttribute('href')}`)).toEqual([
      'stylesheet /main.0123456789.css',
      `preload ${PUBLIC_API}/images/products/p1.svg`,
      `preload ${PUBLIC_API}/images/products/p2.svg`,
    ]);
    // A picture of the page, out of reach of keyboards and assistive technology until React replaces it.
    expect(area.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    expect(area.firstElementChild?.hasAttribute('inert')).toBe(true);
    expect(html).not.toContain('static placeholder');
  });

  it("writes the shell's own stylesheets in too when it can read the shell's files, each read once", async () => {
    const reads: string[] = [];
    const paint = painter({
      shellFile: async (file) => {
        reads.push(file);
        return '.layout{display:flex}';
      },
    });
    const html = await paint(page('/search?q=milk'));
    expect(html).toContain('<title>Grocer</title><style>.layout{display:flex}</style>');
    expect(html).not.toContain('main.0123456789.css');
    await paint(page('/search?q=eggs'));
    expect(reads).toEqual(['/main.0123456789.css']);
    // A file it cannot read stays linked, and is tried again on the next page.
    let up = false;
    const flaky = painter({ shellFile: async () => (up ? '.layout{}' : Promise.reject(new Error('gone'))) });
    expect(await flaky(page('/search?q=milk'))).toContain('<link href="/main.0123456789.css" rel="stylesheet">');
    up = true;
    expect(await flaky(page('/search?q=milk'))).toContain('<style>.layout{}</style>');
  });

  it('reads the remote routes and manifest again only after a few seconds', async () => {
    const paint = painter();
    expect(await paint(page('/search?q=milk'))).toContain('data-server-painted');
    expect(await paint(page('/search?q=eggs'))).toContain('data-server-painted');
    expect(seen.filter((url) => url.startsWith('/catalog/'))).toEqual([
      '/catalog/routes.json',
      '/catalog/mf-manifest.json',
      '/catalog/__federation_expose_SearchPage.0123456789.css',
    ]);
    expect(seen.filter((url) => url.startsWith('/open/'))).toHaveLength(2);
  });

  it('draws anew whenever an answer changes: a drawing is kept only for the answers it was drawn from', async () => {
    const paint = painter();
    expect(await paint(page('/search?q=milk'))).toContain('$2.00');
    behaviour.priceOffset = 100;
    const again = await paint(page('/search?q=milk'));
    expect(again).toContain('$3.00');
    expect(again).not.toContain('$2.00');
  });

  it('serves the plain page when the API fails, is too slow, or the page remote is down', async () => {
    behaviour.searchStatus = 500;
    expect(await painter()(page('/search?q=milk'))).toBeNull();

    behaviour.searchStatus = 200;
    behaviour.searchDelayMs = 2_000;
    const started = Date.now();
    expect(await painter({ budgetMs: 100 })(page('/search?q=milk'))).toBeNull();
    expect(Date.now() - started).toBeLessThan(1_000);

    behaviour.searchDelayMs = 0;
    behaviour.routesUp = false;
    expect(await painter()(page('/search?q=milk'))).toBeNull();

    // Nothing listening at all.
    expect(await painter({ reach: () => 'http://127.0.0.1:9/' })(page('/search?q=milk'))).toBeNull();
  });

  it('leaves other pages and URLs with choices in them to the browser, reading nothing', async () => {
    const paint = painter();
    for (const path of ['/', '/account', '/contact', '/search?q=milk&sort=price', '/search?q=']) {
      expect(await paint(page(path))).toBeNull();
    }
    expect(seen).toEqual([]);
  });

  it("writes only the stylesheets and the stores' rules into the cart, which the entry paints from the browser's storage", async () => {
    const html = await painter({
      documents: () => ({ apiBaseUrl: PUBLIC_API, remotes: { cartCheckout: 'http://cart.public.test/mf-manifest.json' } }),
      reach: (url) => url.replace(PUBLIC_API, origin).replace('http://cart.public.test', `${origin}/cart`),
    })(page('/cart'));
    expect(html).toContain(
      '<style data-page-stylesheet>.cart-page{gap:1rem}</style><script type="application/json" data-api-path="/open/store-rules">',
    );
    expect(html).not.toContain('data-server-painted');
    expect(html).toContain('static placeholder');
    expect(seen.filter((url) => url.startsWith('/open/'))).toEqual(['/open/store-rules']);
    // Handed over as data: its text cannot end the element, and the entry reads it back as it was.
    expect(html).not.toContain('</script><b>');
    const { document } = new (await import('jsdom')).JSDOM(html!).window;
    expect(handedOver('/open/store-rules', document)).toEqual([{ storeUuid: 's', name: 'Corner </script><b>Shop', minOrderCents: 1500 }]);
    expect(handedOver('/open/stores', document)).toBeUndefined();
  });

  it('never writes a stylesheet that could close its <style> element', async () => {
    behaviour.css = '.a{}</style><script>alert(1)</script>';
    expect(await painter()(page('/search?q=milk'))).toBeNull();
  });

  it('serves the plain page when index.html has no page area to draw into', async () => {
    expect(await painter({ indexHtml: () => '<!doctype html><html><head></head><body></body></html>' })(page('/search?q=milk'))).toBeNull();
  });
});

describe('shellFileOf', () => {
  it('reads a file of the served folder by its page path, and nothing outside it', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'grocer-shell-file-'));
    const root = path.join(parent, 'dist');
    mkdirSync(root);
    writeFileSync(path.join(root, 'main.css'), '.a{}');
    writeFileSync(path.join(parent, 'secret.css'), 'secret');
    const read = shellFileOf(root);
    expect(await read('/main.css')).toBe('.a{}');
    await expect(read('/../secret.css')).rejects.toThrow();
    await expect(read('../secret.css')).rejects.toThrow();
  });
});

describe('parseReach', () => {
  it('maps public URL prefixes to internal ones, and leaves any other URL as it is', () => {
    const reach = parseReach(' http://localhost:4000=http://gateway:8080\n http://localhost:3001/=http://mf-catalog:8080/ ');
    expect(reach('http://localhost:4000/open/stores')).toBe('http://gateway:8080/open/stores');
    expect(reach('http://localhost:3001/mf-manifest.json')).toBe('http://mf-catalog:8080/mf-manifest.json');
    // A prefix matches whole path segments only.
    expect(reach('http://localhost:40001/x')).toBe('http://localhost:40001/x');
    expect(reach('https://cdn.example/a.css')).toBe('https://cdn.example/a.css');
    expect(() => parseReach('http://a=http://b=http://c')).toThrow(/PAGE_REACH/);
    expect(() => parseReach('http://a')).toThrow(/PAGE_REACH/);
  });
});
