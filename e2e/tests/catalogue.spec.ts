// The shopper's catalogue path (issue: Catalogue and search): home → store → category → page 2 →
// sort by price high-low (URL as the spec says) → search from header suggestions → global search
// page → add to cart → header count. Data comes from the seeded catalogue through the real API.
import { test, expect } from '../fixtures/stack.ts';

interface Store {
  uuid: string;
  publicId: string;
  name: string;
}
interface Category {
  uuid: string;
  name: string;
  productCount: number;
}

const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

test('browse a store, page and sort a category, search and add to cart', async ({ page, request, stack }) => {
  const stores = (await (await request.get(`${stack.apiUrl}/open/stores`)).json()) as Store[];
  const store = stores[0]!;
  const categories = (await (await request.get(`${stack.apiUrl}/open/categories?storeId=${store.uuid}`)).json()) as Category[];
  const category = categories.find((c) => c.productCount > 20)!;
  expect(category, 'a category with more than one page').toBeDefined();

  // Home: the stores grid, then Shop Now.
  await page.goto(stack.shellUrl('/'));
  await expect(page.getByRole('heading', { name: 'Our Stores' })).toBeVisible();
  await page.getByRole('link', { name: `Shop Now at ${store.name}` }).click();
  await expect(page).toHaveURL(stack.shellUrl(`/store/${store.publicId}`));
  await expect(page.getByRole('heading', { level: 1, name: store.name })).toBeVisible();

  // Category, its heading with the count, then page 2.
  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('link', { name: new RegExp(`^${category.name}`) })
    .click();
  await expect(page).toHaveURL(stack.shellUrl(`/store/${store.publicId}/category/${category.uuid}`));
  await expect(page.locator('#store-results-heading')).toContainText(category.name);
  await expect(page.locator('#store-results-heading')).toContainText(String(category.productCount));
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(stack.shellUrl(`/store/${store.publicId}/category/${category.uuid}?page=2`));

  // Sort by price, high to low: the URL carries sort and order, and prices come down.
  await page.getByLabel('Sort by').selectOption({ label: 'Price High-Low' });
  await expect(page).toHaveURL(new RegExp(`/store/${store.publicId}/category/${category.uuid}\\?sort=price&order=desc$`));
  const prices = page.locator('.product-card-price');
  await expect(prices.first()).toBeVisible();
  const [first, second] = [dollars(await prices.nth(0).innerText()), dollars(await prices.nth(1).innerText())];
  expect(first).toBeGreaterThanOrEqual(second);

  // Back restores the previous listing from the URL.
  await page.goBack();
  await expect(page).toHaveURL(stack.shellUrl(`/store/${store.publicId}/category/${category.uuid}?page=2`));

  // Header suggestions (at most 5), then the global search page.
  const search = page.getByRole('combobox', { name: 'Search products' });
  await search.fill('milk');
  const suggestions = page.getByRole('listbox', { name: 'Product suggestions' }).getByRole('option');
  await expect(suggestions.first()).toBeVisible();
  expect(await suggestions.count()).toBeLessThanOrEqual(5);
  await search.press('Enter');
  await expect(page).toHaveURL(stack.shellUrl('/search?q=milk'));
  await expect(page.getByRole('status').filter({ hasText: 'milk' }).first()).toBeVisible();
  await expect(page.getByText(/^Available at /).first()).toBeVisible();

  // Add the first in-stock result to the cart; the header count follows.
  const addButton = page.getByRole('button', { name: /^Add to Cart/ }).first();
  await addButton.click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Added!|In Cart)/ }).first()).toBeVisible();
});

test('a dietary filter on a store lives in its URL: a reload keeps it, Back undoes it, and the query words ask for it too', async ({
  page,
  request,
  stack,
}) => {
  const stores = (await (await request.get(`${stack.apiUrl}/open/stores`)).json()) as Store[];
  const store = stores[0]!;
  await page.goto(stack.shellUrl(`/store/${store.publicId}`));
  await expect(page.getByRole('heading', { level: 1, name: store.name })).toBeVisible();
  const filters = page.getByRole('region', { name: 'Filters' });
  const glutenFree = filters.getByRole('group', { name: 'Dietary' }).getByRole('checkbox', { name: /Gluten-free/ });
  // The count beside it is what the listing will total.
  const count = (await filters.locator('label').filter({ hasText: 'Gluten-free' }).locator('.filter-count').innerText()).trim();
  await glutenFree.check();
  await expect(page).toHaveURL(stack.shellUrl(`/store/${store.publicId}?dietary=gluten-free`));
  await expect(page.locator('.results-summary')).toContainText(new RegExp(`of ${count}\\b`));

  const cards = page.locator('.product-card');
  await expect(cards.first()).toBeVisible();
  const before = await cards.allInnerTexts();
  for (const card of await cards.all()) {
    await expect(card.getByRole('list', { name: 'Dietary' })).toContainText('Gluten-free');
  }

  await page.reload();
  await expect(cards.first()).toBeVisible();
  expect(await cards.allInnerTexts()).toEqual(before);
  await expect(glutenFree).toBeChecked();

  // Back undoes the filter.
  await page.goBack();
  await expect(page).toHaveURL(stack.shellUrl(`/store/${store.publicId}`));
  await expect(glutenFree).not.toBeChecked();

  // Said in the search instead: gluten-free breads, no "Did you mean".
  await page.goto(stack.shellUrl(`/search?q=${encodeURIComponent('gluten free bread')}`));
  const results = page.locator('.search-results article');
  await expect(results.first()).toBeVisible();
  await expect(page.getByText(/Did you mean/)).toHaveCount(0);
  for (const result of await results.all()) {
    await expect(result.getByRole('heading')).toContainText(/bread/i);
    await expect(result.getByRole('list', { name: 'Dietary' })).toContainText('Gluten-free');
  }
});
