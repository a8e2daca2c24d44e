// The catalogue's pictures, built once when the API (or the seed) loads, never per request: a logo per
// store (its initials, large enough to read at 24 px) and a picture per item (its artwork, on a calm
// background of its category). Artwork comes from icon sets installed from npm (see ART_SETS): the
// Fluent Emoji Flat set first, and where it has no faithful picture of an item, one of its pictures
// recoloured or a one-colour icon of an openly licensed set, never a neighbour's picture.
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
function itemPicture(category: CategorySeed, item: string, { body, width, height }: Artwork): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="400" height="400" role="img" aria-label="${escapeXml(item)}">` +
    `<rect width="100" height="100" fill="${category.color}"/>` +
    `<circle cx="50" cy="50" r="42" fill="#fff" fill-opacity=".55"/>` +
    `<svg x="16" y="16" width="68" height="68" viewBox="0 0 ${width} ${height}">${body}</svg>` +
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

/**
 * The icon sets an item's art may name, by prefix ("game-icons:sausage#a0442c"; no prefix: Fluent Emoji
 * Flat). Each is credited in the README. One-colour sets draw in currentColor, so their art names a colour.
 */
export const ART_SETS = {
  '': { package: '@iconify-json/fluent-emoji-flat', licence: 'MIT', oneColour: false },
  'game-icons': { package: '@iconify-json/game-icons', licence: 'CC-BY-3.0', oneColour: true },
  healthicons: { package: '@iconify-json/healthicons', licence: 'MIT', oneColour: true },
} as const;

/**
 * Fluent pictures recoloured where the set draws the item's neighbour in the wrong colour (a glass of
 * milk, not chocolate milk; a red wine, not a white one): the shapes are the set's, only fills change.
 */
export const RECOLOURED: Readonly<Record<string, { from: string; fills: Readonly<Record<string, string>> }>> = {
  'glass-of-chocolate-milk': { from: 'glass-of-milk', fills: { '#f3eef8': '#8d5a3b' } },
  'bowl-of-yogurt': { from: 'bowl-with-spoon', fills: { '#0074ba': '#fbf8f1' } },
  'bowl-of-hummus': { from: 'bowl-with-spoon', fills: { '#0074ba': '#dcb77a' } },
  'white-mushroom': { from: 'brown-mushroom', fills: { '#a74d4d': '#f2ebe0', '#f08e6d': '#ddd0bd', '#ffbfb5': '#e2d3bd' } },
  'red-bell-pepper': { from: 'bell-pepper', fills: { '#44911b': '#c81e1e', '#008463': '#ef3b2c' } },
  'glass-of-white-wine': { from: 'wine-glass', fills: { '#bb1d80': '#ecc94b', '#ff6dc6': '#f8e08e' } },
  'chocolate-soft-ice-cream': { from: 'soft-ice-cream', fills: { '#ffdea7': '#7b4a2c' } },
};

interface Artwork {
  body: string;
  width: number;
  height: number;
}

/** "game-icons:sausage#a0442c" → set, icon and ink; "recoloured:bowl-of-yogurt"; "glass-of-milk" (Fluent). */
const ART = /^(?:([a-z-]+):)?([a-z0-9-]+)(?:#([0-9a-f]{6}))?$/;

// Each set's JSON is megabytes: read once while the pictures are built, then dropped.
const require = createRequire(import.meta.url);
const loadedSets = new Map<string, IconifySet>();
function iconSet(prefix: keyof typeof ART_SETS): IconifySet {
  let set = loadedSets.get(prefix);
  if (!set) {
    set = JSON.parse(readFileSync(require.resolve(`${ART_SETS[prefix].package}/icons.json`), 'utf8')) as IconifySet;
    loadedSets.set(prefix, set);
  }
  return set;
}

function icon(prefix: keyof typeof ART_SETS, name: string, art: string): Artwork {
  const set = iconSet(prefix);
  const found = set.icons[name];
  if (!found) throw new Error(`No icon "${name}" in ${ART_SETS[prefix].package} (art "${art}")`);
  return { body: found.body, width: found.width ?? set.width ?? 16, height: found.height ?? set.height ?? 16 };
}

/** The drawing an item's art names (see ItemSeed): a set's icon, in its ink if one-colour, or a recoloured one. */
export function artwork(art: string): Artwork {
  const [, prefix = '', name = '', ink] = ART.exec(art) ?? [];
  if (prefix === 'recoloured') {
    const recipe = RECOLOURED[name];
    if (!recipe || ink) throw new Error(`No recoloured artwork "${art}"`);
    const base = icon('', recipe.from, art);
    return {
      ...base,
      body: base.body.replace(/fill="(#[0-9a-f]{6})"/g, (all, fill: string) => (recipe.fills[fill] ? `fill="${recipe.fills[fill]}"` : all)),
    };
  }
  if (!name || !(prefix in ART_SETS)) throw new Error(`Not an artwork name: "${art}"`);
  const set = prefix as keyof typeof ART_SETS;
  if (ART_SETS[set].oneColour !== Boolean(ink))
    throw new Error(`Artwork "${art}": a one-colour set needs an ink (#rrggbb), no other set takes one`);
  const base = icon(set, name, art);
  return ink ? { ...base, body: base.body.replaceAll('currentColor', `#${ink}`) } : base;
}

for (const category of CATEGORY_SEEDS) {
  for (const [item, art] of category.items) add(`products/${slugify(item)}`, itemPicture(category, item, artwork(art)));
}
// The pictures hold what they need; the sets (tens of MB parsed) are let go.
loadedSets.clear();

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
