// The sitemap and robots.txt over HTTP: well-formed sitemaps.org XML of absolute shop URLs, active
// products only, cached like the catalogue, and an index of parts once one file would be too long.
import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import type { App } from '../../app.ts';
import { categories, products, stores } from '../../db/schema.ts';
import { seedCatalogue } from '../../seed/seedCatalogue.ts';
import { refreshCatalogueCounts } from '../../services/catalogue/counts.ts';
import { sitemapIndexXml, sitemapPart, SITEMAP_MAX_URLS, sitemapParts } from '../../services/catalogue/sitemap.ts';
import { shelfFields } from '../../testing/catalogue.ts';
import { buildTestApp } from '../../testing/testApp.ts';

const SHOP = 'https://shop.example.com';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
let app: App;
let active: { uuid: string };
let inactive: { uuid: string };
let store: { id: number; publicId: string };

/** Parses as XML (jsdom throws on a document that is not well-formed) and lists the <loc>s. */
function locs(xml: string, root: 'urlset' | 'sitemapindex') {
  const doc = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
  expect(doc.documentElement.localName).toBe(root);
  expect(doc.documentElement.namespaceURI).toBe(NS);
  return [...doc.getElementsByTagNameNS(NS, 'loc')].map((loc) => loc.textContent ?? '');
}

async function addProduct(name: string, isActive: boolean) {
  const [dairy] = await app.db.select().from(categories).where(eq(categories.name, 'Dairy & Eggs'));
  const [row] = await app.db
    .insert(products)
    .values({
      uuid: crypto.randomUUID(),
      storeId: store.id,
      categoryId: dairy!.id,
      name,
      ...shelfFields(name),
      image: '/images/products/whole-milk.x.svg',
      priceCents: 399,
      stockQuantity: 5,
      isActive,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  app = await buildTestApp({ config: { publicShellUrl: SHOP } });
  await seedCatalogue(app.db, { products: 120 });
  store = (await app.db.select().from(stores).where(eq(stores.publicId, 'loop-provisions')))[0]!;
  active = await addProduct('Sitemap Listed Butter', true);
  inactive = await addProduct('Sitemap Hidden Butter', false);
  await refreshCatalogueCounts(app.db);
  app.services.catalogue.invalidate();
});
afterAll(() => app.close());

describe('GET /open/sitemap.xml', () => {
  it('lists every store, its categories and its active products as absolute shop URLs', async () => {
    const res = await app.inject({ method: 'GET', url: '/open/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.headers.etag).toBeDefined();
    const urls = locs(res.body, 'urlset');
    expect(urls.every((url) => url.startsWith(`${SHOP}/store/`))).toBe(true);
    expect(urls).toContain(`${SHOP}/store/loop-provisions`);
    expect(urls).toContain(`${SHOP}/store/loop-provisions/product/${active.uuid}`);
    expect(urls.some((url) => /^https:\/\/shop\.example\.com\/store\/loop-provisions\/category\/[0-9a-f-]{36}$/.test(url))).toBe(true);
    expect(res.body).not.toContain(inactive.uuid);
    const storeCount = (await app.db.select().from(stores)).length;
    expect(urls.filter((url) => /^https:\/\/[^/]+\/store\/[^/]+$/.test(url))).toHaveLength(storeCount);
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('is answered again from the catalogue cache, and a 304 on its ETag', async () => {
    const first = await app.inject({ method: 'GET', url: '/open/sitemap.xml' });
    const again = await app.inject({ method: 'GET', url: '/open/sitemap.xml', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('has no parts while it fits one file', async () => {
    const res = await app.inject({ method: 'GET', url: '/open/sitemap/2' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'The sitemap has no part 2' });
    expect((await app.inject({ method: 'GET', url: '/open/sitemap/zero' })).statusCode).toBe(400);
  });
});

describe('a sitemap past 50,000 URLs', () => {
  const many = Array.from({ length: SITEMAP_MAX_URLS + 3 }, (_, i) => `/store/s/product/${i}`);

  it('becomes an index of parts, each within the limit', () => {
    expect(sitemapParts(many.length)).toBe(2);
    expect(locs(sitemapIndexXml(SHOP, 2), 'sitemapindex')).toEqual([`${SHOP}/sitemap-1.xml`, `${SHOP}/sitemap-2.xml`]);
    expect(sitemapPart(many, 1)).toHaveLength(SITEMAP_MAX_URLS);
    expect(sitemapPart(many, 2)).toEqual(many.slice(SITEMAP_MAX_URLS));
    expect(sitemapPart(many, 3)).toBeUndefined();
  });
});

describe('GET /open/robots.txt', () => {
  it('allows the catalogue, keeps shoppers’ own and staff pages out, and names the sitemap', async () => {
    const res = await app.inject({ method: 'GET', url: '/open/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /account', 'Disallow: /checkout', 'Disallow: /admin']),
    );
    expect(lines).toContain(`Sitemap: ${SHOP}/sitemap.xml`);
    expect(lines.some((line) => /^Disallow: \/store/.test(line))).toBe(false);
  });
});
