// The seed's dietary attributes: every item they name is sold, brands and lines give theirs, and the
// new dietary lines keep one name per product at scale.
import { DIETARY_ATTRIBUTES } from '@grocer/shared/contracts';
import { BRAND_ATTRIBUTES, DIETARY_LINES, ITEM_ATTRIBUTES, dietaryOf } from './attributes.ts';
import { CATEGORY_SEEDS } from './catalogueData.ts';
import { catalogueUniverse } from './seedCatalogue.ts';

const category = (slug: string) => CATEGORY_SEEDS.find((c) => c.slug === slug)!;
/** The attributes of an item of a category (by slug and name) under a brand. */
const of = (slug: string, item: string, brand: string) =>
  dietaryOf(
    category(slug),
    category(slug).items.find(([i]) => i === item)!,
    brand,
  );

it('names only items and brands the catalogue sells', () => {
  const items = new Set(CATEGORY_SEEDS.flatMap((c) => c.items.map(([item]) => item)));
  for (const item of Object.keys(ITEM_ATTRIBUTES)) expect(items).toContain(item);
  for (const item of DIETARY_LINES) expect(Object.keys(ITEM_ATTRIBUTES)).toContain(item);
  for (const rule of BRAND_ATTRIBUTES) expect(category(rule.category).brands).toContain(rule.brand);
});

it('gives an item its own attributes, a brand its certification and a line its name, in the contract order', () => {
  expect(of('pasta-grains', 'Quinoa', 'Bella Cucina')).toEqual(['gluten-free', 'vegan']);
  expect(of('dairy-eggs', 'Whole Milk', 'Hillside Creamery')).toEqual(['kosher']);
  expect(of('dairy-eggs', 'Whole Milk', 'Hillside Creamery Organic')).toEqual(['organic', 'kosher']);
  expect(of('dairy-eggs', 'Whole Milk', 'Prairie Farms')).toEqual([]);
  // A line's name says nothing a diet asks about off the food shelves.
  const household = category('household');
  const [firstItem] = household.items;
  expect(dietaryOf(household, firstItem!, `${(firstItem![4] ?? household.brands)[0]} Organic`)).toEqual([]);
});

it('carries the dietary lines at 6,000 and at 100,000 products, one name per product', () => {
  for (const count of [Math.ceil(6_000 / 10 / 0.65), Math.ceil(100_000 / 10 / 0.65)]) {
    const universe = catalogueUniverse(count);
    expect(new Set(universe.map((i) => i.name.toLowerCase())).size).toBe(universe.length);
    for (const attribute of DIETARY_ATTRIBUTES) expect(universe.some((i) => i.dietary.includes(attribute))).toBe(true);
    for (const item of ['Gluten-Free Sandwich Bread', 'Gluten-Free Spaghetti', 'Organic Milk', 'Almond Milk Yogurt']) {
      expect(universe.some((i) => i.item === item)).toBe(true);
    }
  }
});
