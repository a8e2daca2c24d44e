// The catalogue's pictures, drawn as small SVGs from the seed definitions (nothing is fetched from the
// internet): a logo per store, a picture per category item. Each URL carries a hash of its content
// (`/images/stores/lakeview-fresh.3f9a1c2b7d.svg`), so the route can honestly send them `immutable`.
import { createHash } from 'node:crypto';
import { CATEGORY_SEEDS, STORE_SEEDS, type CategorySeed, type StoreSeed } from '../../seed/catalogueData.ts';

export interface CatalogueImage {
  /** The current versioned path, e.g. /images/stores/lakeview-fresh.3f9a1c2b7d.svg */
  path: string;
  svg: string;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

function storeLogo(store: StoreSeed): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120" role="img" aria-label="${escapeXml(store.name)}">` +
    `<rect width="120" height="120" rx="24" fill="${store.color}"/>` +
    `<path d="M28 46h64l-6 34H34z" fill="none" stroke="#fff" stroke-width="5" stroke-linejoin="round"/>` +
    `<path d="M44 46l8-16M76 46l-8-16" stroke="#fff" stroke-width="5" stroke-linecap="round"/>` +
    `<text x="60" y="104" font-family="Arial,Helvetica,sans-serif" font-size="18" font-weight="700" fill="#fff" text-anchor="middle">${initials(store.name)}</text>` +
    `</svg>`
  );
}

function itemPicture(category: CategorySeed, itemName: string): string {
  const letter = escapeXml(itemName.replace(/[^A-Za-z0-9]/g, '')[0]?.toUpperCase() ?? '?');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img" aria-label="${escapeXml(itemName)}">` +
    `<rect width="200" height="200" fill="${category.color}"/>` +
    `<circle cx="100" cy="88" r="54" fill="#fff" fill-opacity=".55"/>` +
    `<text x="100" y="110" font-family="Arial,Helvetica,sans-serif" font-size="64" font-weight="700" fill="#333" text-anchor="middle">${letter}</text>` +
    `<text x="100" y="178" font-family="Arial,Helvetica,sans-serif" font-size="15" fill="#333" text-anchor="middle">${escapeXml(category.name)}</text>` +
    `</svg>`
  );
}

const version = (svg: string) => createHash('sha256').update(svg).digest('hex').slice(0, 10);

/** Images by their unversioned key: `stores/<publicId>` and `products/<categorySlug>-<itemIndex>`. */
const IMAGES = new Map<string, CatalogueImage>();

function add(key: string, svg: string): void {
  IMAGES.set(key, { path: `/images/${key}.${version(svg)}.svg`, svg });
}

for (const store of STORE_SEEDS) add(`stores/${store.publicId}`, storeLogo(store));
for (const category of CATEGORY_SEEDS) {
  category.items.forEach(([name], index) => add(`products/${category.slug}-${index}`, itemPicture(category, name)));
}

/** The versioned path of a store's logo. */
export function storeLogoPath(publicId: string): string {
  return IMAGES.get(`stores/${publicId}`)?.path ?? '';
}

/** The versioned path of a category item's picture. */
export function productImagePath(categorySlug: string, itemIndex: number): string {
  return IMAGES.get(`products/${categorySlug}-${itemIndex}`)?.path ?? '';
}

/**
 * Looks up `/images/<kind>/<name>.<hash>.svg`. `stale` is true when the name is known but the hash is
 * an older version: the route then redirects to the current path instead of serving it as immutable.
 */
export function findImage(kind: string, file: string): { image: CatalogueImage; stale: boolean } | undefined {
  const match = /^(.+)\.([0-9a-f]{10})\.svg$/.exec(file);
  if (!match) return undefined;
  const image = IMAGES.get(`${kind}/${match[1]}`);
  if (!image) return undefined;
  return { image, stale: !image.path.endsWith(`.${match[2]}.svg`) };
}
