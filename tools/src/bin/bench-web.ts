// `npm run bench:web`: Lighthouse 12 (mobile preset, default simulated throttling) on the production
// build, served the way `npm start` serves it (own ports, seeded throwaway database), 5 runs per page,
// median of each figure, compared with the first-paint targets (every page: performance ≥ 98,
// LCP ≤ 1.5 s, TBT ≤ 100 ms, CLS ≤ 0.02, accessibility and best practices 100). Exits 1 on a miss.
// The pages are every kind a shopper opens first: home, a store, a category, a search, a product,
// the cart empty and with two stores' items, and a signed-in order's details; the browser storage
// those need (cart, session) is written before each run, as the shop itself keeps them.
// BENCH_BEFORE=<folder of dist copies>[,<another>...] measures other builds beside this one, runs alternating
// (a shell copy holding a `no-page-step` file is served without the page server, tools/src/stack.ts).
// Then the shell's page server under load: 20 shoppers at once opening each page it renders (autocannon,
// BENCH_LOAD_SECONDS each, 10 by default), p95 of the time to the whole page ≤ 150 ms, and each page's
// first render by a new page server (its remotes' code and routes not loaded yet).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import type { CartItem, Category, Product, STORAGE_KEYS } from '@grocer/shared';
import { kb } from '../budgets.ts';
import { apiClient, placeDemoOrder } from '../demoOrder.ts';
import { APPS, type AppDir } from '../ports.ts';
import { loadShellPages, shellFileOf, type PageRenderer } from '../shellPages.ts';
import { indexHtmlOf } from '../static-server.ts';
import { apiOutputUnlessAsked, buildMissing, freeStackPorts, REPO_ROOT, startStack } from '../stack.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Only the pages whose path contains one of these comma-separated words (BENCH_PAGES=search,cart). */
const ONLY = process.env.BENCH_PAGES?.split(',').filter(Boolean);
/** When set, every Lighthouse report is written there as JSON, to read why a page scored as it did. */
const REPORT_DIR = process.env.BENCH_REPORTS;
/**
 * Folders (comma-separated) each holding another build to compare with (a copy of each app's dist:
 * shell/, mf-catalog/, ...), named by their folder. Each page is then measured on every build, run
 * for run, and every table is printed; this build's decides.
 */
const BEFORE = process.env.BENCH_BEFORE?.split(',').filter(Boolean) ?? [];
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
  /** Milliseconds. */
  lcp: number;
  tbt: number;
  cls: number;
}

/** The same targets on every page: a first paint that already holds the page's content. */
const TARGET: Target = { performance: 98, accessibility: 100, bestPractices: 100, lcp: 1500, tbt: 100, cls: 0.02 };

// The browser storage keys of the session and the cart (@grocer/shared storage.ts): a type-only
// import keeps this file off the shared package's runtime, and a renamed key is a compile error here.
const USER_KEY: (typeof STORAGE_KEYS)['user'] = 'user';
const CART_KEY: (typeof STORAGE_KEYS)['cart'] = 'user-cart';

interface BenchPage {
  /** Path and query of the page. */
  path: string;
  /** What the table calls it. */
  label: string;
  /** localStorage of the shop's origin when the page opens (the keys above; anything else is removed). */
  storage?: Partial<Record<typeof USER_KEY | typeof CART_KEY, string>>;
}

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
  if (f.lcp > t.lcp) out.push(`LCP ${Math.round(f.lcp)} ms > ${t.lcp} ms`);
  if (f.tbt > t.tbt) out.push(`TBT ${Math.round(f.tbt)} ms > ${t.tbt} ms`);
  if (f.cls > t.cls) out.push(`CLS ${f.cls.toFixed(3)} > ${t.cls}`);
  return out;
}

/** The page server's targets: 20 shoppers at once, p95 of the time to the whole page (TTFB is within it). */
const LOAD = { connections: 20, seconds: Number(process.env.BENCH_LOAD_SECONDS ?? 10), p95: 150 };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/**
 * The page server on each page it renders: one render with every cache cold (a new page server, as
 * after a restart), then LOAD.connections shoppers opening the page over and over for LOAD.seconds.
 */
async function pageServerUnderLoad(
  shellUrl: string,
  pages: BenchPage[],
  pageServer: () => Promise<PageRenderer>,
): Promise<{ lines: string[]; ok: boolean }> {
  const lines: string[] = [];
  let ok = true;
  for (const page of pages) {
    if (page.storage) continue;
    const url = new URL(page.path, shellUrl);
    const render = await pageServer();
    const coldStart = performance.now();
    const drawn = await render(url);
    const cold = performance.now() - coldStart;
    if (!drawn) continue;
    const latencies: number[] = [];
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        { url: url.href, connections: LOAD.connections, duration: LOAD.seconds, headers: { 'accept-encoding': 'br, gzip' } },
        (err, res) => (err ? reject(err) : resolve(res)),
      );
      instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    });
    latencies.sort((a, b) => a - b);
    const errors = result.errors + result.timeouts + result.non2xx;
    const p95 = percentile(latencies, 95);
    const met = p95 <= LOAD.p95 && errors === 0;
    ok &&= met;
    lines.push(
      `${page.label.padEnd(10)} cold ${Math.round(cold)} ms · p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ` +
        `p99 ${percentile(latencies, 99).toFixed(1)} ms, ${Math.round(result.requests.average)} pages/s, ${errors} errors  ${met ? 'met' : `MISSED: p95 > ${LOAD.p95} ms`}`,
    );
  }
  return { lines, ok };
}

/** The pages measured, with what each needs from the seeded database. */
async function benchPages(apiUrl: string, shellOrigin: string): Promise<BenchPage[]> {
  const call = apiClient(apiUrl, shellOrigin);
  const stores = await call<Array<{ uuid: string; publicId: string }>>('GET', '/open/stores');
  const [store, other] = stores;
  if (!store || !other) throw new Error('the seeded database has fewer than two stores');
  // Dearest first, so one item meets most stores' minimum order.
  const inStock = async (publicId: string) => {
    const { products } = await call<{ products: Product[] }>(
      'GET',
      `/open/products/${publicId}/paginated?page=1&limit=20&sort=price&order=desc`,
    );
    const product = products.find((p) => p.stockStatus === 'IN_STOCK');
    if (!product) throw new Error(`the seeded store ${publicId} has no product in stock on its first page`);
    return product;
  };
  const [product, otherProduct] = [await inStock(store.publicId), await inStock(other.publicId)];
  const categories = await call<Category[]>('GET', `/open/categories?storeId=${encodeURIComponent(store.publicId)}`);
  const category = categories.find((c) => c.productCount > 0);
  if (!category) throw new Error(`the seeded store ${store.publicId} has no category with products`);
  const cart: CartItem[] = [product, otherProduct].map((p) => ({ ...p, quantity: 1 }));
  const order = await placeDemoOrder(call, product);
  return [
    { label: '/', path: '/' },
    { label: 'store', path: `/store/${store.publicId}` },
    { label: 'category', path: `/store/${store.publicId}/category/${category.uuid}` },
    { label: 'search', path: '/search?q=milk' },
    { label: 'product', path: `/store/${store.publicId}/product/${product.uuid}` },
    { label: 'cart (empty)', path: '/cart' },
    { label: 'cart (2 stores)', path: '/cart', storage: { [CART_KEY]: JSON.stringify(cart) } },
    { label: 'order details', path: `/order-details/${order.orderId}`, storage: { [USER_KEY]: JSON.stringify(order.user) } },
  ];
}

/**
 * Leaves the shop's origin with exactly `storage` in localStorage (the session and cart keys; the
 * others removed), written from a same-origin document that runs none of the shop's code.
 */
async function setStorage(browser: Browser, shellUrl: string, storage: BenchPage['storage'] = {}): Promise<void> {
  const tab = await browser.newPage();
  try {
    await tab.goto(`${shellUrl}/config.json`);
    await tab.evaluate(
      (keys: string[], values: Record<string, string>) => {
        for (const key of keys) localStorage.removeItem(key);
        for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
      },
      [USER_KEY, CART_KEY],
      storage,
    );
  } finally {
    await tab.close();
  }
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
  const variants: Variant[] = [
    ...BEFORE.map((folder) => ({
      label: path.basename(path.resolve(folder)),
      roots: Object.fromEntries(APPS.map(({ dir }) => [dir, path.resolve(folder, dir)])) as Record<AppDir, string>,
    })),
    { label: BEFORE.length ? 'this build' : '', roots: dists },
  ];
  // One API and one set of static servers (one seeded database: a second one took minutes on a busy
  // machine); the servers' folders are symlinks, pointed at each build in turn.
  mkdirSync(path.join(workDir, 'served'));
  const served = Object.fromEntries(APPS.map(({ dir }) => [dir, path.join(workDir, 'served', dir)])) as Record<AppDir, string>;
  for (const { dir } of APPS) symlinkSync(dists[dir], served[dir], 'dir');
  const apiOutput = apiOutputUnlessAsked();
  const stack = await startStack({
    ports: await freeStackPorts(),
    roots: served,
    apiStdio: apiOutput.apiStdio,
    apiEnv: { PGLITE_DATA_DIR: path.join(workDir, 'db'), ...apiOutput.apiEnv },
  });
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    const shellUrl = stack.apps.shell.url;
    const pages = (await benchPages(stack.apiUrl, new URL(shellUrl).origin)).filter(
      (p) => !ONLY || ONLY.some((word) => p.path.includes(word) || p.label.includes(word)),
    );
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

    // A first visit warms the servers (and the API's caches) so run 1 is not a cold-start outlier.
    await fetch(shellUrl);

    const rows = new Map<Variant, Array<{ page: string; figures: Figures; misses: string[] }>>(variants.map((v) => [v, []]));
    if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });
    for (const page of pages) {
      const runs = new Map<Variant, Figures[]>(variants.map((v) => [v, []]));
      for (let run = 1; run <= RUNS; run++) {
        // Builds alternate run by run, so a busy spell of the machine weighs on both alike.
        for (const variant of variants) {
          if (variants.length > 1) await serve(stack, served, variant);
          await setStorage(browser, shellUrl, page.storage);
          const result = await lighthouse(`${shellUrl}${page.path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices'],
            // Lighthouse still empties the HTTP cache and the origin's other storage before each run
            // (a cold visit); only localStorage, the cart and the session written above, is kept.
            clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'indexeddb', 'cookies'],
          });
          if (!result) throw new Error(`Lighthouse returned nothing for ${page.label}`);
          if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${page.label}: ${result.lhr.runtimeError.message}`);
          // A page that sent Lighthouse elsewhere (a guard's redirect) was not measured: its setup failed.
          const landed = new URL(result.lhr.finalDisplayedUrl);
          if (`${landed.pathname}${landed.search}` !== page.path) throw new Error(`${page.label} ended on ${landed.href}`);
          const figures = figuresOf(result.lhr);
          runs.get(variant)!.push(figures);
          const prefix = variant.label ? `${variant.label.replace(/\W+/g, '-')}-` : '';
          if (REPORT_DIR) {
            const name = `${prefix}${page.label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${run}.json`;
            writeFileSync(path.join(REPORT_DIR, name), JSON.stringify(result.lhr));
          }
          console.log(
            `  ${variant.label ? `[${variant.label}] ` : ''}${page.label} run ${run}/${RUNS}: performance ${figures.performance}, ` +
              `LCP ${Math.round(figures.lcp)} ms, TBT ${Math.round(figures.tbt)} ms`,
          );
        }
      }
      for (const variant of variants) {
        const all = runs.get(variant)!;
        const figures = Object.fromEntries(
          (Object.keys(all[0]!) as Array<keyof Figures>).map((key) => [key, median(all.map((r) => r[key]))]),
        ) as unknown as Figures;
        rows
          .get(variant)!
          .push({ page: `${page.label} ${page.label === page.path ? '' : page.path}`.trim(), figures, misses: misses(figures, TARGET) });
      }
    }
    await browser.disconnect();

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
      `\nTargets on every page: performance ≥ ${TARGET.performance}, LCP ≤ ${TARGET.lcp} ms, TBT ≤ ${TARGET.tbt} ms, ` +
        `CLS ≤ ${TARGET.cls}, accessibility ${TARGET.accessibility}, best practices ${TARGET.bestPractices}.`,
    );

    // This build is served last; its page server is measured. Cold: a budget wide enough to see the
    // whole first render, which a page served within 250 ms would have left to the browser.
    const load = await pageServerUnderLoad(shellUrl, pages, () =>
      loadShellPages(served.shell, {
        indexHtml: indexHtmlOf(served.shell),
        shellFile: shellFileOf(served.shell),
        documents: () => ({ apiBaseUrl: stack.apiUrl, remotes: stack.remotes() }),
        budgetMs: 5_000,
      }),
    );
    console.log(
      `\nThe shell's page server, ${LOAD.connections} shoppers at once for ${LOAD.seconds} s a page, time to the whole page ` +
        `(load: ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}):\n`,
    );
    for (const line of load.lines) console.log(`  ${line}`);
    console.log(`\nTarget: p95 ≤ ${LOAD.p95} ms, no errors.`);
    // Only this build's figures decide: the one compared with is for reading.
    return rows.get(variants.at(-1)!)!.every((r) => r.misses.length === 0) && load.ok;
  } finally {
    chrome.kill();
    await stack.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

process.exit((await bench()) ? 0 : 1);
