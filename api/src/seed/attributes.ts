// Which seeded products carry which dietary attributes. An attribute is given where it is true of the
// product and its label would say so: by the item's nature (quinoa is gluten-free, oat milk is vegan and
// dairy-free), by a brand's certification (a kosher-certified creamery), or by a brand line ("Prairie
// Farms Organic", the lines of a scale catalogue). Nothing is given to whole aisles just because it
// happens to be true (bananas are vegan, but no shopper filters bananas by it), so a filter narrows.
import { DIETARY_ATTRIBUTES, type DietaryAttribute } from '@grocer/shared/contracts';
import { BRAND_LINES, type CategorySeed, type ItemSeed } from './catalogueData.ts';

/** Items that are this by nature, whatever the brand. */
export const ITEM_ATTRIBUTES: Readonly<Record<string, readonly DietaryAttribute[]>> = {
  // Dairy & Eggs
  'Organic Milk': ['organic', 'gluten-free'],
  'Organic Large Brown Eggs': ['organic', 'gluten-free'],
  'Almond Milk Yogurt': ['vegan', 'dairy-free', 'gluten-free'],
  // Produce
  'Organic Gala Apples': ['organic'],
  'Organic Spring Mix': ['organic'],
  'Organic Carrots': ['organic'],
  // Bakery
  'Gluten-Free Sandwich Bread': ['gluten-free', 'dairy-free'],
  'Gluten-Free Bagels': ['gluten-free'],
  // Pantry Staples
  'Long Grain White Rice': ['gluten-free', 'vegan'],
  'Black Beans': ['gluten-free', 'vegan'],
  'Extra Virgin Olive Oil': ['gluten-free', 'vegan', 'dairy-free'],
  'Low Sodium Chicken Broth': ['low-sodium', 'gluten-free', 'dairy-free'],
  'Sugar-Free Strawberry Jam': ['sugar-free', 'gluten-free', 'vegan'],
  'Kosher Salt': ['kosher'],
  // Pasta & Grains
  Quinoa: ['gluten-free', 'vegan'],
  'Brown Rice': ['gluten-free', 'vegan'],
  'Gluten-Free Spaghetti': ['gluten-free', 'vegan', 'dairy-free'],
  'Gluten-Free Penne': ['gluten-free', 'vegan', 'dairy-free'],
  // Canned Goods
  Chickpeas: ['gluten-free', 'vegan'],
  'Coconut Milk': ['gluten-free', 'vegan', 'dairy-free'],
  // Snacks
  'Rice Cakes': ['gluten-free', 'vegan'],
  // Beverages
  'Spring Water': ['sugar-free', 'low-sodium'],
  // Deli
  'Classic Hummus': ['gluten-free', 'vegan', 'dairy-free'],
  // International Foods
  'Salsa Verde': ['gluten-free', 'vegan'],
  'Basmati Rice': ['gluten-free', 'vegan'],
  'Corn Tortillas': ['gluten-free', 'vegan'],
  // Plant-Based
  'Oat Milk': ['vegan', 'dairy-free'],
  'Almond Milk': ['vegan', 'dairy-free', 'gluten-free'],
  'Extra Firm Tofu': ['vegan', 'dairy-free', 'gluten-free'],
  'Plant-Based Burgers': ['vegan', 'dairy-free'],
  'Vegan Cheese Shreds': ['vegan', 'dairy-free', 'gluten-free'],
  Tempeh: ['vegan', 'dairy-free'],
  'Coconut Yogurt': ['vegan', 'dairy-free', 'gluten-free'],
};

/** The items added for their attribute (the rest are the aisles' staples): a smaller share of the shelf. */
export const DIETARY_LINES: ReadonlySet<string> = new Set([
  'Organic Milk',
  'Organic Large Brown Eggs',
  'Almond Milk Yogurt',
  'Organic Gala Apples',
  'Organic Spring Mix',
  'Organic Carrots',
  'Gluten-Free Sandwich Bread',
  'Gluten-Free Bagels',
  'Low Sodium Chicken Broth',
  'Sugar-Free Strawberry Jam',
  'Kosher Salt',
  'Gluten-Free Spaghetti',
  'Gluten-Free Penne',
]);

/** Brands whose whole shelf in a category (by slug) is certified or made so, their lines included. */
export const BRAND_ATTRIBUTES: readonly { category: string; brand: string; attributes: readonly DietaryAttribute[] }[] = [
  { category: 'dairy-eggs', brand: 'Hillside Creamery', attributes: ['kosher'] },
  { category: 'bakery', brand: 'Stone Mill Bakery', attributes: ['kosher'] },
  { category: 'pantry', brand: 'Golden Fields', attributes: ['kosher'] },
  { category: 'pasta-grains', brand: 'Nonna Rosa', attributes: ['kosher'] },
  { category: 'breakfast', brand: 'Morning Glory', attributes: ['kosher'] },
  { category: 'beverages', brand: 'Clear Springs', attributes: ['kosher'] },
  { category: 'plant-based', brand: 'Green Sprout', attributes: ['kosher'] },
  // A heart-healthy canned line: no salt added.
  { category: 'canned', brand: 'Hearty Kitchen', attributes: ['low-sodium'] },
  // A confectioner that sweetens without sugar.
  { category: 'candy', brand: 'Candy Cottage', attributes: ['sugar-free'] },
];

/** Brand lines that are an attribute ("Prairie Farms Organic"), and the categories where the line is food. */
export const LINE_ATTRIBUTES: Readonly<Record<string, readonly DietaryAttribute[]>> = { Organic: ['organic'] };
/** Shelves that are not food: a line's name there says nothing a diet asks about. */
export const NON_FOOD_CATEGORIES: ReadonlySet<string> = new Set(['household', 'personal-care', 'baby', 'pet', 'health']);

/** The attributes of one seeded product (an item of the category under a brand), in DIETARY_ATTRIBUTES order. */
export function dietaryOf(category: CategorySeed, [item, , , , ownBrands]: ItemSeed, brand: string): DietaryAttribute[] {
  const found = new Set<DietaryAttribute>(ITEM_ATTRIBUTES[item] ?? []);
  // A scale catalogue's brand is "<brand> <line>": the brand's own attributes hold for its lines too.
  const base = (ownBrands ?? category.brands).find((b) => brand === b || brand.startsWith(`${b} `)) ?? brand;
  const line = brand === base ? undefined : brand.slice(base.length + 1);
  for (const rule of BRAND_ATTRIBUTES) {
    if (rule.category === category.slug && rule.brand === base) rule.attributes.forEach((a) => found.add(a));
  }
  if (line !== undefined && BRAND_LINES.includes(line) && !NON_FOOD_CATEGORIES.has(category.slug)) {
    (LINE_ATTRIBUTES[line] ?? []).forEach((a) => found.add(a));
  }
  return DIETARY_ATTRIBUTES.filter((a) => found.has(a));
}
