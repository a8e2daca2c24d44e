// `npm run bench:web`: Lighthouse 12 (mobile preset, default simulated throttling) on the production
// build, served the way `npm start` serves it (own ports, seeded throwaway database), 3 runs per page,
// median of each figure, compared with the targets of the "Proof of quality" issue. Exits 1 on a miss.
// BENCH_BEFORE=<folder of dist copies> measures an older build beside this one, runs alternating.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { kb } from '../budgets.ts';
import { APPS, type AppDir } from '../ports.ts';
import { buildMissing, freeStackPorts, REPO_ROOT, startStack } from '../stack.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Only the pages whose path contains one of these comma-separated words (BENCH_PAGES=search,cart). */
const ONLY = process.env.BENCH_PAGES?.split(',').filter(Boolean);
/** When set, every Lighthouse report is written there as JSON, to read why a page scored as it did. */
const REPORT_DIR = process.env.BENCH_REPORTS;
/**
 * A folder holding another build to compare with (a copy of each app's dist: shell/, mf-catalog/, ...).
 * Each page is then measured on both, run for run, and both tables are printed; this build's decides.
 */
const BEFORE = process.env.BENCH_BEFORE;
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

interface Variant {
  label: string;
  /** The folder each app is served from while this variant is measured. */
  roots: Record<AppDir, string>;
}

/** Points the served folders (symlinks) at a variant's builds and restarts the static servers on them. */
async function serve(stack: Awaited<ReturnType<typeof startStack>>, served: Record<AppDir, string>, variant: Variant): Promise<void> {
  for (const { dir } of APPS) {
    rmSync(served[dir], { force: true });
    symlinkSync(variant.roots[dir], served[dir], 'dir');
  }
  await Promise.all(
    Object.values(stack.apps).map(async (app) => {
      await app.stop();
      await app.start();
    }),
  );
}

/** Runs the benchmark and prints the table; true when every page met its targets. */
async function bench(): Promise<boolean> {
  buildMissing();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'grocer-bench-web-'));
  const dists = Object.fromEntries(APPS.map(({ dir }) => [dir, path.join(REPO_ROOT, dir, 'dist')])) as Record<AppDir, string>;
  const variants: Variant[] = [{ label: BEFORE ? 'this build' : '', roots: dists }];
  if (BEFORE)
    variants.unshift({
      label: 'before',
      roots: Object.fromEntries(APPS.map(({ dir }) => [dir, path.resolve(BEFORE, dir)])) as Record<AppDir, string>,
    });
  // One API and one set of static servers (one seeded database: a second one took minutes on a busy
  // machine); the servers' folders are symlinks, pointed at each build in turn.
  mkdirSync(path.join(workDir, 'served'));
  const served = Object.fromEntries(APPS.map(({ dir }) => [dir, path.join(workDir, 'served', dir)])) as Record<AppDir, string>;
  for (const { dir } of APPS) symlinkSync(dists[dir], served[dir], 'dir');
  const stack = await startStack({
    ports: await freeStackPorts(),
    roots: served,
    apiStdio: 'ignore',
    apiEnv: { PGLITE_DATA_DIR: path.join(workDir, 'db'), LOG_LEVEL: 'warn' },
  });
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    const apiUrl = stack.apiUrl;
    const stores = (await (await fetch(`${apiUrl}/open/stores`)).json()) as Array<{ publicId: string }>;
    const store = stores[0];
    if (!store) throw new Error('the seeded database has no store');
    const listing = (await (await fetch(`${apiUrl}/open/products/${store.publicId}/paginated?page=1&limit=1`)).json()) as {
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

    const rows = new Map<Variant, Array<{ page: string; figures: Figures; misses: string[] }>>(variants.map((v) => [v, []]));
    if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });
    for (const [pathname, goal] of pages.filter(([p]) => !ONLY || ONLY.some((word) => p.includes(word)))) {
      const runs = new Map<Variant, Figures[]>(variants.map((v) => [v, []]));
      for (let run = 1; run <= RUNS; run++) {
        // Builds alternate run by run, so a busy spell of the machine weighs on both alike.
        for (const variant of variants) {
          if (variants.length > 1) await serve(stack, served, variant);
          const result = await lighthouse(`${stack.apps.shell.url}${pathname}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices'],
          });
          if (!result) throw new Error(`Lighthouse returned nothing for ${pathname}`);
          if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${pathname}: ${result.lhr.runtimeError.message}`);
          const figures = figuresOf(result.lhr);
          runs.get(variant)!.push(figures);
          const prefix = variant.label ? `${variant.label.replace(/\W+/g, '-')}-` : '';
          if (REPORT_DIR) {
            const name = `${prefix}${pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${run}.json`;
            writeFileSync(path.join(REPORT_DIR, name), JSON.stringify(result.lhr));
          }
          console.log(`  ${variant.label ? `[${variant.label}] ` : ''}${pathname} run ${run}/${RUNS}: performance ${figures.performance}`);
        }
      }
      for (const variant of variants) {
        const all = runs.get(variant)!;
        const figures = Object.fromEntries(
          (Object.keys(all[0]!) as Array<keyof Figures>).map((key) => [key, median(all.map((r) => r[key]))]),
        ) as unknown as Figures;
        rows.get(variant)!.push({ page: pathname, figures, misses: misses(figures, goal) });
      }
    }

    const ms = (value: number) => `${Math.round(value)} ms`;
    console.log(
      `\nLighthouse 12, mobile, simulated throttling, median of ${RUNS} runs (load: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
    for (const variant of variants) {
      if (variant.label) console.log(`\n${variant.label}:`);
      console.log('');
      const header = ['page', 'perf', 'a11y', 'best', 'LCP', 'FCP', 'TBT', 'CLS', 'first-load JS', 'targets'];
      const table = rows
        .get(variant)!
        .map(({ page, figures: f, misses: m }) => [
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
    }
    console.log(
      '\nTargets: performance ≥ 95 on / and the product page, ≥ 90 elsewhere; accessibility 100; best practices ≥ 95; CLS ≤ 0.05.',
    );
    // Only this build's figures decide: the one compared with is for reading.
    return rows.get(variants.at(-1)!)!.every((r) => r.misses.length === 0);
  } finally {
    chrome.kill();
    await stack.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

process.exit((await bench()) ? 0 : 1);
