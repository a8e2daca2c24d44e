// Server composition as a remote team meets it: the catalogue releases a changed product card on its
// own (a copy of mf-catalog built into a temp folder and swapped in as release.spec.ts swaps a remote),
// and within the page server's remotes TTL the server-sent HTML carries that card, the browser hydrates
// it without moving any of its parts, and no shell file changed. Then the public pages as a browser
// without JavaScript gets them: products, links to them, categories, search and the pager.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { REPO_ROOT } from '@grocer/tools/stack';
import { test, expect, type E2EStack } from '../fixtures/stack.ts';

interface Store {
  publicId: string;
  name: string;
}

/** The released card's badge row, which the repo's card does not have. */
const BADGE = 'Fresh pick';
const WIDTHS = [390, 1280] as const;
const SHELL_FILES = ['index.html', 'server/pages.mjs'];

async function firstStore(stack: E2EStack): Promise<Store> {
  const [store] = (await (await fetch(`${stack.apiUrl}/open/stores`)).json()) as Store[];
  if (!store) throw new Error('the seeded catalogue has no store');
  return store;
}

function pagesOf(stack: E2EStack, store: Store) {
  return { store: stack.shellUrl(`/store/${store.publicId}`), search: stack.shellUrl('/search?q=milk') };
}

/** The first product card of a page's HTML, from its `<article>` to the end of that article. */
function firstCardHtml(html: string): string | null {
  const start = html.search(/<article[^>]*class="product-card"/);
  if (start < 0) return null;
  const end = html.indexOf('</article>', start);
  return end < 0 ? null : html.slice(start, end);
}

const hasReleasedCard = (html: string) => firstCardHtml(html)?.includes('card-badges') ?? false;

/**
 * The page's HTML as the server sends it (no JavaScript). A render that missed the page budget, as a
 * cold one may, is index.html as it is, and the next one is rendered: this asks until `ready` holds.
 */
async function serverHtml(url: string, ready: (html: string) => boolean): Promise<string> {
  let html = '';
  await expect
    .poll(
      async () => {
        html = await (await fetch(url)).text();
        return ready(html);
      },
      { message: `the server's HTML of ${url}`, timeout: 20_000, intervals: [250, 500, 1_000] },
    )
    .toBe(true);
  return html;
}

/** Every element of the page's first product card (the card first), named, with its box in page coordinates, rounded. */
function firstCardBoxes(page: Page) {
  return page.evaluate(() => {
    const card = document.querySelector('article.product-card');
    if (!card) return null;
    return [card, ...card.querySelectorAll('*')].map((el) => {
      const r = el.getBoundingClientRect();
      const name = `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join('')}`;
      return {
        name,
        x: Math.round(r.x + window.scrollX),
        y: Math.round(r.y + window.scrollY),
        width: Math.round(r.width),
        height: Math.round(r.height),
      };
    });
  });
}
type Boxes = NonNullable<Awaited<ReturnType<typeof firstCardBoxes>>>;

/** The same boxes measured from the card's own corner: the card's layout wherever the page puts it. */

/** Whether React has taken the first card over (hydrateRoot attaches its fiber to each element it adopts). */
function cardHydrated(page: Page) {
  return page.evaluate(() => {
    const link = document.querySelector('article.product-card .product-card-name a');
    return link !== null && Object.keys(link).some((key) => key.startsWith('__reactFiber$'));
  });
}

/** The first card's boxes as the server's HTML lays them out, before any script has run. */
async function boxesBeforeHydration(browser: Browser, url: string, width: number): Promise<Boxes> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
  try {
    const page = await context.newPage();
    let boxes: Boxes | null = null;
    // A render that missed its budget sends index.html (no card): load again until the server drew the released card.
    await expect(async () => {
      await page.goto(url);
      await expect(page.locator('article.product-card').first().locator('.card-badges')).toHaveText(BADGE, { timeout: 1_000 });
      boxes = await firstCardBoxes(page);
    }).toPass({ timeout: 20_000 });
    return boxes!;
  } finally {
    await context.close();
  }
}

/**
 * Loads `url` with JavaScript on, on a page the server rendered (one left to the browser is loaded
 * again: it would test the browser's render, not hydration), and waits for React to hydrate the first
 * card. Returns what the console said: errors, and any warning about hydration.
 */
async function hydrated(page: Page, url: string): Promise<string[]> {
  const complaints: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || (message.type() === 'warning' && /hydrat|did not match|mismatch/i.test(message.text())))
      complaints.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => complaints.push(`pageerror: ${error.message}`));
  await expect(async () => {
    complaints.length = 0;
    const response = await page.goto(url, { waitUntil: 'networkidle' });
    expect(hasReleasedCard(await response!.text())).toBe(true);
  }).toPass({ timeout: 20_000 });
  await page.waitForFunction(() => 'hydrated' in document.documentElement.dataset);
  await expect.poll(() => cardHydrated(page), { message: 'React hydrated the first card' }).toBe(true);
  await expect(page.locator('article.product-card').first().locator('.card-badges')).toHaveText(BADGE);
  return complaints;
}

test.describe('a catalogue release of a changed card, shell untouched', () => {
  // The catalogue's folder as deployed before the release; put back after these tests.
  let previous: string | null = null;

  test.beforeAll(async ({ stack }) => {
    test.setTimeout(180_000);
    const store = await firstStore(stack);
    // The card today: no badge row (and the server render warm).
    expect(firstCardHtml(await serverHtml(pagesOf(stack, store).store, (html) => firstCardHtml(html) !== null))).not.toContain(
      'card-badges',
    );

    // The catalogue team's next release: its card with the price above the name and a badge row, built on its own.
    const release = path.join(REPO_ROOT, '.tmp', `server-composition-${Date.now()}`, 'mf-catalog');
    cpSync(path.join(REPO_ROOT, 'mf-catalog'), release, {
      recursive: true,
      filter: (src) => !['dist', 'node_modules'].includes(path.basename(src)),
    });
    try {
      const cardFile = path.join(release, 'src/components/ProductCard.tsx');
      const card = readFileSync(cardFile, 'utf8');
      const prices = card.match(/ *<p className="product-card-prices">[\s\S]*?<\/p>\n/)?.[0];
      const name = card.match(/ *<h3 id=\{titleId\} className="product-card-name">[\s\S]*?<\/h3>\n/)?.[0];
      if (!prices || !name) throw new Error(`${cardFile}: the card's price or name is not where this test expects it`);
      const badges = `        <ul className="card-badges">\n          <li>${BADGE}</li>\n        </ul>\n`;
      writeFileSync(cardFile, card.replace(name, '').replace(prices, `${prices}${name}${badges}`));
      const build = spawnSync('npx', ['rspack', 'build', '--mode', 'production', '-c', path.join(release, 'rspack.config.ts')], {
        cwd: release,
        encoding: 'utf8',
      });
      expect(build.status, build.stderr).toBe(0);

      // Deploy: swap the folder the catalogue's server serves (its browser and server builds together).
      const deployed = stack.apps['mf-catalog'].root;
      previous = `${deployed}.previous`;
      renameSync(deployed, previous);
      cpSync(path.join(release, 'dist'), deployed, { recursive: true });
    } finally {
      rmSync(path.dirname(release), { recursive: true, force: true });
    }
  });

  test.afterAll(async ({ stack }) => {
    if (!previous || !existsSync(previous)) return;
    // Roll back by serving the previous folder again, and wait until the server renders with it.
    const deployed = stack.apps['mf-catalog'].root;
    rmSync(deployed, { recursive: true, force: true });
    renameSync(previous, deployed);
    previous = null;
    await serverHtml(pagesOf(stack, await firstStore(stack)).store, (html) => firstCardHtml(html)?.includes('card-badges') === false);
  });

  test('the server-sent HTML of a store and a search page has the new card', async ({ stack }) => {
    for (const url of Object.values(pagesOf(stack, await firstStore(stack)))) {
      // Within the page server's remotes TTL (5 s) of the swap, without a restart.
      const card = firstCardHtml(await serverHtml(url, hasReleasedCard))!;
      expect(card, url).toContain(`>${BADGE}</li>`);
      expect(card.indexOf('product-card-price'), `${url}: the price comes before the name`).toBeLessThan(card.indexOf('product-card-name'));
    }
  });

  for (const pageName of ['store', 'search'] as const) {
    for (const width of WIDTHS) {
      // The store banner's hours are worked out in an effect after hydration (mf-catalog useTodaysHours): the server
      // sends the default hours; the hours take two grid tracks, so the longer text keeps one line at 1280 px.
      const title = `every element of the first card keeps its box from the server's HTML to the hydrated ${pageName} page at ${width} px, with a quiet console`;
      test(title, async ({ browser, stack }) => {
        const url = pagesOf(stack, await firstStore(stack))[pageName];
        const before = await boxesBeforeHydration(browser, url, width);
        expect(before.length, 'the card has its parts').toBeGreaterThan(10);
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        try {
          const page = await context.newPage();
          const complaints = await hydrated(page, url);
          // The page settles (the shopper's session and cart render after hydration); every box must be where it was.
          await expect.poll(() => firstCardBoxes(page), { message: `the first card's boxes, before → after hydration` }).toEqual(before);
          expect(complaints, 'console after hydration').toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }

  test('no shell file changed, in the repo or as deployed', async ({ stack }) => {
    await serverHtml(pagesOf(stack, await firstStore(stack)).store, hasReleasedCard);
    const status = spawnSync('git', ['status', '--porcelain', 'shell/'], { cwd: REPO_ROOT, encoding: 'utf8' });
    expect(status.status, status.stderr).toBe(0);
    expect(status.stdout).toBe('');
    for (const file of SHELL_FILES) {
      expect(readFileSync(path.join(stack.apps.shell.root, file)), file).toEqual(readFileSync(path.join(REPO_ROOT, 'shell/dist', file)));
    }
  });
});

/**
 * A page in a browser without JavaScript. Not the suite's page, whose navigations wait for the page to
 * be hydrated, which never happens here.
 */
const withoutJs = test.extend<{ page: Page }>({
  page: async ({ browser }, use) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await use(await context.newPage());
    await context.close();
  },
});

withoutJs.describe('with JavaScript off', () => {
  /** Opens `url` as the server renders it: a render that missed its budget (index.html, no page) is loaded again. */
  async function open(page: Page, url: string, rendered: (page: Page) => Promise<void>) {
    await expect(async () => {
      await page.goto(url);
      await rendered(page);
    }).toPass({ timeout: 20_000 });
  }
  const cards = (page: Page) => page.locator('article.product-card');
  const hasCards = async (page: Page) => expect(cards(page).first()).toBeVisible({ timeout: 1_000 });

  /** Each card's link to its product page (the name's), as the server's HTML has it. */
  async function productLinks(page: Page) {
    const links = await cards(page)
      .locator('.product-card-name a')
      .evaluateAll((anchors) => anchors.map((a) => ({ href: a.getAttribute('href'), name: a.textContent })));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.href, link.name ?? '').toMatch(/^\/store\/[^/]+\/product\/[^/?#]+$/);
    return links;
  }

  withoutJs('store, category, search and product pages show their products with working links', async ({ page, stack }) => {
    const store = await firstStore(stack);
    await open(page, stack.shellUrl(`/store/${store.publicId}`), hasCards);
    await expect(page.getByRole('heading', { level: 1, name: store.name })).toBeVisible();
    const [first] = await productLinks(page);
    const price = (await cards(page).first().locator('.product-card-price').textContent())!;

    // A card's link is a plain link to a product page the server draws: its name and price.
    await open(page, stack.shellUrl(first!.href!), (p) =>
      expect(p.getByRole('heading', { level: 1 })).toHaveText(first!.name!, { timeout: 1_000 }),
    );
    await expect(page.locator('.product-price')).toHaveText(price);

    // A category of the store, by its link in the store's category list.
    await open(page, stack.shellUrl(`/store/${store.publicId}`), hasCards);
    const category = page.locator('.category-nav a[href*="/category/"]').first();
    const categoryHref = (await category.getAttribute('href'))!;
    expect(categoryHref).toMatch(new RegExp(`^/store/${store.publicId}/category/[^/?#]+$`));
    await open(page, stack.shellUrl(categoryHref), hasCards);
    await expect(page).toHaveURL(stack.shellUrl(categoryHref));
    await productLinks(page);

    // Search: results, each a link to its product page.
    await open(page, stack.shellUrl('/search?q=milk'), hasCards);
    await expect(page.locator('.product-card-name').first()).toContainText(/milk/i);
    await productLinks(page);
  });

  // mf-catalog's Pager: where the page is in the URL, its buttons submit a GET form of that URL with their page.
  withoutJs('a store listing of more than one page has a pager whose next page leads to page 2', async ({ page, stack }) => {
    const store = await firstStore(stack);
    const { pagination } = (await (await fetch(`${stack.apiUrl}/open/products/${store.publicId}/paginated?page=1&limit=20`)).json()) as {
      pagination: { totalItems: number };
    };
    expect(pagination.totalItems, `${store.name} has more than one page of products`).toBeGreaterThan(20);
    await open(page, stack.shellUrl(`/store/${store.publicId}`), hasCards);
    const pageOne = await productLinks(page);
    await expect(page.getByRole('navigation', { name: 'Product pages' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Product pages' }).getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page.locator('.product-card').first()).toBeVisible();
    const pageTwo = await productLinks(page);
    expect(pageTwo.filter((link) => pageOne.some((one) => one.href === link.href))).toEqual([]);
  });
});
