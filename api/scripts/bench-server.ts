// The API as the benchmark runs it (started by bench-api.ts in its own process): the real app on the
// bench database, with the per-IP rate limit lifted because all the load comes from one address.
// BENCH_CATALOGUE_CACHE=off measures the database path alone (no in-process answer cache).
import type { PoolClient } from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connectDatabase } from '../src/db/client.ts';
import { createCatalogueService } from '../src/services/catalogue/catalogueService.ts';
import { keptDevJwtSecret } from '../src/services/devSecret.ts';

const loaded = loadConfig();
const db = await connectDatabase({ databaseUrl: loaded.databaseUrl, pgliteDataDir: loaded.pgliteDataDir });
// As server.ts: without JWT_SECRET, the key kept in the database.
const config = loaded.jwtSecret ? loaded : { ...loaded, jwtSecret: await keptDevJwtSecret(db.db) };
// Quiet unless whoever runs the bench asks with LOG_LEVEL: a line per request costs time the bench would count.
const app = await buildApp({ config, db, logger: process.env.LOG_LEVEL ? undefined : false, rateLimitMax: 1_000_000_000 });
if (process.env.BENCH_CATALOGUE_CACHE === 'off') app.services.catalogue = createCatalogueService(app.db, { cacheTtlMs: 0 });
await app.listen({ port: config.port, host: '127.0.0.1' });

// How long requests queued for one of the pool's PostgreSQL connections (pg-pool fails a wait longer than
// PG_CONNECT_TIMEOUT_MS as if PostgreSQL were unreachable): printed when the bench stops it.
const pool = db.driver === 'postgres' ? db.db.$client : null;
const waits: number[] = [];
let busySamples = 0;
let samples = 0;
const sampler = pool ? setInterval(() => ((samples += 1), pool.idleCount === 0 && pool.waitingCount > 0 && (busySamples += 1)), 100) : null;
if (pool) {
  type Callback = (err: Error | undefined, client: PoolClient, done: (release?: unknown) => void) => void;
  const connect = pool.connect.bind(pool) as (callback: Callback) => void;
  // pool.query and transactions both check out through connect(); callback and promise forms.
  pool.connect = ((callback?: Callback) => {
    const started = performance.now();
    if (callback) {
      return connect((err, client, done) => {
        waits.push(performance.now() - started);
        callback(err, client, done);
      });
    }
    return new Promise<PoolClient>((resolve, reject) =>
      connect((err, client) => {
        waits.push(performance.now() - started);
        if (err) reject(err);
        else resolve(client);
      }),
    );
  }) as typeof pool.connect;
}

process.on('SIGTERM', () => {
  if (sampler) {
    clearInterval(sampler);
    waits.sort((a, b) => a - b);
    const at = (p: number) => (waits[Math.min(waits.length - 1, Math.ceil((p / 100) * waits.length) - 1)] ?? 0).toFixed(1);
    console.info(
      `PostgreSQL pool (max ${pool!.options.max} connections): every connection busy with requests queued in ${Math.round((100 * busySamples) / Math.max(1, samples))}% of 100 ms samples; ` +
        `${waits.length} checkouts waited p50 ${at(50)} ms, p95 ${at(95)} ms, p99 ${at(99)} ms, max ${at(100)} ms`,
    );
  }
  void app.close().then(() => process.exit(0));
});
