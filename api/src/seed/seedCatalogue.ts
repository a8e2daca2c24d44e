// Builds the demo catalogue: the partner stores, the categories and `products` products spread over
// them, deterministically (the same seed gives the same catalogue, uuids included). Used by the API at
// start (seedCatalogueIfNeeded) and by `npm run seed` for a scale catalogue.
import { eq, like, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { categories, favourites, products, storeHours, stores } from '../db/schema.ts';
import { refreshCatalogueCounts } from '../services/catalogue/counts.ts';
import type { DietaryAttribute, SizeUnit } from '@grocer/shared/contracts';
import { DIETARY_LINES, dietaryOf } from './attributes.ts';
import { productImagePath, slugify, storeLogoPath } from './images.ts';
import { parseSize, productSize, shelfQuantity, shelfUnitFor, type ShelfUnit } from '../services/catalogue/unitPrice.ts';
import {
  BRAND_LINES,
  CATEGORY_SEEDS,
  CHOICE_BRANDS,
  SIZE_MULTIPLES,
  STORE_SEEDS,
  type CategorySeed,
  type ItemSeed,
} from './catalogueData.ts';

export interface SeedOptions {
  /** How many products in all (spread evenly over the stores). Default 6,000. */
  products?: number;
  /** PRNG seed. */
  seed?: number;
}

export const DEFAULT_SEED_PRODUCTS = 6_000;
export const DEFAULT_SEED = 20_260_101;
/** Share of products with no stock, and of inactive ones (which never show). */
const OUT_OF_STOCK_RATE = 0.05;
const INACTIVE_RATE = 0.004;
/** The share of all the catalogue's products one store carries: every store its own assortment. */
const STORE_COVERAGE = 0.65;
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters, large enough that 4,000 rows take a handful of statements. */
const BATCH_SIZE = 1_000;

/** mulberry32: tiny, fast and good enough for demo data; deterministic across platforms. */
export function createRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A version-4-shaped uuid drawn from the PRNG, so seeded rows keep their uuids across rebuilds. */
function rngUuid(rng: () => number): string {
  const bytes = Array.from({ length: 16 }, () => Math.floor(rng() * 256));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The demo stores' order mailbox (migration 0004 gives existing stores the same): readable at /dev/mailbox. */
export const storeContactEmail = (publicId: string) => `orders+${publicId}@grocer.test`;

/** The key that makes a brand's item at a size the same product in every store ("prairie-farms|whole-milk|1-gal"). */
export const itemKeyOf = (brand: string, item: string, sizeLabel: string) => `${slugify(brand)}|${slugify(item)}|${slugify(sizeLabel)}`;

/** 32-bit FNV-1a: a stable number per text (a brand's price level). */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** One product identity: a brand's item at one size, with its typical price (stores vary around it). */
export interface CatalogueIdentity {
  category: CategorySeed;
  brand: string;
  item: string;
  art: string;
  sizeMilli: number;
  sizeUnit: SizeUnit;
  sizeLabel: string;
  unitPriceUnit: ShelfUnit;
  itemKey: string;
  name: string;
  basePriceCents: number;
  dietary: DietaryAttribute[];
}

interface SizeOption {
  milli: number;
  unit: SizeUnit;
  /** Typical price of the item at this size, before the brand's level. */
  priceCents: number;
}

/** An item's sizes: the listed ones first, then (for a scale catalogue) multiples of them, without repeats. */
function sizeOptions(category: CategorySeed, item: ItemSeed, wanted: number): SizeOption[] {
  const [, , labels, priceCents] = item;
  const listed = labels.map((label) => parseSize(label));
  const first = listed[0]!;
  const shelf = shelfUnitFor(first.unit, category.perPound);
  const firstQuantity = shelfQuantity(first.milli, first.unit, shelf)!;
  // Bigger packs cost less per unit, like on a real shelf: price grows with size^0.85.
  const scaled = (base: number, ratio: number) => Math.max(49, Math.round(base * ratio ** 0.85));
  const options = listed.map(({ milli, unit }) => {
    const quantity = shelfQuantity(milli, unit, shelf);
    return { milli, unit, priceCents: quantity === undefined ? priceCents : scaled(priceCents, quantity / firstQuantity) };
  });
  const seen = new Set(options.map((o) => `${o.milli} ${o.unit}`));
  for (const multiple of SIZE_MULTIPLES) {
    for (const base of options.slice(0, listed.length)) {
      if (options.length >= wanted) return options;
      // Counts stay whole; other sizes keep one decimal.
      const step = base.unit === 'ct' ? 1000 : 100;
      const milli = Math.max(step, Math.round((base.milli * multiple) / step) * step);
      if (seen.has(`${milli} ${base.unit}`)) continue;
      seen.add(`${milli} ${base.unit}`);
      options.push({ milli, unit: base.unit, priceCents: scaled(base.priceCents, milli / base.milli) });
    }
  }
  return options;
}

/**
 * The item's own brands in their order, or else the category's starting at a different one for each
 * item (so a small catalogue does not sell every item of a category under one brand), then (for a
 * scale catalogue) their lines: "Prairie Farms Organic".
 */
function brandOptions(category: CategorySeed, item: ItemSeed, wanted: number): string[] {
  const own = item[4];
  const base = own ?? category.brands;
  const start = own ? 0 : category.items.indexOf(item) % base.length;
  const brands = [...base.slice(start), ...base.slice(0, start)];
  for (const line of BRAND_LINES) {
    for (const brand of base) {
      if (brands.length >= wanted) return brands;
      brands.push(`${brand} ${line}`);
    }
  }
  return brands;
}

function identitiesOfItem(category: CategorySeed, item: ItemSeed, quota: number): CatalogueIdentity[] {
  if (quota === 0) return [];
  const [itemName, art, labels] = item;
  // Grow sizes and brands together (a scale catalogue gets ~√(quota/4) sizes, 4× as many brands), listed sizes first.
  const sizeCount = Math.max(labels.length, Math.ceil(Math.sqrt(quota / 4)));
  const sizes = sizeOptions(category, item, sizeCount);
  const wanted = Math.max(Math.ceil(quota / sizes.length), category.choice ? CHOICE_BRANDS : 1);
  const brands = brandOptions(category, item, wanted).slice(0, wanted);
  // Brand by brand, each in every size; in a choice aisle the brands take turns instead (brand b starts at
  // size b), so even a few products of an item span CHOICE_BRANDS brands and two sizes.
  const pairs = category.choice
    ? sizes.flatMap((_, turn) => brands.map((brand, b) => [brand, sizes[(b + turn) % sizes.length]!] as const))
    : brands.flatMap((brand) => sizes.map((size) => [brand, size] as const));
  const identities: CatalogueIdentity[] = [];
  for (const [brand, size] of pairs) {
    if (identities.length === quota) break;
    // A brand's price level: 0.85× to 1.24× the typical price.
    const level = 0.85 + (hashText(brand) % 40) / 100;
    const sizeLabel = productSize(size.milli, size.unit).label;
    identities.push({
      category,
      brand,
      item: itemName,
      art,
      sizeMilli: size.milli,
      sizeUnit: size.unit,
      sizeLabel,
      unitPriceUnit: shelfUnitFor(size.unit, category.perPound),
      itemKey: itemKeyOf(brand, itemName, sizeLabel),
      name: `${brand} ${itemName}, ${sizeLabel}`,
      basePriceCents: Math.max(49, Math.round(size.priceCents * level)),
      dietary: dietaryOf(category, item, brand),
    });
  }
  return identities;
}

/** The fewest identities an item gets: in a `choice` category, CHOICE_BRANDS brands in each of two sizes (or its one size). */
const minimumIdentities = (category: CategorySeed, [, , labels]: ItemSeed) =>
  category.choice ? CHOICE_BRANDS * Math.min(2, labels.length) : 0;

/**
 * The products any store may carry: `count` identities over all items, shared out by category
 * weight. Real shelves are uneven: the first third of the categories (dairy, produce, bakery...) get
 * three times the products of the last third, so big categories span several pages of a listing.
 * A small catalogue gets a few more than `count`, where an item's share falls below its minimum.
 */
export function catalogueUniverse(count: number): CatalogueIdentity[] {
  const weighted = CATEGORY_SEEDS.flatMap((category, index) => {
    const weight = 3 - Math.floor((index * 3) / CATEGORY_SEEDS.length);
    // A dietary line is a small part of its aisle, as on a real shelf (a few gluten-free loaves among the bread).
    return category.items.map((item) => ({ category, item, weight: DIETARY_LINES.has(item[0]) ? 1 : weight }));
  });
  const totalWeight = weighted.reduce((sum, w) => sum + w.weight, 0);
  let cumulative = 0;
  let given = 0;
  return weighted.flatMap(({ category, item, weight }) => {
    // Cumulative rounding: the quotas add up to exactly `count`.
    cumulative += (count * weight) / totalWeight;
    const quota = Math.round(cumulative) - given;
    given += quota;
    return identitiesOfItem(category, item, Math.max(quota, minimumIdentities(category, item)));
  });
}

/** Inserts the catalogue into an empty catalogue (see resetCatalogue). Returns how many rows of each. */
export async function seedCatalogue(
  db: Database,
  options: SeedOptions = {},
): Promise<{ stores: number; categories: number; products: number }> {
  const total = options.products ?? DEFAULT_SEED_PRODUCTS;
  const rng = createRng(options.seed ?? DEFAULT_SEED);

  const storeRows = await db
    .insert(stores)
    .values(
      STORE_SEEDS.map((s) => ({
        uuid: rngUuid(rng),
        publicId: s.publicId,
        name: s.name,
        address1: s.address1,
        address2: `${s.city}, ${s.state} ${s.zip}`,
        city: s.city,
        state: s.state,
        zip: s.zip,
        logo: storeLogoPath(s.publicId),
        contactEmail: storeContactEmail(s.publicId),
        minOrderCents: s.rules.minOrderCents,
        deliveryRadiusMiles: s.rules.deliveryRadiusMiles,
      })),
    )
    .returning({ id: stores.id, name: stores.name });
  await db
    .insert(storeHours)
    .values(
      storeRows.flatMap((store) =>
        STORE_SEEDS.find((s) => s.name === store.name)!.rules.hours.flatMap((day, weekday) =>
          day ? [{ storeId: store.id, weekday, opensMinute: day[0], closesMinute: day[1] }] : [],
        ),
      ),
    );
  const categoryRows = await db
    .insert(categories)
    .values(CATEGORY_SEEDS.map((c) => ({ uuid: rngUuid(rng), name: c.name })))
    .returning({ id: categories.id, name: categories.name });
  const categoryIdByName = new Map(categoryRows.map((c) => [c.name, c.id]));

  // Each store carries its own share of one shared universe (so the same product is in several stores
  // and can be compared), never the same identity twice: names and item keys are unique per store.
  const perStore = Math.ceil(total / storeRows.length);
  const universe = catalogueUniverse(Math.ceil(perStore / STORE_COVERAGE));
  const order = universe.map((_, index) => index);
  let batch: (typeof products.$inferInsert)[] = [];
  for (const [storeIndex, store] of storeRows.entries()) {
    const count = Math.floor(total / storeRows.length) + (storeIndex < total % storeRows.length ? 1 : 0);
    // A partial Fisher-Yates shuffle: the first `count` entries are the store's assortment.
    for (let i = 0; i < count; i++) {
      const j = i + Math.floor(rng() * (order.length - i));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const index of order.slice(0, count).sort((a, b) => a - b)) {
      const identity = universe[index]!;
      // Stores price the same product within ±8% of each other, ending in 9 like shelf prices do.
      const price = Math.max(49, Math.round((identity.basePriceCents * (0.92 + rng() * 0.16)) / 10) * 10 - 1);
      const outOfStock = rng() < OUT_OF_STOCK_RATE;
      const inactive = rng() < INACTIVE_RATE;
      batch.push({
        uuid: rngUuid(rng),
        storeId: store.id,
        categoryId: categoryIdByName.get(identity.category.name)!,
        name: identity.name,
        brand: identity.brand,
        item: identity.item,
        itemKey: identity.itemKey,
        sizeMilli: identity.sizeMilli,
        sizeUnit: identity.sizeUnit,
        unitPriceUnit: identity.unitPriceUnit,
        image: productImagePath(identity.item),
        priceCents: price,
        stockQuantity: outOfStock ? 0 : 5 + Math.floor(rng() * 196),
        isActive: !inactive,
        dietary: identity.dietary,
        searchExtra: `${identity.category.name} ${store.name}`.toLowerCase(),
      });
      if (batch.length === BATCH_SIZE) {
        await db.insert(products).values(batch);
        batch = [];
      }
    }
  }
  if (batch.length > 0) await db.insert(products).values(batch);
  await refreshCatalogueCounts(db);
  return { stores: storeRows.length, categories: categoryRows.length, products: total };
}

/** Empties the catalogue tables (and whatever references products, e.g. favourites) for a rebuild. */
export async function resetCatalogue(db: Database): Promise<void> {
  await db.execute(sql`truncate table products, store_category_counts, categories, stores restart identity cascade`);
}

/**
 * At API start: seeds the default catalogue when there are no stores yet, and rebuilds a catalogue
 * from before products had a brand, item and size (migration 0007 marks its rows 'legacy:'). The
 * rebuild keeps each favourite as the new product of the same store whose item the old name named
 * (same size when there is one); orders keep their own copies of names and prices. Returns what it did.
 */
export async function seedCatalogueIfNeeded(db: Database, options: SeedOptions = {}): Promise<'seeded' | 'rebuilt' | false> {
  const existing = await db.select({ id: stores.id }).from(stores).limit(1);
  if (existing.length > 0) {
    const legacy = await db.select({ id: products.id }).from(products).where(like(products.itemKey, 'legacy:%')).limit(1);
    if (legacy.length === 0) return false;
  }
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const kept = await t
      .select({ userUuid: favourites.userUuid, createdAt: favourites.createdAt, oldName: products.name, storePublicId: stores.publicId })
      .from(favourites)
      .innerJoin(products, eq(products.uuid, favourites.productUuid))
      .innerJoin(stores, eq(stores.id, products.storeId));
    if (existing.length > 0) await resetCatalogue(t);
    await seedCatalogue(t, options);
    if (kept.length > 0) await restoreFavourites(t, kept);
  });
  return existing.length > 0 ? 'rebuilt' : 'seeded';
}

/** Words of a name, lower-cased and without a plural s, for matching old names to new items. */
const words = (text: string) =>
  text
    .toLowerCase()
    .match(/[a-z0-9%]+/g)
    ?.map((w) => w.replace(/s$/, '')) ?? [];

async function restoreFavourites(
  db: Database,
  kept: { userUuid: string; createdAt: Date; oldName: string; storePublicId: string }[],
): Promise<void> {
  const rows = await db
    .select({
      uuid: products.uuid,
      item: products.item,
      sizeMilli: products.sizeMilli,
      sizeUnit: products.sizeUnit,
      storePublicId: stores.publicId,
    })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(eq(products.isActive, true));
  const byStore = new Map<string, { uuid: string; itemWords: string[]; sizeLabel: string }[]>();
  for (const r of rows) {
    const entry = { uuid: r.uuid, itemWords: words(r.item), sizeLabel: productSize(r.sizeMilli, r.sizeUnit).label };
    const list = byStore.get(r.storePublicId) ?? [];
    list.push(entry);
    byStore.set(r.storePublicId, list);
  }
  const restored = kept.flatMap((favourite) => {
    const oldWords = new Set(words(favourite.oldName));
    const oldSize = favourite.oldName.split(', ').at(-1);
    // Every word of the item in the old name; the longest item wins, then the same size.
    let best: string | undefined;
    let bestScore = -1;
    for (const candidate of byStore.get(favourite.storePublicId) ?? []) {
      if (!candidate.itemWords.every((w) => oldWords.has(w))) continue;
      const score = candidate.itemWords.length * 2 + (candidate.sizeLabel === oldSize ? 1 : 0);
      if (score > bestScore) [best, bestScore] = [candidate.uuid, score];
    }
    return best ? [{ userUuid: favourite.userUuid, productUuid: best, createdAt: favourite.createdAt }] : [];
  });
  if (restored.length > 0) await db.insert(favourites).values(restored).onConflictDoNothing();
}
