// The catalogue's pictures, built once when the API (or the seed) loads, never per request: a logo per
// store (its initials, large enough to read at 24 px) and a picture per item (its artwork from the
// Fluent Emoji Flat set, MIT-licensed, installed from npm, on a calm background of its category).
// Each URL carries a hash of its content (`/images/products/whole-milk.3f9a1c2b7d.svg`), so the route
// can honestly send them `immutable`.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CATEGORY_SEEDS, STORE_SEEDS, type CategorySeed, type StoreSeed } from './catalogueData.ts';

export interface CatalogueImage {
  /** The current versioned path, e.g. /images/stores/lakeview-fresh.3f9a1c2b7d.svg */
  path: string;
  svg: string;
}

interface IconifyIcon {
  body: string;
  width?: number;
  height?: number;
}

interface IconifySet {
  icons: Record<string, IconifyIcon>;
  width?: number;
  height?: number;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** "Prairie Farms" → "prairie-farms", "2% Milk" → "2-milk": item keys and picture names. */
export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z]/.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** The initials alone, bold and large on the store's colour: nothing else to shrink into a blur at 24 px. */
function storeLogo(store: StoreSeed): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" width="120" height="120" role="img" aria-label="${escapeXml(store.name)}">` +
    `<rect width="120" height="120" rx="26" fill="${store.color}"/>` +
    `<text x="60" y="81" font-family="Arial,Helvetica,sans-serif" font-size="56" font-weight="700" letter-spacing="-2" fill="#fff" text-anchor="middle">${initials(store.name)}</text>` +
    `</svg>`
  );
}

/** The artwork fills most of the square (legible at 48 px) over a soft disc on the category's colour. */
function itemPicture(category: CategorySeed, item: string, icon: IconifyIcon, set: IconifySet): string {
  const width = icon.width ?? set.width ?? 16;
  const height = icon.height ?? set.height ?? 16;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="400" height="400" role="img" aria-label="${escapeXml(item)}">` +
    `<rect width="100" height="100" fill="${category.color}"/>` +
    `<circle cx="50" cy="50" r="42" fill="#fff" fill-opacity=".55"/>` +
    `<svg x="16" y="16" width="68" height="68" viewBox="0 0 ${width} ${height}">${icon.body}</svg>` +
    `</svg>`
  );
}

const version = (svg: string) => createHash('sha256').update(svg).digest('hex').slice(0, 10);

/** Images by their unversioned key: `stores/<publicId>` and `products/<item slug>`. */
const IMAGES = new Map<string, CatalogueImage>();

function add(key: string, svg: string): void {
  IMAGES.set(key, { path: `/images/${key}.${version(svg)}.svg`, svg });
}

for (const store of STORE_SEEDS) add(`stores/${store.publicId}`, storeLogo(store));

// The set's JSON is ~9 MB: read once here, only the icons the catalogue uses are kept.
const require = createRequire(import.meta.url);
const iconSet = JSON.parse(readFileSync(require.resolve('@iconify-json/fluent-emoji-flat/icons.json'), 'utf8')) as IconifySet;
for (const category of CATEGORY_SEEDS) {
  for (const [item, art] of category.items) {
    const icon = iconSet.icons[art];
    if (!icon) throw new Error(`No artwork "${art}" for ${item} in @iconify-json/fluent-emoji-flat`);
    add(`products/${slugify(item)}`, itemPicture(category, item, icon, iconSet));
  }
}

/** The versioned path of a store's logo. */
export function storeLogoPath(publicId: string): string {
  return IMAGES.get(`stores/${publicId}`)?.path ?? '';
}

/** The versioned path of an item's picture (every brand and size of the item shares it). */
export function productImagePath(item: string): string {
  return IMAGES.get(`products/${slugify(item)}`)?.path ?? '';
}

/** Every picture the catalogue can show (for the budget test). */
export function allCatalogueImages(): CatalogueImage[] {
  return [...IMAGES.values()];
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
