// `npm run seed -w api -- [--products 100000] [--seed 20260101]` (or `npm run seed -- ...` from the root):
// rebuilds the catalogue in the configured database (DATABASE_URL, else PGlite at PGLITE_DATA_DIR):
// migrates, empties the catalogue tables (and what references products, e.g. favourites), then seeds.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { connectDatabase, MAINTENANCE_TIMEOUTS } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { DEFAULT_SEED, DEFAULT_SEED_PRODUCTS, resetCatalogue, seedCatalogue } from '../src/seed/seedCatalogue.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: String(DEFAULT_SEED_PRODUCTS) },
    seed: { type: 'string', default: String(DEFAULT_SEED) },
  },
});
const productCount = Number(values.products);
const seed = Number(values.seed);
if (!Number.isInteger(productCount) || productCount < 1 || !Number.isInteger(seed)) {
  console.error('Usage: seed [--products <positive integer>] [--seed <integer>]');
  process.exit(1);
}

const config = loadConfig();
const db = await connectDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: config.pgliteDataDir, timeouts: MAINTENANCE_TIMEOUTS });
try {
  await runMigrations(db);
  const started = Date.now();
  await resetCatalogue(db.db);
  const counts = await seedCatalogue(db.db, { products: productCount, seed });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.pgliteDataDir}`;
  console.info(
    `Seeded ${counts.products} products, ${counts.categories} categories, ${counts.stores} stores into ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
} finally {
  await db.close();
}
