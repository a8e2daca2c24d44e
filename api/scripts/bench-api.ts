// `npm run bench:api [-- --duration 20 --connections 50 --no-cache]`: load-tests the catalogue reads.
// `npm run bench:api -- --mixed [--duration 60 --connections 100 --no-pglite]`: the mixed shopper workload on
// PostgreSQL instead (browse, search, checkout through the PayPal stand-in), see bench-mixed.ts, then the same on
// PGlite as a row printed for the record (not targeted).
// `npm run bench:api -- --auth [--duration 10]`: /health and a catalogue read, idle and under 20
// concurrent sign-ins (real scrypt cost), see bench-auth.ts.
// Uses an embedded PGlite database with 100k products under .data/bench-pglite (seeded on first run),
// starts the API in its own process on a free port, then runs autocannon against each endpoint and
// prints p50/p95/p99 latency, req/s and errors. Targets (2 cores): p95 ≤ 15 ms listings, ≤ 25 ms
// search, ≤ 10 ms suggestions, zero errors.
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { REPO_ROOT } from '../src/lib/paths.ts';
import { runAuthBench } from './bench-auth.ts';
import { ensureBenchDatabase, percentile, startBenchServer } from './bench-lib.ts';
import { DEFAULT_BENCH_DATABASE_URL, runMixedBench } from './bench-mixed.ts';

const { values } = parseArgs({
  options: {
    mixed: { type: 'boolean', default: false },
    auth: { type: 'boolean', default: false },
    // Defaults depend on the mode: 20 s × 50 connections per endpoint, or 60 s × 100 for --mixed.
    duration: { type: 'string' },
    connections: { type: 'string' },
    products: { type: 'string', default: '100000' },
    customers: { type: 'string', default: '200' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL },
    'no-cache': { type: 'boolean', default: false },
    // --mixed: skip the PGlite row that follows the PostgreSQL run.
    'no-pglite': { type: 'boolean', default: false },
  },
});
const DURATION = Number(values.duration ?? (values.mixed ? 60 : 20));
const CONNECTIONS = Number(values.connections ?? (values.mixed ? 100 : 50));
const PRODUCTS = Number(values.products);
const CUSTOMERS = Number(values.customers);
for (const [name, value] of Object.entries({ duration: DURATION, connections: CONNECTIONS, products: PRODUCTS, customers: CUSTOMERS })) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a positive whole number (got ${value})`);
    process.exit(1);
  }
}
const DATA_DIR = path.join(REPO_ROOT, '.data', 'bench-pglite');
const STORE = 'lincoln-park-market';

async function bench(base: string, name: string, url: string, targetP95: number) {
  const latencies: number[] = [];
  // autocannon reports p97.5 but not p95, so every response time is kept and the percentiles computed here.
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: base + url, connections: CONNECTIONS, duration: DURATION }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  const errors = result.errors + result.timeouts + result.non2xx;
  const row = {
    endpoint: name,
    p50: percentile(latencies, 50).toFixed(1),
    p95: percentile(latencies, 95).toFixed(1),
    p99: percentile(latencies, 99).toFixed(1),
    'req/s': Math.round(result.requests.average),
    errors,
    target: `p95 ≤ ${targetP95}`,
    ok: percentile(latencies, 95) <= targetP95 && errors === 0 ? 'yes' : 'NO',
  };
  console.info(JSON.stringify(row));
  return row;
}

if (values.mixed) {
  const mixed = {
    databaseUrl: values['database-url'],
    duration: DURATION,
    connections: CONNECTIONS,
    products: PRODUCTS,
    customers: CUSTOMERS,
    catalogueCache: !values['no-cache'],
  };
  const ok = await runMixedBench(mixed);
  // The same workload on the embedded database, for the record: its one connection is its limit, so it is not
  // held to the targets and does not decide the exit code.
  if (!values['no-pglite']) await runMixedBench({ ...mixed, pgliteDataDir: path.join(REPO_ROOT, '.data', 'bench-mixed-pglite') });
  process.exit(ok ? 0 : 1);
}

if (values.auth) {
  const ok = await runAuthBench({
    duration: Number(values.duration ?? 10),
    products: Number(values.products === '100000' ? 5000 : values.products),
  });
  process.exit(ok ? 0 : 1);
}

await ensureBenchDatabase({ databaseUrl: undefined, pgliteDataDir: DATA_DIR }, PRODUCTS);
const { base, stop } = await startBenchServer({
  PGLITE_DATA_DIR: DATA_DIR,
  DATABASE_URL: '',
  BENCH_CATALOGUE_CACHE: values['no-cache'] ? 'off' : 'on',
});
try {
  console.info(
    `${PRODUCTS} products, ${CONNECTIONS} connections × ${DURATION} s per endpoint, answer cache ${values['no-cache'] ? 'off' : 'on'}`,
  );
  const rows = [];
  for (const sort of ['name', 'price']) {
    for (const page of [1, 10, 50]) {
      rows.push(
        await bench(
          base,
          `listing sort=${sort} page=${page}`,
          `/open/products/${STORE}/paginated?page=${page}&limit=20&sort=${sort}&order=asc`,
          15,
        ),
      );
    }
  }
  rows.push(await bench(base, 'global search "milk"', '/open/products/search/global/paginated?query=milk&page=1&limit=20', 25));
  rows.push(await bench(base, 'global search "choc milk"', '/open/products/search/global/paginated?query=choc%20milk&page=1&limit=20', 25));
  rows.push(await bench(base, 'suggestions "org" limit=5', '/open/products/search/global/paginated?query=org&limit=5', 10));
  console.table(rows);
} finally {
  await stop();
}
