// The fixed part of the seeded catalogue: partner stores (real Chicago street addresses and ZIPs, for
// the distance-based delivery fees) and the categories with the items each one sells. The seeder
// (seedCatalogue.ts) combines these with a seeded PRNG into products; the image routes draw from them.

export interface StoreSeed {
  publicId: string;
  name: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
  /** Logo background. */
  color: string;
  /** Store rules (services/stores/rules.ts): minimum order, delivery radius and opening hours. */
  rules: StoreRulesSeed;
}

export interface StoreRulesSeed {
  minOrderCents: number;
  deliveryRadiusMiles: number;
  /** Index = weekday (0 = Sunday); [opens, closes] in minutes after local midnight, or null = closed. */
  hours: readonly (readonly [number, number] | null)[];
}

const h = (opens: number, closes: number) => [opens * 60, closes * 60] as const;
const daily = (opens: number, closes: number) => Array.from({ length: 7 }, () => h(opens, closes));

// Varied on purpose: minimums $10–$35, radii 8–15 miles (every store reaches downtown Chicago, the
// demo shoppers' ZIPs), one store closed on Sundays and one with shorter Sunday hours.
const RULES: Record<string, StoreRulesSeed> = {
  'lincoln-park-market': { minOrderCents: 1000, deliveryRadiusMiles: 10, hours: daily(7, 22) },
  'wicker-park-grocers': { minOrderCents: 1500, deliveryRadiusMiles: 10, hours: daily(8, 22) },
  'hyde-park-pantry': { minOrderCents: 2000, deliveryRadiusMiles: 12, hours: daily(7, 21) },
  'lakeview-fresh': { minOrderCents: 2500, deliveryRadiusMiles: 10, hours: daily(7, 22) },
  'loop-provisions': { minOrderCents: 1000, deliveryRadiusMiles: 8, hours: daily(7, 23) },
  'logan-square-larder': { minOrderCents: 1500, deliveryRadiusMiles: 10, hours: [h(9, 18), ...daily(8, 21).slice(1)] },
  'pilsen-mercado': { minOrderCents: 1200, deliveryRadiusMiles: 9, hours: [null, ...daily(7, 21).slice(1)] },
  'andersonville-co-op': { minOrderCents: 3500, deliveryRadiusMiles: 8, hours: daily(9, 20) },
  'evanston-harvest': { minOrderCents: 2000, deliveryRadiusMiles: 15, hours: daily(7, 22) },
  'oak-park-grocery': { minOrderCents: 3000, deliveryRadiusMiles: 12, hours: daily(8, 21) },
};

export const STORE_SEEDS: readonly StoreSeed[] = [
  {
    publicId: 'lincoln-park-market',
    name: 'Lincoln Park Market',
    address1: '1550 N Kingsbury St',
    city: 'Chicago',
    state: 'IL',
    zip: '60642',
    color: '#2e7d32',
    rules: RULES['lincoln-park-market']!,
  },
  {
    publicId: 'wicker-park-grocers',
    name: 'Wicker Park Grocers',
    address1: '1526 N Milwaukee Ave',
    city: 'Chicago',
    state: 'IL',
    zip: '60622',
    color: '#c62828',
    rules: RULES['wicker-park-grocers']!,
  },
  {
    publicId: 'hyde-park-pantry',
    name: 'Hyde Park Pantry',
    address1: '1526 E 55th St',
    city: 'Chicago',
    state: 'IL',
    zip: '60615',
    color: '#1565c0',
    rules: RULES['hyde-park-pantry']!,
  },
  {
    publicId: 'lakeview-fresh',
    name: 'Lakeview Fresh',
    address1: '3531 N Broadway',
    city: 'Chicago',
    state: 'IL',
    zip: '60657',
    color: '#6a1b9a',
    rules: RULES['lakeview-fresh']!,
  },
  {
    publicId: 'loop-provisions',
    name: 'Loop Provisions',
    address1: '30 W Washington St',
    city: 'Chicago',
    state: 'IL',
    zip: '60602',
    color: '#ef6c00',
    rules: RULES['loop-provisions']!,
  },
  {
    publicId: 'logan-square-larder',
    name: 'Logan Square Larder',
    address1: '2620 N Milwaukee Ave',
    city: 'Chicago',
    state: 'IL',
    zip: '60647',
    color: '#00838f',
    rules: RULES['logan-square-larder']!,
  },
  {
    publicId: 'pilsen-mercado',
    name: 'Pilsen Mercado',
    address1: '1800 S Blue Island Ave',
    city: 'Chicago',
    state: 'IL',
    zip: '60608',
    color: '#ad1457',
    rules: RULES['pilsen-mercado']!,
  },
  {
    publicId: 'andersonville-co-op',
    name: 'Andersonville Co-op',
    address1: '5311 N Clark St',
    city: 'Chicago',
    state: 'IL',
    zip: '60640',
    color: '#4e342e',
    rules: RULES['andersonville-co-op']!,
  },
  {
    publicId: 'evanston-harvest',
    name: 'Evanston Harvest',
    address1: '1111 Chicago Ave',
    city: 'Evanston',
    state: 'IL',
    zip: '60202',
    color: '#558b2f',
    rules: RULES['evanston-harvest']!,
  },
  {
    publicId: 'oak-park-grocery',
    name: 'Oak Park Grocery',
    address1: '259 Lake St',
    city: 'Oak Park',
    state: 'IL',
    zip: '60302',
    color: '#283593',
    rules: RULES['oak-park-grocery']!,
  },
];

/**
 * An item a category sells: its shelf name (no brand, no size), its artwork (an icon of the Fluent
 * Emoji Flat set, "recoloured:" one of them, or "game-icons:" / "healthicons:" an icon with its ink:
 * see ART_SETS in seed/images.ts), the sizes it comes in ("amount unit", the
 * first the most common), the typical price in cents of that first size and, where the brands on its
 * shelf are its own (diapers, toilet paper, dog food), those brands instead of the category's.
 */
export type ItemSeed = readonly [item: string, art: string, sizes: readonly string[], priceCents: number, brands?: readonly string[]];

export interface CategorySeed {
  name: string;
  /** URL-safe key. */
  slug: string;
  /** The calm background of its product pictures. */
  color: string;
  /** Fresh food sold by weight (produce, meat, fish, deli): weights are unit-priced per lb, not per oz. */
  perPound: boolean;
  /** The brands or lines on its shelf; the first ones are the most common. */
  brands: readonly string[];
  /**
   * An aisle where shoppers choose between brands and pack sizes (household, personal care, baby, pet):
   * every item is seeded in at least CHOICE_BRANDS brands and two of its sizes, however small the
   * catalogue, instead of the one brand a small catalogue's share would give it.
   */
  choice?: boolean;
  items: readonly ItemSeed[];
}

// Fictional brands (no real trademarks) for items whose shelf has its own brands.
const DIAPER_BRANDS = ['Snugglebum', 'Dry Dreams', 'Little Sprout', 'Cuddle Care', 'Tiny Tots'];
const DOG_BRANDS = ['Happy Paws', 'Tail Waggers', 'Good Boy', 'Prairie Pet'];
const CAT_BRANDS = ['Whisker Farms', 'Purrfect', 'Happy Paws', 'Prairie Pet'];
const PAPER_BRANDS = ['Plush Petal', 'Northwind', 'Home Basics', 'Cloudsoft', 'EcoHouse'];
const ORAL_CARE_BRANDS = ['Bright Smile', 'Pearl Dental', 'Fresh Start', 'Daily Care'];

/** Brands an item of a `choice` category is seeded in at least (see CategorySeed.choice). */
export const CHOICE_BRANDS = 3;

export const CATEGORY_SEEDS: readonly CategorySeed[] = [
  {
    name: 'Dairy & Eggs',
    slug: 'dairy-eggs',
    color: '#c9def4',
    perPound: false,
    brands: ['Prairie Farms', 'Clover Ridge', 'Hillside Creamery', 'Lakeshore Dairy', 'Sunny Meadow', 'Bluebell Farms'],
    items: [
      ['Whole Milk', 'glass-of-milk', ['1 gal', '64 fl oz', '32 fl oz'], 429],
      ['2% Milk', 'glass-of-milk', ['1 gal', '64 fl oz'], 399],
      ['Skim Milk', 'glass-of-milk', ['1 gal', '64 fl oz'], 389],
      ['Chocolate Milk', 'recoloured:glass-of-chocolate-milk', ['64 fl oz', '16 fl oz'], 449],
      ['Large Eggs', 'egg', ['12 ct', '18 ct'], 399],
      ['Brown Eggs', 'nest-with-eggs', ['12 ct', '6 ct'], 499],
      ['Unsalted Butter', 'butter', ['16 oz', '8 oz'], 549],
      ['Cheddar Cheese', 'cheese-wedge', ['8 oz', '16 oz'], 449],
      ['Mozzarella Cheese', 'cheese-wedge', ['8 oz', '16 oz'], 429],
      ['Greek Yogurt', 'recoloured:bowl-of-yogurt', ['32 oz', '5.3 oz'], 599],
      ['Natural Yoghurt', 'recoloured:bowl-of-yogurt', ['16 oz', '32 oz'], 449],
      ['Heavy Whipping Cream', 'pouring-liquid', ['16 fl oz', '32 fl oz'], 449],
      ['Sour Cream', 'jar', ['16 oz', '8 oz'], 249],
      ['Cottage Cheese', 'jar', ['16 oz', '24 oz'], 369],
      ['Organic Milk', 'glass-of-milk', ['1 gal', '64 fl oz'], 649],
      ['Organic Large Brown Eggs', 'nest-with-eggs', ['12 ct'], 599],
      ['Almond Milk Yogurt', 'recoloured:bowl-of-yogurt', ['24 oz', '5.3 oz'], 549],
    ],
  },
  {
    name: 'Produce',
    slug: 'produce',
    color: '#dcfce7',
    perPound: true,
    brands: ['Green Acres', 'Fresh Harvest', 'Sunny Valley', 'Heartland Growers', 'Orchard Lane', 'Riverbend Farms'],
    items: [
      ['Bananas', 'banana', ['2 lb', '3 lb'], 159],
      ['Honeycrisp Apples', 'red-apple', ['3 lb', '1 lb'], 499],
      ['Granny Smith Apples', 'green-apple', ['3 lb'], 449],
      ['Baby Spinach', 'leafy-green', ['5 oz', '10 oz'], 399],
      ['Hass Avocados', 'avocado', ['4 ct', '6 ct'], 549],
      ['Roma Tomatoes', 'tomato', ['1 lb', '2 lb'], 249],
      ['Cherry Tomatoes', 'tomato', ['10 oz', '1 lb'], 349],
      ['Yellow Onions', 'onion', ['3 lb', '5 lb'], 349],
      ['Russet Potatoes', 'potato', ['5 lb', '10 lb'], 499],
      ['Strawberries', 'strawberry', ['1 lb', '2 lb'], 449],
      ['Blueberries', 'blueberries', ['6 oz', '18 oz'], 399],
      ['Mixed Berries', 'game-icons:berries-bowl#7a3b8f', ['12 oz'], 599],
      ['Baby Carrots', 'carrot', ['1 lb', '2 lb'], 199],
      ['Broccoli', 'broccoli', ['1 lb', '2 lb'], 299],
      ['Lemons', 'lemon', ['2 lb'], 399],
      ['Seedless Grapes', 'grapes', ['2 lb'], 599],
      ['Cucumbers', 'cucumber', ['3 ct'], 299],
      ['Red Bell Peppers', 'recoloured:red-bell-pepper', ['3 ct'], 449],
      ['Garlic', 'garlic', ['8 oz'], 249],
      ['White Mushrooms', 'recoloured:white-mushroom', ['8 oz', '16 oz'], 249],
      ['Organic Gala Apples', 'red-apple', ['3 lb', '2 lb'], 549],
      ['Organic Spring Mix', 'leafy-green', ['5 oz', '16 oz'], 449],
      ['Organic Carrots', 'carrot', ['2 lb', '1 lb'], 249],
    ],
  },
  {
    name: 'Bakery',
    slug: 'bakery',
    color: '#ffedd5',
    perPound: false,
    brands: ['Hearth & Home', 'Stone Mill Bakery', 'Golden Crust', 'Village Baker', 'Windy City Bakehouse', 'Old Town Ovens'],
    items: [
      ['Sourdough Bread', 'bread', ['24 oz', '16 oz'], 499],
      ['White Sandwich Bread', 'bread', ['20 oz', '24 oz'], 349],
      ['Whole Wheat Bread', 'bread', ['24 oz'], 399],
      ['French Baguette', 'baguette-bread', ['12 oz'], 299],
      ['Bagels', 'bagel', ['6 ct', '12 ct'], 399],
      ['Croissants', 'croissant', ['4 ct', '8 ct'], 549],
      ['Blueberry Muffins', 'game-icons:cupcake#9a6233', ['4 ct', '6 ct'], 499],
      ['Dinner Rolls', 'bread', ['12 ct', '24 ct'], 349],
      ['Flour Tortillas', 'flatbread', ['10 ct', '20 ct'], 299],
      ['Bread Crumbs', 'bread', ['15 oz'], 249],
      ['Apple Pie', 'pie', ['24 oz'], 899],
      ['Pita Bread', 'flatbread', ['6 ct'], 299],
      ['Gluten-Free Sandwich Bread', 'bread', ['18 oz'], 649],
      ['Gluten-Free Bagels', 'bagel', ['4 ct'], 599],
    ],
  },
  {
    name: 'Meat & Poultry',
    slug: 'meat-poultry',
    color: '#fee2e2',
    perPound: true,
    brands: ['Butcher Block', 'Prairie Ranch', 'Heritage Farms', 'Blue Ribbon Meats', 'Stockyard Select', 'Open Range'],
    items: [
      ['Boneless Chicken Breasts', 'poultry-leg', ['1 lb', '2 lb', '3 lb'], 699],
      ['Chicken Thighs', 'poultry-leg', ['2 lb', '3 lb'], 599],
      ['Chicken Wings', 'poultry-leg', ['2 lb'], 799],
      ['Whole Chicken', 'game-icons:roast-chicken#b8733a', ['4 lb'], 899],
      ['Ground Beef', 'cut-of-meat', ['1 lb', '2 lb'], 649],
      ['Ribeye Steak', 'cut-of-meat', ['12 oz', '1 lb'], 1499],
      ['Pork Chops', 'meat-on-bone', ['1 lb', '2 lb'], 599],
      ['Baby Back Ribs', 'meat-on-bone', ['2 lb'], 1199],
      ['Thick Cut Bacon', 'bacon', ['12 oz', '1 lb'], 699],
      ['Italian Sausage', 'game-icons:sausage#a0442c', ['1 lb'], 549],
      ['Beef Hot Dogs', 'hot-dog', ['15 oz'], 499],
      ['Ground Turkey', 'cut-of-meat', ['1 lb', '2 lb'], 599],
    ],
  },
  {
    name: 'Seafood',
    slug: 'seafood',
    color: '#cffafe',
    perPound: true,
    brands: ['Ocean Catch', 'Harbor Fresh', 'Blue Wave', 'North Shore Seafood', 'Coastal Select', 'Deep Sea Market'],
    items: [
      ['Atlantic Salmon Fillet', 'fish', ['1 lb', '2 lb'], 1299],
      ['Jumbo Shrimp', 'shrimp', ['1 lb', '2 lb'], 1199],
      ['Cod Fillets', 'fish', ['1 lb'], 999],
      ['Tilapia Fillets', 'fish', ['1 lb', '2 lb'], 799],
      ['Tuna Steaks', 'fish', ['12 oz'], 1399],
      ['Snow Crab Legs', 'crab', ['1 lb', '2 lb'], 2199],
      ['Sea Scallops', 'game-icons:scallop#d08a4c', ['12 oz'], 1799],
      ['Lobster Tails', 'lobster', ['8 oz'], 1999],
      ['Breaded Fish Sticks', 'game-icons:fried-fish#c98a3a', ['24 oz'], 799],
    ],
  },
  {
    name: 'Frozen Foods',
    slug: 'frozen',
    color: '#e0f2fe',
    perPound: false,
    brands: ['Polar Pantry', 'Arctic Table', 'Frosty Farms', 'Northern Star', 'Snowcap', 'Winter Garden'],
    items: [
      ['Pepperoni Pizza', 'pizza', ['22 oz', '30 oz'], 699],
      ['Mixed Vegetables', 'broccoli', ['16 oz', '32 oz'], 249],
      ['Vanilla Ice Cream', 'ice-cream', ['48 fl oz', '1 pt'], 549],
      ['Chocolate Ice Cream', 'recoloured:chocolate-soft-ice-cream', ['48 fl oz', '1 pt'], 549],
      ['Chicken Nuggets', 'poultry-leg', ['24 oz', '32 oz'], 899],
      ['Frozen Waffles', 'waffle', ['10 ct', '24 ct'], 349],
      ['French Fries', 'french-fries', ['32 oz'], 399],
      ['Frozen Blueberries', 'blueberries', ['16 oz', '48 oz'], 499],
      ['Cheese Ravioli', 'dumpling', ['24 oz'], 599],
      ['Frozen Peas', 'pea-pod', ['12 oz'], 199],
    ],
  },
  {
    name: 'Pantry Staples',
    slug: 'pantry',
    color: '#f5f5f4',
    perPound: false,
    brands: ["Grocer's Choice", 'Golden Fields', 'Heartland Pantry', 'Mill Creek', 'Sunrise Kitchen', 'Blue Plate'],
    items: [
      ['All-Purpose Flour', 'game-icons:flour#a87b4f', ['5 lb', '2 lb'], 399],
      ['Granulated Sugar', 'healthicons:sugar#6b7280', ['4 lb', '10 lb'], 449],
      ['Extra Virgin Olive Oil', 'olive', ['16.9 fl oz', '33.8 fl oz'], 1099],
      ['Long Grain White Rice', 'cooked-rice', ['2 lb', '5 lb'], 349],
      ['Black Beans', 'beans', ['15 oz'], 129],
      ['Chicken Broth', 'pot-of-food', ['32 fl oz'], 299],
      ['Beef Broth', 'pot-of-food', ['32 fl oz'], 299],
      ['Creamy Peanut Butter', 'peanuts', ['16 oz', '40 oz'], 399],
      ['Strawberry Jam', 'jar', ['18 oz'], 349],
      ['Clover Honey', 'honey-pot', ['12 oz', '24 oz'], 649],
      ['Low Sodium Chicken Broth', 'pot-of-food', ['32 fl oz'], 329],
      ['Sugar-Free Strawberry Jam', 'jar', ['12.75 oz'], 399],
      ['Kosher Salt', 'salt', ['3 lb'], 349],
    ],
  },
  {
    name: 'Pasta & Grains',
    slug: 'pasta-grains',
    color: '#fef9c3',
    perPound: false,
    brands: ['Bella Cucina', 'Tuscan Table', 'Nonna Rosa', 'Golden Wheat', 'Ancient Harvest Co', 'Piazza'],
    items: [
      ['Spaghetti', 'spaghetti', ['16 oz', '32 oz'], 199],
      ['Penne Rigate', 'spaghetti', ['16 oz'], 199],
      ['Quinoa', 'cooked-rice', ['16 oz', '32 oz'], 599],
      ['Old Fashioned Oats', 'bowl-with-spoon', ['18 oz', '42 oz'], 449],
      ['Elbow Macaroni', 'spaghetti', ['16 oz'], 169],
      ['Couscous', 'cooked-rice', ['10 oz'], 299],
      ['Brown Rice', 'cooked-rice', ['2 lb'], 399],
      ['Lasagna Noodles', 'spaghetti', ['16 oz'], 249],
      ['Egg Noodles', 'steaming-bowl', ['12 oz'], 229],
      ['Gluten-Free Spaghetti', 'spaghetti', ['12 oz'], 349],
      ['Gluten-Free Penne', 'spaghetti', ['12 oz'], 349],
    ],
  },
  {
    name: 'Canned Goods',
    slug: 'canned',
    color: '#ede9e6',
    perPound: false,
    brands: ['Harvest Table', 'Garden Select', 'Home Pantry', 'Valley Fresh', 'Hearty Kitchen', 'Sun Ridge'],
    items: [
      ['Diced Tomatoes', 'canned-food', ['14.5 oz', '28 oz'], 149],
      ['Chicken Noodle Soup', 'steaming-bowl', ['10.75 oz', '18.6 oz'], 199],
      ['Tomato Soup', 'steaming-bowl', ['10.75 oz'], 149],
      ['Sweet Corn', 'ear-of-corn', ['15.25 oz'], 129],
      ['Chunk Light Tuna', 'canned-food', ['5 oz'], 149],
      ['Chickpeas', 'beans', ['15 oz'], 139],
      ['Tomato Paste', 'canned-food', ['6 oz'], 99],
      ['Coconut Milk', 'coconut', ['13.5 fl oz'], 249],
      ['Cut Green Beans', 'pea-pod', ['14.5 oz'], 129],
    ],
  },
  {
    name: 'Breakfast & Cereal',
    slug: 'breakfast',
    color: '#fef3c7',
    perPound: false,
    brands: ['Morning Glory', 'Sunrise Mills', 'Golden Spoon', 'Early Bird', 'Daybreak', 'Hearth Grains'],
    items: [
      ['Honey Nut Granola', 'bowl-with-spoon', ['12 oz', '24 oz'], 499],
      ['Corn Flakes', 'bowl-with-spoon', ['12 oz', '18 oz'], 399],
      ['Buttermilk Pancake Mix', 'pancakes', ['32 oz'], 349],
      ['Pure Maple Syrup', 'game-icons:jug#b5651d', ['12 fl oz', '32 fl oz'], 899],
      ['Instant Oatmeal', 'bowl-with-spoon', ['10 ct'], 399],
      ['Toasted Oat Cereal', 'bowl-with-spoon', ['12 oz', '20 oz'], 449],
      ['Breakfast Bars', 'cookie', ['6 ct', '12 ct'], 399],
      ['Toaster Pastries', 'game-icons:toaster#8a5a3b', ['8 ct'], 349],
    ],
  },
  {
    name: 'Snacks',
    slug: 'snacks',
    color: '#ffe4e6',
    perPound: false,
    brands: ['Crunch Co', 'Happy Harvest', 'Lakeside Snacks', 'Golden Grove', 'Trailhead', 'Backyard Barrel'],
    items: [
      ['Potato Chips', 'game-icons:chips-bag#d08c12', ['8 oz', '13 oz'], 449],
      ['Tortilla Chips', 'game-icons:nachos#d08c12', ['11 oz', '16 oz'], 399],
      ['Pretzel Twists', 'pretzel', ['16 oz'], 349],
      ['Microwave Popcorn', 'popcorn', ['3 ct', '6 ct'], 399],
      ['Trail Mix', 'peanuts', ['10 oz', '26 oz'], 599],
      ['Cheese Crackers', 'rice-cracker', ['7 oz', '12 oz'], 349],
      ['Roasted Almonds', 'game-icons:almond#9c6b3c', ['6 oz', '16 oz'], 699],
      ['Rice Cakes', 'rice-cracker', ['4.5 oz'], 299],
      ['Salted Peanuts', 'peanuts', ['16 oz'], 349],
    ],
  },
  {
    name: 'Candy & Chocolate',
    slug: 'candy',
    color: '#fce7f3',
    perPound: false,
    brands: ['Cocoa Lane', 'Sweet Street', 'Chicago Confections', 'Sugar Bowl', 'Velvet Bean', 'Candy Cottage'],
    items: [
      ['Milk Chocolate Bar', 'chocolate-bar', ['3.5 oz', '1.55 oz'], 299],
      ['Dark Chocolate Bar', 'chocolate-bar', ['3.5 oz'], 349],
      ['Gummy Bears', 'candy', ['5 oz', '12 oz'], 249],
      ['Peanut Butter Cups', 'candy', ['6 ct', '12 ct'], 399],
      ['Chocolate Chip Cookies', 'cookie', ['13 oz'], 449],
      ['Caramel Chews', 'candy', ['7 oz'], 349],
      ['Lollipops', 'lollipop', ['20 ct'], 349],
      ['Licorice Twists', 'candy', ['16 oz'], 349],
    ],
  },
  {
    name: 'Beverages',
    slug: 'beverages',
    color: '#e0f2fe',
    perPound: false,
    brands: ['Clear Springs', 'Sunny Grove', 'Orchard Press', 'Blue Lake', 'Citrus Hill Farms', 'Maple Leaf'],
    items: [
      ['Orange Juice', 'tangerine', ['52 fl oz', '89 fl oz'], 449],
      ['Apple Juice', 'beverage-box', ['64 fl oz'], 349],
      ['Spring Water', 'droplet', ['24 ct', '1 gal'], 499],
      ['Lemonade', 'lemon', ['52 fl oz'], 329],
      ['Cola', 'cup-with-straw', ['12 ct', '2 l'], 699],
      ['Sweet Iced Tea', 'tumbler-glass', ['64 fl oz'], 299],
      ['Coconut Water', 'coconut', ['33.8 fl oz'], 499],
      ['Ginger Ale', 'tumbler-glass', ['12 ct'], 649],
      ['Cranberry Juice', 'beverage-box', ['64 fl oz'], 399],
    ],
  },
  {
    name: 'Coffee & Tea',
    slug: 'coffee-tea',
    color: '#efebe9',
    perPound: false,
    brands: ['Roastery Row', 'Morning Ritual', 'Lakefront Roasters', 'Green Leaf', 'Copper Kettle', 'High Peak'],
    items: [
      ['Ground Coffee', 'hot-beverage', ['12 oz', '24 oz'], 899],
      ['Whole Bean Coffee', 'hot-beverage', ['12 oz', '2 lb'], 1099],
      ['Green Tea', 'teacup-without-handle', ['20 ct', '40 ct'], 399],
      ['Black Tea', 'teapot', ['20 ct', '100 ct'], 349],
      ['Cold Brew Coffee', 'tumbler-glass', ['32 fl oz'], 799],
      ['Chamomile Tea', 'teacup-without-handle', ['20 ct'], 399],
      ['Coffee Pods', 'hot-beverage', ['12 ct', '24 ct'], 999],
    ],
  },
  {
    name: 'Condiments & Sauces',
    slug: 'condiments',
    color: '#fff7ed',
    perPound: false,
    brands: ['Blue Plate', 'Backyard Grill', 'Mama Lucia', 'Golden State', 'Smokehouse', 'Red Barn'],
    items: [
      ['Tomato Ketchup', 'tomato', ['20 oz', '32 oz'], 299],
      ['Yellow Mustard', 'jar', ['14 oz'], 199],
      ['Mayonnaise', 'jar', ['30 fl oz'], 549],
      ['Marinara Sauce', 'jar', ['24 oz'], 449],
      ['BBQ Sauce', 'jar', ['18 oz'], 349],
      ['Hot Sauce', 'hot-pepper', ['5 fl oz', '12 fl oz'], 299],
      ['Soy Sauce', 'jar', ['15 fl oz'], 349],
      ['Ranch Dressing', 'green-salad', ['16 fl oz'], 399],
    ],
  },
  {
    name: 'Spices & Seasonings',
    slug: 'spices',
    color: '#fee2e2',
    perPound: false,
    brands: ['Spice Route', 'Mesa Spice', 'Garden Herb', 'Old World Spices', 'Pantry Basics', 'Fire & Salt'],
    items: [
      ['Ground Black Pepper', 'salt', ['2 oz', '4 oz'], 449],
      ['Sea Salt', 'salt', ['26 oz'], 249],
      ['Garlic Powder', 'garlic', ['3 oz'], 349],
      ['Ground Cinnamon', 'salt', ['2.4 oz'], 399],
      ['Smoked Paprika', 'hot-pepper', ['2.1 oz'], 349],
      ['Italian Seasoning', 'herb', ['1 oz'], 299],
      ['Chili Powder', 'hot-pepper', ['2.5 oz'], 299],
      ['Ground Cumin', 'salt', ['1.5 oz'], 399],
    ],
  },
  {
    name: 'Baking Supplies',
    slug: 'baking',
    color: '#fce7f3',
    perPound: false,
    brands: ["Baker's Corner", 'Sweet Home', 'Heartland Mills', 'Pure Pantry', 'Golden Whisk', 'Prairie Kitchen'],
    items: [
      ['Pure Vanilla Extract', 'test-tube', ['2 fl oz', '4 fl oz'], 899],
      ['Baking Soda', 'salt', ['16 oz'], 129],
      ['Baking Powder', 'salt', ['8.1 oz'], 299],
      ['Semi-Sweet Chocolate Chips', 'chocolate-bar', ['12 oz'], 399],
      ['Light Brown Sugar', 'healthicons:sugar#a0652d', ['2 lb'], 299],
      ['Powdered Sugar', 'healthicons:sugar#6b7280', ['2 lb'], 279],
      ['Cocoa Powder', 'chocolate-bar', ['8 oz'], 449],
      ['Chocolate Cake Mix', 'birthday-cake', ['15.25 oz'], 199],
    ],
  },
  {
    name: 'Deli',
    slug: 'deli',
    color: '#f3e8ff',
    perPound: true,
    brands: ['Deli Counter', 'Old Country', "Carver's", 'Boar Creek', 'Lakeview Deli', 'Smokehouse Select'],
    items: [
      ['Sliced Turkey Breast', 'poultry-leg', ['8 oz', '1 lb'], 699],
      ['Black Forest Ham', 'meat-on-bone', ['8 oz'], 599],
      ['Genoa Salami', 'cut-of-meat', ['4 oz'], 549],
      ['Swiss Cheese Slices', 'cheese-wedge', ['8 oz'], 499],
      ['Classic Hummus', 'recoloured:bowl-of-hummus', ['10 oz', '17 oz'], 449],
      ['Chicken Salad', 'sandwich', ['12 oz'], 699],
      ['Provolone Slices', 'cheese-wedge', ['8 oz'], 499],
      ['Roast Beef', 'cut-of-meat', ['8 oz'], 799],
    ],
  },
  {
    name: 'Prepared Meals',
    slug: 'prepared',
    color: '#ffedd5',
    perPound: false,
    brands: ["Chef's Table", 'Home Kitchen', 'Sunday Supper', 'Fresh Plate', 'Market Kitchen', 'Family Table'],
    items: [
      ['Rotisserie Chicken', 'game-icons:roast-chicken#b8733a', ['2 lb'], 799],
      ['Macaroni and Cheese', 'shallow-pan-of-food', ['20 oz'], 599],
      ['Caesar Salad Kit', 'green-salad', ['10 oz'], 449],
      ['Vegetable Lasagna', 'shallow-pan-of-food', ['32 oz'], 999],
      ['Chicken Pot Pie', 'pie', ['16 oz'], 699],
      ['California Roll Sushi', 'sushi', ['10 ct'], 899],
      ['Beef Burritos', 'burrito', ['4 ct'], 699],
      ['Turkey Club Sandwich', 'sandwich', ['10 oz'], 649],
    ],
  },
  {
    name: 'International Foods',
    slug: 'international',
    color: '#e0e7ff',
    perPound: false,
    brands: ['Casa Lupita', 'Golden Lotus', 'Taj Kitchen', 'Seoul Table', 'El Mercado', 'Little Tokyo'],
    items: [
      ['Salsa Verde', 'hot-pepper', ['16 oz'], 349],
      ['Red Curry Paste', 'curry-rice', ['4 oz'], 399],
      ['Ramen Noodles', 'steaming-bowl', ['6 ct', '12 ct'], 499],
      ['Refried Beans', 'beans', ['16 oz'], 199],
      ['Basmati Rice', 'cooked-rice', ['2 lb', '10 lb'], 599],
      ['Tikka Masala Sauce', 'curry-rice', ['15 oz'], 499],
      ['Kimchi', 'jar', ['16 oz'], 699],
      ['Corn Tortillas', 'flatbread', ['30 ct'], 299],
      ['Pork Dumplings', 'dumpling', ['24 oz'], 899],
    ],
  },
  {
    name: 'Health & Wellness',
    slug: 'health',
    color: '#ccfbf1',
    perPound: false,
    brands: ['Vital Life', 'Pure Balance', 'Daily Wellness', 'Strong Roots', 'Evergreen', 'Peak Health'],
    items: [
      ['Whey Protein Powder', 'flexed-biceps', ['2 lb', '5 lb'], 2999],
      ['Multivitamin Gummies', 'pill', ['70 ct', '150 ct'], 1299],
      ['Vitamin C Tablets', 'pill', ['100 ct'], 899],
      ['Fish Oil Softgels', 'pill', ['120 ct'], 1499],
      ['Protein Bars', 'chocolate-bar', ['4 ct', '12 ct'], 799],
      ['Electrolyte Drink Mix', 'droplet', ['10 ct'], 999],
      ['Collagen Peptides', 'test-tube', ['10 oz'], 2499],
    ],
  },
  {
    name: 'Baby',
    slug: 'baby',
    color: '#fef9c3',
    perPound: false,
    choice: true,
    brands: ['Little Sprout', 'Tiny Tots', 'Gentle Start', 'Sweet Pea', 'Cuddle Care', 'Happy Bee'],
    items: [
      [
        'Baby Wipes',
        'healthicons:disinfecting-wipes#2f7fb8',
        ['72 ct', '216 ct'],
        399,
        ['Cuddle Care', 'Little Sprout', 'Softy Bear', 'Tiny Tots'],
      ],
      // Diapers are sold by fit (Size 1 to 6), each in a small and a jumbo pack, fewer per pack as they grow;
      // the fit leads the name so that "diapers", not a number, is the item's head word.
      ['Size 1 Diapers', 'healthicons:nappy-diaper#3b82c4', ['40 ct', '120 ct'], 1299, DIAPER_BRANDS],
      ['Size 2 Diapers', 'healthicons:nappy-diaper#3b82c4', ['37 ct', '112 ct'], 1299, DIAPER_BRANDS],
      ['Size 3 Diapers', 'healthicons:nappy-diaper#3b82c4', ['31 ct', '84 ct'], 1299, DIAPER_BRANDS],
      ['Size 4 Diapers', 'healthicons:nappy-diaper#3b82c4', ['27 ct', '74 ct'], 1299, DIAPER_BRANDS],
      ['Size 5 Diapers', 'healthicons:nappy-diaper#3b82c4', ['23 ct', '66 ct'], 1299, DIAPER_BRANDS],
      ['Size 6 Diapers', 'healthicons:nappy-diaper#3b82c4', ['21 ct', '56 ct'], 1299, DIAPER_BRANDS],
      ['Apple Puree Pouches', 'red-apple', ['4 ct', '12 ct'], 549, ['Sweet Pea', 'Happy Bee', 'Little Sprout', 'Orchard Baby']],
      ['Infant Formula', 'baby-bottle', ['12.4 oz', '29.8 oz'], 1899, ['Gentle Start', 'Nurture Baby', 'Little Sprout', 'First Bloom']],
      ['Teething Wafers', 'rice-cracker', ['1.7 oz', '3.4 oz'], 449, ['Happy Bee', 'Sweet Pea', 'Little Sprout']],
      ['Baby Oatmeal Cereal', 'bowl-with-spoon', ['8 oz', '16 oz'], 349, ['Gentle Start', 'Sweet Pea', 'Tiny Tots', 'Orchard Baby']],
      ['Baby Shampoo', 'lotion-bottle', ['13.6 fl oz', '27.1 fl oz'], 599, ['Cuddle Care', 'Tiny Tots', 'Softy Bear', 'Gentle Start']],
    ],
  },
  {
    name: 'Pet Supplies',
    slug: 'pet',
    color: '#ecfccb',
    perPound: false,
    choice: true,
    brands: ['Happy Paws', 'Tail Waggers', 'Whisker Farms', 'Prairie Pet', 'Good Boy', 'Purrfect'],
    items: [
      ['Dry Dog Food', 'dog', ['5 lb', '30 lb'], 1499, DOG_BRANDS],
      ['Wet Cat Food', 'cat', ['12 ct', '24 ct'], 1199, CAT_BRANDS],
      ['Dog Biscuits', 'bone', ['24 oz', '4 lb'], 699, DOG_BRANDS],
      ['Clumping Cat Litter', 'bucket', ['20 lb', '40 lb'], 1299, ['Purrfect', 'Whisker Farms', 'Fresh Paws', 'Prairie Pet']],
      ['Cat Treats', 'fish', ['3 oz', '16 oz'], 299, CAT_BRANDS],
      ['Dog Dental Chews', 'bone', ['10 ct', '30 ct'], 999, DOG_BRANDS],
      ['Dry Cat Food', 'cat-face', ['3 lb', '16 lb'], 1099, CAT_BRANDS],
    ],
  },
  {
    name: 'Household',
    slug: 'household',
    color: '#f1f5f9',
    perPound: false,
    choice: true,
    brands: ['Home Basics', 'Clean Sweep', 'Bright Home', 'Pure Living', 'EcoHouse', 'Sparkle'],
    items: [
      ['Paper Towels', 'roll-of-paper', ['6 ct', '12 ct'], 1299, PAPER_BRANDS],
      ['Toilet Paper', 'roll-of-paper', ['12 ct', '24 ct'], 1499, PAPER_BRANDS],
      ['Dish Soap', 'game-icons:liquid-soap#1f9d6b', ['19.4 fl oz', '38 fl oz'], 349],
      ['Laundry Detergent', 'bucket', ['64 fl oz', '150 fl oz'], 1299],
      ['Trash Bags', 'wastebasket', ['40 ct', '80 ct'], 1099, ['Iron Grip', 'Home Basics', 'Stronghold', 'EcoHouse']],
      ['All-Purpose Cleaner', 'game-icons:spray#1e7fc6', ['32 fl oz', '64 fl oz'], 399],
      ['Kitchen Sponges', 'sponge', ['6 ct', '3 ct'], 449],
      // Sold one at a time: the shelf's choice is the brand.
      ['Broom', 'broom', ['1 ct'], 1299, ['Clean Sweep', 'Home Basics', 'Sparkle']],
    ],
  },
  {
    name: 'Personal Care',
    slug: 'personal-care',
    color: '#f3e8ff',
    perPound: false,
    choice: true,
    brands: ['Fresh Start', 'Pure Glow', 'Daily Care', 'Silk & Stone', 'Clear Day', 'Wild Oak'],
    items: [
      ['Shampoo', 'lotion-bottle', ['12 fl oz', '25.4 fl oz'], 699],
      ['Conditioner', 'lotion-bottle', ['12 fl oz', '25.4 fl oz'], 699],
      ['Body Wash', 'game-icons:liquid-soap#7c5cc4', ['18 fl oz', '32 fl oz'], 599],
      ['Bar Soap', 'soap', ['4 ct', '8 ct'], 499],
      ['Toothpaste', 'game-icons:toothbrush#1e7fc6', ['4.1 oz', '6 oz'], 399, ORAL_CARE_BRANDS],
      ['Toothbrushes', 'toothbrush', ['2 ct', '4 ct'], 499, ORAL_CARE_BRANDS],
      ['Deodorant', 'lotion-bottle', ['2.6 oz', '3 oz'], 549],
      ['Hand Lotion', 'lotion-bottle', ['8 fl oz', '16 fl oz'], 599],
      ['Bandages', 'adhesive-bandage', ['30 ct', '60 ct'], 449, ['Quick Mend', 'Daily Care', 'SafeStrip']],
    ],
  },
  {
    name: 'Wine & Beer',
    slug: 'wine-beer',
    color: '#ede9fe',
    perPound: false,
    brands: ['Lakeside Cellars', 'Prairie Vineyards', 'Windy City', 'North Coast Cellars', 'Old Mill', 'Valley Estate'],
    items: [
      ['Cabernet Sauvignon', 'wine-glass', ['750 ml'], 1499],
      ['Chardonnay', 'recoloured:glass-of-white-wine', ['750 ml'], 1299],
      ['Pinot Noir', 'wine-glass', ['750 ml'], 1699],
      ['India Pale Ale', 'beer-mug', ['6 ct', '12 ct'], 1099],
      ['Lager', 'beer-mug', ['12 ct', '24 ct'], 1399],
      ['Hard Apple Cider', 'green-apple', ['6 ct'], 999],
      ['Prosecco', 'bottle-with-popping-cork', ['750 ml'], 1399],
      ['Sauvignon Blanc', 'recoloured:glass-of-white-wine', ['750 ml'], 1199],
    ],
  },
  {
    name: 'Plant-Based',
    slug: 'plant-based',
    color: '#ecfccb',
    perPound: false,
    brands: ['Green Sprout', 'Plant Kitchen', 'Oat Hill', 'Leaf & Root', 'Good Earth', 'Sunflower Farms'],
    items: [
      ['Oat Milk', 'glass-of-milk', ['64 fl oz', '32 fl oz'], 499],
      ['Almond Milk', 'glass-of-milk', ['64 fl oz', '32 fl oz'], 399],
      ['Extra Firm Tofu', 'game-icons:cube#e6dcc0', ['14 oz'], 249],
      ['Plant-Based Burgers', 'hamburger', ['2 ct', '4 ct'], 699],
      ['Vegan Cheese Shreds', 'cheese-wedge', ['7 oz'], 549],
      ['Tempeh', 'game-icons:cube#a7773f', ['8 oz'], 399],
      ['Coconut Yogurt', 'recoloured:bowl-of-yogurt', ['24 oz'], 499],
      ['Veggie Burger Patties', 'hamburger', ['4 ct'], 599],
    ],
  },
];

/**
 * Lines a brand sells under ("Prairie Farms Organic"), used only when a catalogue needs more products
 * per item than the brands × sizes above give (the scale seed: `npm run seed -- --products 100000`).
 */
export const BRAND_LINES: readonly string[] = [
  'Organic',
  'Simply',
  'Select',
  'Reserve',
  'Naturals',
  'Classic',
  'Family Pack',
  'Premium',
  'Lite',
  'Original',
];

/** Multiples of an item's listed sizes, nearest first (a scale catalogue reads like a shelf for longer), used the same way. */
export const SIZE_MULTIPLES: readonly number[] = [1.5, 2, 0.5, 0.75, 3, 2.5, 4, 6, 5, 8, 10, 12, 16];
