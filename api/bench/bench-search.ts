// `npm run bench:search [-- --products 100000 --duration 10 --connections 50 --skip-speed --skip-pglite]`
//
// 1. Relevance: a fresh seeded catalogue (throwaway in-memory PGlite; with the DATABASE_URL variable a throwaway
//    database on that PostgreSQL server), the judged queries of judgments.json run through the API
//    (answer cache off): NDCG@10, precision@5, zero-result rate, top hit of exact queries, p50/p95 per class.
// 2. Speed at --products products, answer cache off, distinct queries (the judged set and a 1,000-term
//    Zipf-like log with typos): service time at 1 connection for search, suggestions and listings, then
//    --connections connections for searches/s and suggestions/s with p99 and errors; the same with the
//    answer cache on, labelled cached. PGlite always (.data/bench-pglite, shared with bench:api);
//    PostgreSQL too when DATABASE_URL (or --database-url) is set.
// Exits 1 when a target is missed. The machine's load average is printed with every figure.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { PaginatedProducts, Product } from '@grocer/shared/contracts';
import { eq } from 'drizzle-orm';
import { ensureBenchDatabase, percentile, startBenchServer } from '../scripts/bench-lib.ts';
import { products } from '../src/db/schema.ts';
import { REPO_ROOT } from '../src/lib/paths.ts';
import { CATEGORY_SEEDS, STORE_SEEDS } from '../src/seed/catalogueData.ts';
import { seedCatalogue } from '../src/seed/seedCatalogue.ts';
import { createCatalogueService } from '../src/services/catalogue/catalogueService.ts';
import { buildTestApp } from '../src/testing/testApp.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'database-url': { type: 'string', default: process.env.DATABASE_URL ?? '' },
    'skip-speed': { type: 'boolean', default: false },
    // Speed on PostgreSQL only (with DATABASE_URL), e.g. to re-measure one database.
    'skip-pglite': { type: 'boolean', default: false },
  },
});
const PRODUCTS = Number(values.products);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const DATABASE_URL = values['database-url'] || undefined;

const TARGETS = {
  ndcg10: 0.9,
  precision5: 0.85,
  searchP95: 15,
  suggestP95: 5,
  listingP95: 5,
  searchesPerSecond: 400,
  suggestionsPerSecond: 1_500,
  loadP99: 250,
};

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const misses: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) misses.push(what);
  return ok ? 'yes' : 'NO';
};

// ------------------------------------------------------------------ relevance

interface Judged {
  q: string;
  class: string;
  exact: boolean;
  relevant: Record<string, number>;
}

const judged: Judged[] = (JSON.parse(readFileSync(path.join(import.meta.dirname, 'judgments.json'), 'utf8')) as { queries: Judged[] })
  .queries;

/** A product's grade for a query: its brand and item, or its item alone, as judged (else 0). */
function grade(query: Judged, product: { brand: string; item: string }): number {
  const item = product.item.toLowerCase();
  return Math.max(query.relevant[`${product.brand.toLowerCase()} ${item}`] ?? 0, query.relevant[item] ?? 0);
}

const label = (name: string) => name.split(',')[0]!.trim().toLowerCase();

const dcg = (grades: number[]) => grades.reduce((sum, g, i) => sum + (2 ** g - 1) / Math.log2(i + 2), 0);

async function relevance(): Promise<void> {
  const app = await buildTestApp({ rateLimitMax: 1_000_000_000 });
  try {
    await seedCatalogue(app.db);
    app.services.catalogue = createCatalogueService(app.db, { cacheTtlMs: 0 });
    // Every active product's brand and item, for the ideal ranking of each query.
    const names = await app.db.select({ brand: products.brand, item: products.item }).from(products).where(eq(products.isActive, true));
    const byClass = new Map<string, { ndcg: number[]; p5: number[]; zero: number; exactMiss: string[]; ms: number[] }>();
    const failures: string[] = [];
    for (const query of judged) {
      const started = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: `/open/products/search/global/paginated?query=${encodeURIComponent(query.q)}&limit=10`,
      });
      const ms = performance.now() - started;
      const body = res.json<PaginatedProducts>();
      const grades = body.products.map((p: Product) => grade(query, p));
      const ideal = names
        .map((n) => grade(query, n))
        .sort((a, b) => b - a)
        .slice(0, 10);
      const ndcg = dcg(ideal) === 0 ? 0 : dcg(grades) / dcg(ideal);
      const p5 = grades.slice(0, 5).filter((g) => g > 0).length / Math.min(5, Math.max(1, ideal.filter((g) => g > 0).length));
      const row = byClass.get(query.class) ?? { ndcg: [], p5: [], zero: 0, exactMiss: [], ms: [] };
      row.ndcg.push(ndcg);
      row.p5.push(Math.min(1, p5));
      row.ms.push(ms);
      if (body.products.length === 0) row.zero += 1;
      if (query.exact && grades[0] !== 2) row.exactMiss.push(query.q);
      if (ndcg < 0.75)
        failures.push(
          `${query.q} (ndcg ${ndcg.toFixed(2)}: ${
            body.products
              .slice(0, 3)
              .map((p) => label(p.name))
              .join(' | ') || 'nothing'
          })`,
        );
      byClass.set(query.class, row);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const rows = [...byClass].map(([cls, r]) => {
      const ms = [...r.ms].sort((a, b) => a - b);
      return {
        class: cls,
        queries: r.ndcg.length,
        'NDCG@10': mean(r.ndcg).toFixed(3),
        'P@5': mean(r.p5).toFixed(3),
        'zero-result': `${r.zero}/${r.ndcg.length}`,
        'exact top hit': r.exactMiss.length === 0 ? 'all' : `missed: ${r.exactMiss.join(', ')}`,
        'p50 ms': percentile(ms, 50).toFixed(1),
        'p95 ms': percentile(ms, 95).toFixed(1),
      };
    });
    const ndcg = mean([...byClass.values()].flatMap((r) => r.ndcg));
    const p5 = mean([...byClass.values()].flatMap((r) => r.p5));
    const zero = [...byClass.values()].reduce((n, r) => n + r.zero, 0);
    const exactMisses = [...byClass.values()].flatMap((r) => r.exactMiss);
    console.info(
      `\nRelevance: ${judged.length} judged queries on ${names.length} active products (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}), load average ${load()}`,
    );
    console.table(rows);
    console.table([
      { measure: 'NDCG@10', value: ndcg.toFixed(3), target: `≥ ${TARGETS.ndcg10}`, ok: check(ndcg >= TARGETS.ndcg10, 'NDCG@10') },
      {
        measure: 'precision@5',
        value: p5.toFixed(3),
        target: `≥ ${TARGETS.precision5}`,
        ok: check(p5 >= TARGETS.precision5, 'precision@5'),
      },
      { measure: 'zero-result queries', value: String(zero), target: '0', ok: check(zero === 0, 'zero results') },
      {
        measure: 'exact queries with a wrong top hit',
        value: String(exactMisses.length),
        target: '0',
        ok: check(exactMisses.length === 0, 'exact top hit'),
      },
    ]);
    if (failures.length > 0) console.info(`Weakest queries:\n  ${failures.join('\n  ')}`);
  } finally {
    await app.close();
  }
}

// ------------------------------------------------------------------ speed

/** Deterministic PRNG (mulberry32), so every run replays the same log. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One wrong, missing, extra or swapped letter, as shoppers type them. */
function typo(word: string, rng: () => number): string {
  const i = 1 + Math.floor(rng() * (word.length - 2));
  const letter = String.fromCharCode(97 + Math.floor(rng() * 26));
  switch (Math.floor(rng() * 4)) {
    case 0:
      return word.slice(0, i) + letter + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    case 2:
      return word.slice(0, i) + letter + word.slice(i);
    default:
      return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
  }
}

/**
 * The judged set, then 1,000 terms drawn Zipf-like (weight 1/rank) from the catalogue's item names and
 * their words, one in six with a typo in a word of 5+ letters: repeats as real logs have, never one URL.
 */
function queryLog(): string[] {
  const rng = prng(15);
  const items = CATEGORY_SEEDS.flatMap((c) => c.items.map(([name]) => name.toLowerCase()));
  const terms = [...new Set([...items.flatMap((i) => i.split(' ').filter((w) => /^[a-z]{3,}$/.test(w))), ...items])];
  // A fixed shuffle, so the popular terms are a mix of single words and item names.
  terms.sort(() => rng() - 0.5);
  const weights = terms.map((_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const log: string[] = [];
  for (let n = 0; n < 1_000; n++) {
    let r = rng() * total;
    let i = 0;
    while (r > weights[i]! && i < terms.length - 1) r -= weights[i++]!;
    let term = terms[i]!;
    if (rng() < 1 / 6)
      term = term
        .split(' ')
        .map((w) => (w.length >= 5 && rng() < 0.7 ? typo(w, rng) : w))
        .join(' ');
    log.push(term);
  }
  return [...judged.map((j) => j.q), ...log];
}

interface Target {
  name: string;
  databaseUrl: string | undefined;
}

function urls(terms: string[]) {
  const rng = prng(19);
  const search = terms.map((t) => `/open/products/search/global/paginated?query=${encodeURIComponent(t)}&limit=20`);
  // Suggestions as a shopper types: a prefix of 2+ characters, or the whole term.
  const suggest = terms.map((t) => {
    const cut = Math.min(t.length, 2 + Math.floor(rng() * (t.length - 1)));
    return `/open/products/suggestions?query=${encodeURIComponent(t.slice(0, cut))}`;
  });
  const listing = terms.map((_, i) => {
    const store = STORE_SEEDS[i % STORE_SEEDS.length]!.publicId;
    const sort = i % 2 ? 'price' : 'name';
    return `/open/products/${store}/paginated?page=${1 + Math.floor(rng() * 50)}&limit=20&sort=${sort}&order=${i % 3 ? 'asc' : 'desc'}`;
  });
  return { search, suggest, listing };
}

async function serviceTime(base: string, list: string[]): Promise<{ p50: number; p95: number; errors: number }> {
  const ms: number[] = [];
  let errors = 0;
  for (const url of list) {
    const started = performance.now();
    const res = await fetch(base + url);
    await res.arrayBuffer();
    ms.push(performance.now() - started);
    if (!res.ok) errors += 1;
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), errors };
}

async function underLoad(base: string, list: string[]): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const latencies: number[] = [];
  let next = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: DURATION,
        // Each request takes the next URL of the log, so no URL is asked over and over.
        requests: [{ setupRequest: (req) => ({ ...req, path: list[next++ % list.length]! }) }],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function speed(target: Target, terms: string[]): Promise<void> {
  const pgliteDataDir = path.join(REPO_ROOT, '.data', 'bench-pglite');
  await ensureBenchDatabase({ databaseUrl: target.databaseUrl, pgliteDataDir }, PRODUCTS);
  const { search, suggest, listing } = urls(terms);
  const rows: Record<string, string | number>[] = [];
  for (const cache of ['off', 'on'] as const) {
    const server = await startBenchServer({
      PGLITE_DATA_DIR: pgliteDataDir,
      DATABASE_URL: target.databaseUrl ?? '',
      BENCH_CATALOGUE_CACHE: cache,
    });
    try {
      const label = cache === 'on' ? ' (cached)' : '';
      // Warm-up: the vocabulary load and the first plans are not what a shopper waits for.
      await serviceTime(server.base, [search[0]!, suggest[0]!, listing[0]!]);
      if (cache === 'off') {
        for (const [name, list, limit] of [
          ['search', search, TARGETS.searchP95],
          ['suggestions', suggest, TARGETS.suggestP95],
          ['listings', listing, TARGETS.listingP95],
        ] as const) {
          const t = await serviceTime(server.base, list);
          rows.push({
            [target.name]: `${name}, 1 connection`,
            p50: t.p50.toFixed(1),
            'p95/p99': `p95 ${t.p95.toFixed(1)}`,
            'req/s': '',
            errors: t.errors,
            target: `p95 ≤ ${limit} ms`,
            ok: check(t.p95 <= limit && t.errors === 0, `${target.name} ${name} service time`),
            load: load(),
          });
        }
      }
      for (const [name, list, minRate] of [
        ['searches', search, TARGETS.searchesPerSecond],
        ['suggestions', suggest, TARGETS.suggestionsPerSecond],
      ] as const) {
        const r = await underLoad(server.base, list);
        // The load targets are PostgreSQL's; PGlite's single connection queues, so its figures are printed only.
        const judgedHere = cache === 'off' && target.databaseUrl !== undefined;
        rows.push({
          [target.name]: `${name}, ${CONNECTIONS} connections${label}`,
          p50: r.p50.toFixed(1),
          'p95/p99': `p99 ${r.p99.toFixed(1)}`,
          'req/s': Math.round(r.rps),
          errors: r.errors,
          target: judgedHere ? `≥ ${minRate}/s, p99 ≤ ${TARGETS.loadP99} ms, 0 errors` : 'printed',
          ok: judgedHere ? check(r.rps >= minRate && r.p99 <= TARGETS.loadP99 && r.errors === 0, `${target.name} ${name} under load`) : '-',
          load: load(),
        });
      }
    } finally {
      await server.stop();
    }
  }
  console.info(`\nSpeed on ${target.name}: ${PRODUCTS} products, ${terms.length} distinct-query log, ${DURATION} s per load run`);
  console.table(rows);
}

await relevance();
if (!values['skip-speed']) {
  const terms = queryLog();
  if (!values['skip-pglite']) await speed({ name: 'PGlite', databaseUrl: undefined }, terms);
  if (DATABASE_URL) await speed({ name: 'PostgreSQL', databaseUrl: DATABASE_URL }, terms);
}
if (misses.length > 0) {
  console.error(`\nMissed: ${misses.join('; ')}`);
  process.exit(1);
}
console.info('\nEvery target met.');
