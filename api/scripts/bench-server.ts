// The API as the benchmark runs it (started by bench-api.ts in its own process): the real app on the
// bench database, with the per-IP rate limit lifted because all the load comes from one address.
// BENCH_CATALOGUE_CACHE=off measures the database path alone (no in-process answer cache).
// BENCH_POOL_USE=off leaves out the per-step pool count: it runs every request in an AsyncLocalStorage,
// whose promise hooks cost each request CPU on Node 20, so a run without it shows the API's own rate.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { connectDatabase } from '../src/db/client.ts';
import { emptyPoolUse, trackPoolUse, type PoolUse } from '../src/db/poolUse.ts';
import { createCatalogueService } from '../src/services/catalogue/catalogueService.ts';
import { keptDevJwtSecret } from '../src/services/devSecret.ts';
import { at, poolUseRows } from './bench-pool-use.ts';

const loaded = loadConfig();
const db = await connectDatabase({ databaseUrl: loaded.databaseUrl, pgliteDataDir: loaded.pgliteDataDir });
// As server.ts: without JWT_SECRET, the key kept in the database.
const config = loaded.jwtSecret ? loaded : { ...loaded, jwtSecret: await keptDevJwtSecret(db.db) };
// Quiet unless whoever runs the bench asks with LOG_LEVEL: a line per request costs time the bench would count.
const app = await buildApp({ config, db, logger: process.env.LOG_LEVEL ? undefined : false, rateLimitMax: 1_000_000_000 });
if (process.env.BENCH_CATALOGUE_CACHE === 'off')
  app.services.catalogue = createCatalogueService(app.db, { reads: app.dbReads, cacheTtlMs: 0 });
await app.listen({ port: config.port, host: '127.0.0.1' });
// The API's own CPU from here on: with the database and the load generator on the same cores, how much of
// a core the API used says whether it, or something else, was the limit.
const cpuAtStart = process.cpuUsage();
const wallAtStart = performance.now();

// How long requests queued for one of the pools' PostgreSQL connections (pg-pool fails a wait longer than
// PG_CONNECT_TIMEOUT_MS as if PostgreSQL were unreachable), and per bench step (the x-bench-step header
// the mixed bench sends) what its requests did with the pools: printed when the bench stops it.
const pools =
  db.driver === 'postgres'
    ? [
        { name: 'PostgreSQL pool', pool: db.db.$client, busySamples: 0 },
        { name: "The catalogue's read pool", pool: db.reads.$client, busySamples: 0 },
      ]
    : [];
let samples = 0;
const sampler =
  pools.length > 0
    ? setInterval(() => {
        samples += 1;
        for (const p of pools) if (p.pool.idleCount === 0 && p.pool.waitingCount > 0) p.busySamples += 1;
      }, 100)
    : null;
const usesByStep = new Map<string, PoolUse[]>();
const tracker = pools.length > 0 && process.env.BENCH_POOL_USE !== 'off' ? trackPoolUse(...pools.map((p) => p.pool)) : null;
if (tracker) {
  // Every request runs inside its own count; Fastify's handler is the server's 'request' listener.
  const handlers = app.server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  app.server.removeAllListeners('request');
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const use = emptyPoolUse();
    if (process.env.BENCH_STATEMENTS) use.texts = [];
    const header = req.headers['x-bench-step'];
    // Calls the API makes to itself (its PayPal stand-in) carry no step: named by path, ids left out.
    const step =
      typeof header === 'string'
        ? header
        : `${req.method} ${req.url?.split('?')[0]?.replace(/\/(?=[^/]*\d)[^/]{12,}|\/[A-Z0-9]{12,}(?=\/|$)/g, '/:id')}`;
    let list = usesByStep.get(step);
    if (!list) usesByStep.set(step, (list = []));
    list.push(use);
    tracker.run(use, () => handlers.forEach((handle) => handle(req, res)));
  });
}

process.on('SIGTERM', () => {
  const cpu = process.cpuUsage(cpuAtStart);
  const seconds = (performance.now() - wallAtStart) / 1000;
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.info(
    `API process CPU: ${cpuSeconds.toFixed(1)} s (user ${(cpu.user / 1e6).toFixed(1)}, system ${(cpu.system / 1e6).toFixed(1)}) ` +
      `in ${seconds.toFixed(1)} s = ${Math.round((100 * cpuSeconds) / seconds)}% of one core`,
  );
  if (sampler) clearInterval(sampler);
  if (tracker) {
    pools.forEach(({ name, pool, busySamples }, i) => {
      const waits = tracker.waits[i]!;
      console.info(
        `${name} (max ${pool.options.max} connections): every connection busy with requests queued in ${Math.round((100 * busySamples) / Math.max(1, samples))}% of 100 ms samples; ` +
          `${waits.length} checkouts waited p50 ${at(waits, 50)} ms, p95 ${at(waits, 95)} ms, p99 ${at(waits, 99)} ms, max ${at(waits, 100)} ms`,
      );
    });
    const heldSeconds = [...usesByStep.values()].flat().reduce((sum, use) => sum + use.heldMs, 0) / 1000;
    const connections = pools.reduce((sum, { pool }) => sum + (pool.options.max ?? 0), 0);
    // Each statement holds its connection until the API's event loop has read the answer, so on a busy
    // process the connections' time, not PostgreSQL's work, is what the pools run out of.
    console.info(
      `Connections held ${heldSeconds.toFixed(0)} s in all over ${seconds.toFixed(0)} s: on average ${(heldSeconds / seconds).toFixed(1)} of the pools' ${connections} were in use.`,
    );
    console.info(
      'Pool use per request, by step (counted at the pool: statements, transactions, connection and row-lock time in ms; held s: all of its requests together):',
    );
    console.table(poolUseRows(usesByStep));
    if (process.env.BENCH_STATEMENTS) {
      // One request's statements per step (its last one), to see what each round trip is for.
      for (const [step, uses] of usesByStep) {
        const texts = uses.at(-1)?.texts ?? [];
        console.info(`${step} (${texts.length} statements):\n${texts.map((t, i) => `  ${i + 1}. ${t}`).join('\n')}`);
      }
    }
  }
  void app.close().then(() => process.exit(0));
});
