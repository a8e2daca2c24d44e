// The shop's sitemap (sitemaps.org 0.9) and robots.txt: every store, each store's categories that have
// active products, and every active product, as absolute URLs on the shop (PUBLIC_SHELL_URL). Written
// here, not by the shell, because only the API knows the catalogue; the shell's origin passes both on.
import { OPS_INVITATION_PAGE, routePatterns } from '@grocer/shared/contracts';
import { asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products, storeCategoryCounts, stores, categories } from '../../db/schema.ts';

/** sitemaps.org: at most 50,000 URLs (and 50 MB) per file; past that, an index of parts. */
export const SITEMAP_MAX_URLS = 50_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const segment = encodeURIComponent;

/** The URL is the text of an element: &, <, >, quotes escaped (a publicId could hold any of them). */
function xmlText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Every page path of the catalogue, stores first, each store's categories, then its products. */
export async function catalogueUrls(db: Database): Promise<string[]> {
  const [storeRows, categoryRows, productRows] = await Promise.all([
    db.select({ id: stores.id, publicId: stores.publicId }).from(stores).orderBy(asc(stores.name), asc(stores.id)),
    db
      .select({ storeId: storeCategoryCounts.storeId, uuid: categories.uuid })
      .from(storeCategoryCounts)
      .innerJoin(categories, eq(categories.id, storeCategoryCounts.categoryId))
      .where(gt(storeCategoryCounts.activeProductCount, 0))
      .orderBy(asc(categories.name), asc(categories.id)),
    db
      .select({ storeId: products.storeId, uuid: products.uuid })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(asc(products.id)),
  ]);
  const storePaths = new Map(storeRows.map((s) => [s.id, routePatterns.store.replace(':pathName', segment(s.publicId))]));
  const urls: string[] = [];
  for (const [id, base] of storePaths) {
    urls.push(base);
    for (const c of categoryRows) if (c.storeId === id) urls.push(`${base}/category/${segment(c.uuid)}`);
  }
  for (const p of productRows) {
    const base = storePaths.get(p.storeId);
    if (base) urls.push(`${base}/product/${segment(p.uuid)}`);
  }
  return urls;
}

/** How many parts the sitemap has: 1 is a plain urlset at /sitemap.xml, more an index of /sitemap-N.xml. */
export const sitemapParts = (urlCount: number) => Math.max(1, Math.ceil(urlCount / SITEMAP_MAX_URLS));

/** A urlset of absolute URLs. */
export function urlsetXml(shopUrl: string, paths: readonly string[]): string {
  const entries = paths.map((p) => `<url><loc>${xmlText(`${shopUrl}${p}`)}</loc></url>`).join('\n');
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${entries}\n</urlset>\n`;
}

/** A sitemap index naming the parts /sitemap-1.xml … /sitemap-N.xml on the shop. */
export function sitemapIndexXml(shopUrl: string, parts: number): string {
  const entries = Array.from({ length: parts }, (_, i) => `<sitemap><loc>${xmlText(`${shopUrl}/sitemap-${i + 1}.xml`)}</loc></sitemap>`);
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** Part `n` (1-based) of the URLs, or undefined past the last part. */
export function sitemapPart(paths: readonly string[], n: number): string[] | undefined {
  if (!Number.isInteger(n) || n < 1 || n > sitemapParts(paths.length)) return undefined;
  return paths.slice((n - 1) * SITEMAP_MAX_URLS, n * SITEMAP_MAX_URLS);
}

/**
 * Pages a search engine has no business in: a shopper's own (account, checkout, orders), the
 * one-time links of mails, and the staff side. Everything else, catalogue included, may be crawled.
 */
const PRIVATE_PREFIXES = [
  routePatterns.account,
  routePatterns.checkout,
  routePatterns.orderHistory,
  routePatterns.orderConfirmation.replace(':orderId', ''),
  routePatterns.orderDetails.replace(':orderId', ''),
  routePatterns.verifyEmail,
  routePatterns.resetPassword,
  // The staff side: every ops page is under /admin (mf-ops OPS_PATTERNS), its invitation link apart.
  '/admin',
  OPS_INVITATION_PAGE,
];

export function robotsTxt(shopUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...PRIVATE_PREFIXES.map((p) => `Disallow: ${p}`), '', `Sitemap: ${shopUrl}/sitemap.xml`, ''].join(
    '\n',
  );
}
