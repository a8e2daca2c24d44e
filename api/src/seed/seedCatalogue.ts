// Builds the demo catalogue: the partner stores, the categories and `products` products spread over
// them, deterministically (the same seed gives the same catalogue, uuids included). Used by the API at
// start on an empty database (seedCatalogueIfEmpty) and by `npm run seed` for a scale catalogue.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { categories, products, stores } from '../db/schema.ts';
import { refreshCatalogueCounts } from '../services/catalogue/counts.ts';
import { productImagePath, storeLogoPath } from '../services/catalogue/images.ts';
import { CATEGORY_SEEDS, GENERIC_VARIANTS, STORE_SEEDS } from './catalogueData.ts';

export interface SeedOptions {
  /** How many products in all (spread evenly over the stores). Default 4,000. */
  products?: number;
  /** PRNG seed. */
  seed?: number;
}

export const DEFAULT_SEED_PRODUCTS = 6_000;
export const DEFAULT_SEED = 20_260_101;
/** Share of products with no stock, and of inactive ones (which never show). */
const OUT_OF_STOCK_RATE = 0.05;
const INACTIVE_RATE = 0.004;
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

const pick = <T>(rng: () => number, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;

/** Inserts the catalogue into an empty catalogue (see resetCatalogue). Returns how many rows of each. */
export async function seedCatalogue(db: Database, options: SeedOptions = {}): Promise<{ stores: number; categories: number; products: number }> {
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
      })),
    )
    .returning({ id: stores.id, name: stores.name });
  const categoryRows = await db
    .insert(categories)
    .values(CATEGORY_SEEDS.map((c) => ({ uuid: rngUuid(rng), name: c.name })))
    .returning({ id: categories.id, name: categories.name });
  const categoryIdByName = new Map(categoryRows.map((c) => [c.name, c.id]));

  // Real shelves are uneven: the first third of the categories (produce, dairy, snacks...) carry three
  // times the items of the last third, so big categories span several pages of a store listing.
  const weightedCategories = CATEGORY_SEEDS.flatMap((category, index) =>
    Array.from({ length: 3 - Math.floor((index * 3) / CATEGORY_SEEDS.length) }, () => category),
  );
  let batch: (typeof products.$inferInsert)[] = [];
  for (let i = 0; i < total; i++) {
    // Round-robin over stores and the weighted categories so every store carries every category.
    const store = storeRows[i % storeRows.length]!;
    const category = weightedCategories[Math.floor(i / storeRows.length) % weightedCategories.length]!;
    const itemIndex = Math.floor(rng() * category.items.length);
    const [itemName, sizes, basePrice] = category.items[itemIndex]!;
    const variant = rng() < 0.7 ? pick(rng, category.variants) : pick(rng, GENERIC_VARIANTS);
    const size = pick(rng, sizes);
    // ±35% around the typical price, ending in 9 like shelf prices do.
    const price = Math.max(49, Math.round((basePrice * (0.65 + rng() * 0.7)) / 10) * 10 - 1);
    const outOfStock = rng() < OUT_OF_STOCK_RATE;
    const inactive = rng() < INACTIVE_RATE;
    batch.push({
      uuid: rngUuid(rng),
      storeId: store.id,
      categoryId: categoryIdByName.get(category.name)!,
      name: `${variant} ${itemName}, ${size}`,
      image: productImagePath(category.slug, itemIndex),
      priceCents: price,
      stockQuantity: outOfStock ? 0 : 5 + Math.floor(rng() * 196),
      isActive: !inactive,
      searchExtra: `${category.name} ${store.name}`.toLowerCase(),
    });
    if (batch.length === BATCH_SIZE) {
      await db.insert(products).values(batch);
      batch = [];
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

/** At API start: seeds the default catalogue when there are no stores yet. Returns whether it seeded. */
export async function seedCatalogueIfEmpty(db: Database, options: SeedOptions = {}): Promise<boolean> {
  const existing = await db.select({ id: stores.id }).from(stores).limit(1);
  if (existing.length > 0) return false;
  await db.transaction(async (tx) => {
    await seedCatalogue(tx as unknown as Database, options);
  });
  return true;
}
