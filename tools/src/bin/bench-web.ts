// `npm run bench:web`: Lighthouse 12 (mobile preset, default simulated throttling) on the production
// build, served the way `npm start` serves it (own ports, seeded throwaway database), 3 runs per page,
// median of each figure, compared with the targets of the "Proof of quality" issue. Exits 1 on a miss.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { kb } from '../budgets.ts';
import { buildMissing, freeStackPorts, startStack } from '../stack.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Only the pages whose path contains one of these comma-separated words (BENCH_PAGES=search,cart). */
const ONLY = process.env.BENCH_PAGES?.split(',').filter(Boolean);
/** When set, every Lighthouse report is written there as JSON, to read why a page scored as it did. */
const REPORT_DIR = process.env.BENCH_REPORTS;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  /** Bytes on the wire of every script the page loaded. */
  js: number;
}

interface Target {
  performance: number;
  accessibility: number;
  bestPractices: number;
  cls: number;
}

const target = (performance: number): Target => ({ performance, accessibility: 100, bestPractices: 95, cls: 0.05 });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function figuresOf(lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']): Figures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => {
    const numeric = lhr.audits[id]?.numericValue;
    if (numeric === undefined)
      throw new Error(`Lighthouse did not measure ${id} on ${lhr.finalDisplayedUrl}: ${lhr.audits[id]?.errorMessage ?? 'no value'}`);
    return numeric;
  };
  const requests =
    (lhr.audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined)?.items ??
    [];
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    js: requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
  };
}

function misses(f: Figures, t: Target): string[] {
  const out: string[] = [];
  if (f.performance < t.performance) out.push(`performance ${f.performance} < ${t.performance}`);
  if (f.accessibility < t.accessibility) out.push(`accessibility ${f.accessibility} < ${t.accessibility}`);
  if (f.bestPractices < t.bestPractices) out.push(`best practices ${f.bestPractices} < ${t.bestPractices}`);
  if (f.cls > t.cls) out.push(`CLS ${f.cls.toFixed(3)} > ${t.cls}`);
  return out;
}

/** Runs the benchmark and prints the table; true when every page met its targets. */
async function bench(): Promise<boolean> {
  buildMissing();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'grocer-bench-web-'));
  const ports = await freeStackPorts();
  const stack = await startStack({ ports, apiStdio: 'ignore', apiEnv: { PGLITE_DATA_DIR: path.join(workDir, 'db'), LOG_LEVEL: 'warn' } });
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    const stores = (await (await fetch(`${stack.apiUrl}/open/stores`)).json()) as Array<{ publicId: string }>;
    const store = stores[0];
    if (!store) throw new Error('the seeded database has no store');
    const listing = (await (await fetch(`${stack.apiUrl}/open/products/${store.publicId}/paginated?page=1&limit=1`)).json()) as {
      products: Array<{ uuid: string }>;
    };
    const product = listing.products[0];
    if (!product) throw new Error(`the seeded store ${store.publicId} has no product`);
    const pages: Array<[string, Target]> = [
      ['/', target(95)],
      [`/store/${store.publicId}`, target(90)],
      [`/store/${store.publicId}/product/${product.uuid}`, target(95)],
      ['/search?q=milk', target(90)],
      ['/cart', target(90)],
    ];

    // A first visit warms the servers (and the API's caches) so run 1 is not a cold-start outlier.
    await fetch(stack.apps.shell.url);

    const rows: Array<{ page: string; figures: Figures; misses: string[] }> = [];
    if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });
    for (const [pathname, goal] of pages.filter(([p]) => !ONLY || ONLY.some((word) => p.includes(word)))) {
      const runs: Figures[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const result = await lighthouse(`${stack.apps.shell.url}${pathname}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${pathname}`);
        if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${pathname}: ${result.lhr.runtimeError.message}`);
        runs.push(figuresOf(result.lhr));
        if (REPORT_DIR) {
          const name = `${pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${run}.json`;
          writeFileSync(path.join(REPORT_DIR, name), JSON.stringify(result.lhr));
        }
        console.log(`  ${pathname} run ${run}/${RUNS}: performance ${runs.at(-1)!.performance}`);
      }
      const figures = Object.fromEntries(
        (Object.keys(runs[0]!) as Array<keyof Figures>).map((key) => [key, median(runs.map((r) => r[key]))]),
      ) as unknown as Figures;
      rows.push({ page: pathname, figures, misses: misses(figures, goal) });
    }

    const ms = (value: number) => `${Math.round(value)} ms`;
    console.log(
      `\nLighthouse 12, mobile, simulated throttling, median of ${RUNS} runs (load: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})\n`,
    );
    const header = ['page', 'perf', 'a11y', 'best', 'LCP', 'FCP', 'TBT', 'CLS', 'first-load JS', 'targets'];
    const table = rows.map(({ page, figures: f, misses: m }) => [
      page,
      String(f.performance),
      String(f.accessibility),
      String(f.bestPractices),
      ms(f.lcp),
      ms(f.fcp),
      ms(f.tbt),
      f.cls.toFixed(3),
      `${kb(f.js)} (wire)`,
      m.length ? `MISSED: ${m.join(', ')}` : 'met',
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
    for (const row of [header, ...table]) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
    console.log('\nTargets: performance ≥ 95 on / and the product page, ≥ 90 elsewhere; accessibility 100; best practices ≥ 95; CLS ≤ 0.05.');
    return rows.every((r) => r.misses.length === 0);
  } finally {
    chrome.kill();
    await stack.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

process.exit((await bench()) ? 0 : 1);
