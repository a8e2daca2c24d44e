// Search as a shopper uses it, through the real API and the seeded catalogue: a typo in the header
// still suggests the item and opens its page; "milk" puts milk first; a corrected search says so and
// offers the words as typed; a filtered search lives in its URL, so a reload shows the same results.
import { test, expect } from '../fixtures/stack.ts';

test('a typo in the header box still suggests the item, and choosing it opens the product page', async ({ page, stack }) => {
  await page.goto(stack.shellUrl('/'));
  await page.getByRole('combobox', { name: 'Search products' }).fill('chiken');
  const suggestions = page.getByRole('listbox', { name: 'Product suggestions' }).getByRole('option');
  await expect(suggestions.first()).toContainText(/chicken/i);
  const count = await suggestions.count();
  expect(count).toBeLessThanOrEqual(5);
  // Distinct items: never the same label twice.
  const names = await suggestions.locator('.search-box-option-name').allInnerTexts();
  expect(new Set(names.map((n) => n.split(',')[0])).size).toBe(names.length);
  await expect(suggestions.first().locator('img')).toHaveAttribute('src', /\/images\//);
  const chosen = (await suggestions.first().locator('.search-box-option-name').innerText()).trim();
  await suggestions.first().click();
  await expect(page).toHaveURL(/\/store\/[a-z0-9-]+\/product\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: chosen })).toBeVisible();
});

test('"milk" puts milk first, not milk chocolate', async ({ page, stack }) => {
  await page.goto(stack.shellUrl('/search?q=milk'));
  const names = page.locator('.search-results article h3, .search-results article h2');
  await expect(names.first()).toBeVisible();
  const first = (await names.first().innerText()).split(',')[0]!;
  expect(first).toMatch(/milk$/i);
});

test('a corrected search says what it shows, and "Search instead for" searches the words as typed', async ({ page, stack }) => {
  await page.goto(stack.shellUrl('/search?q=chiken'));
  await expect(page.locator('.showing-results-for')).toHaveText('Showing results for chicken. Search instead for chiken');
  await page.getByRole('link', { name: 'Search instead for chiken' }).click();
  await expect(page).toHaveURL(/\/search\?q=chiken&literal=1$/);
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  // The correction stays one click away, and leads back to the corrected results.
  await page.locator('.did-you-mean').getByRole('link', { name: 'chicken' }).click();
  await expect(page).toHaveURL(/\/search\?q=chicken$/);
  await expect(page.locator('.search-results article').first()).toContainText(/chicken/i);
});

test('filter a search to one store and in stock: the URL carries it and a reload shows the same results', async ({ page, stack }) => {
  await page.goto(stack.shellUrl('/search?q=milk'));
  const filters = page.getByRole('region', { name: 'Filters' });
  const store = filters.getByRole('group', { name: 'Store' }).getByRole('link').nth(1);
  const storeName = (await store.locator('span').first().innerText()).trim();
  await store.click();
  await expect(page).toHaveURL(/\/search\?q=milk&store=[a-z0-9-]+$/);
  await filters.getByRole('checkbox', { name: /In stock only/ }).check();
  await expect(page).toHaveURL(/\/search\?q=milk&store=[a-z0-9-]+&inStock=1$/);

  const cards = page.locator('.search-results article');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByText(/^Available at /).first()).toHaveText(`Available at ${storeName}`);
  const before = await cards.allInnerTexts();
  for (const text of before) {
    expect(text).toContain(`Available at ${storeName}`);
    expect(text).not.toMatch(/out of stock/i);
  }

  await page.reload();
  await expect(cards.first()).toBeVisible();
  expect(await cards.allInnerTexts()).toEqual(before);
  await expect(filters.getByRole('checkbox', { name: /In stock only/ })).toBeChecked();

  // Back undoes the last filter.
  await page.goBack();
  await expect(page).toHaveURL(/\/search\?q=milk&store=[a-z0-9-]+$/);
});
