// The API as the benchmark runs it (started by bench-api.ts in its own process): the real app on the
// bench database, with the per-IP rate limit lifted because all the load comes from one address.
// BENCH_CATALOGUE_CACHE=off measures the database path alone (no in-process answer cache).
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connectDatabase } from '../src/db/client.ts';
import { createCatalogueService } from '../src/services/catalogue/catalogueService.ts';

const config = loadConfig();
const db = await connectDatabase({ databaseUrl: config.databaseUrl, pgliteDataDir: config.pgliteDataDir });
const app = await buildApp({ config, db, logger: false, rateLimitMax: 1_000_000_000 });
if (process.env.BENCH_CATALOGUE_CACHE === 'off') app.services.catalogue = createCatalogueService(app.db, { cacheTtlMs: 0 });
await app.listen({ port: config.port, host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
