// Helpers the benches share (bench-api.ts, bench/bench-search.ts): the seeded bench database, a free port, the API started in its own process
// (bench-server.ts) and waited for, and percentiles over every response time kept.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { connectDatabase, MAINTENANCE_TIMEOUTS } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { resetCatalogue, seedCatalogue } from '../src/seed/seedCatalogue.ts';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Polls /health every 200 ms until it answers or `timeoutMs` (a minute by default) has passed. */
export async function waitForHealth(base: string, timeoutMs = 60_000): Promise<void> {
  for (let i = 0; i < timeoutMs / 200; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the API did not become healthy');
}

/**
 * Starts bench-server.ts (or another script of this folder) on a free port with `env` on top of ours;
 * resolves once /health answers. PUBLIC_API_URL is that address.
 */
export async function startBenchServer(
  env: Record<string, string>,
  script = 'bench-server.ts',
): Promise<{ base: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // e.g. BENCH_SERVER_NODE_ARGS=--cpu-prof to see where the API spends its time under load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(import.meta.dirname, script)], {
    // Development on the loopback: the API serves its stand-ins (PayPal) to itself.
    env: {
      ...process.env,
      NODE_ENV: 'development',
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      PUBLIC_API_URL: base,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForHealth(base);
  } catch (err) {
    server.kill('SIGTERM');
    throw err;
  }
  const exited = once(server, 'exit');
  // Waits for the server's exit, so what it prints on SIGTERM comes before the bench's own exit.
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
  };
  return { base, pid: server.pid!, stop };
}

/** Nearest-rank percentile of an ascending array. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/**
 * Migrates the bench database and seeds `products` products unless it already holds exactly that many
 * (a 100k seed takes minutes, so it happens once per database).
 */
export async function ensureBenchDatabase(
  target: { databaseUrl: string | undefined; pgliteDataDir: string },
  products: number,
): Promise<void> {
  const db = await connectDatabase({ ...target, timeouts: MAINTENANCE_TIMEOUTS });
  try {
    await runMigrations(db);
    // Rows from before the shelf-label catalogue (legacy item keys) are reseeded too, and a catalogue
    // seeded before products carried dietary attributes (none has any): it lacks the dietary lines too.
    const { rows } = await db.db.execute<{ n: number; legacy: number; dietary: number }>(
      sql`select count(*)::int as n, count(*) filter (where item_key like 'legacy:%')::int as legacy,
        count(*) filter (where cardinality(dietary) > 0)::int as dietary from products`,
    );
    if (rows[0]?.n === products && rows[0].legacy === 0 && rows[0].dietary > 0) return;
    console.info(`Seeding ${products} products into ${target.databaseUrl ?? target.pgliteDataDir} (once)...`);
    const started = Date.now();
    await resetCatalogue(db.db);
    await seedCatalogue(db.db, { products });
    // Vacuum too: freshly written tables have no visibility map, so index-only scans read the heap
    // until autovacuum gets to them (suggestions and listings p95 5.3–5.7 ms against 4.3–4.4 after).
    // The bench measures the database as it runs once that has happened.
    await db.db.execute(sql`vacuum analyze`);
    console.info(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.close();
  }
}
