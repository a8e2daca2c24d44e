// The whole item → artwork mapping in one place, for a reviewer to read against the pictures: each
// item's art names an icon that depicts it (Fluent Emoji Flat by default; see ART_SETS for the others).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CATEGORY_SEEDS } from './catalogueData.ts';
import { ART_SETS, RECOLOURED, artwork } from './images.ts';

const require = createRequire(import.meta.url);

/** Category → item → art. A new item adds its line here, after looking at its picture. */
const ARTWORK: Record<string, Record<string, string>> = {
  'Dairy & Eggs': {
    'Whole Milk': 'glass-of-milk',
    '2% Milk': 'glass-of-milk',
    'Skim Milk': 'glass-of-milk',
    'Chocolate Milk': 'recoloured:glass-of-chocolate-milk',
    'Large Eggs': 'egg',
    'Brown Eggs': 'nest-with-eggs',
    'Unsalted Butter': 'butter',
    'Cheddar Cheese': 'cheese-wedge',
    'Mozzarella Cheese': 'cheese-wedge',
    'Greek Yogurt': 'recoloured:bowl-of-yogurt',
    'Natural Yoghurt': 'recoloured:bowl-of-yogurt',
    'Heavy Whipping Cream': 'pouring-liquid',
    'Sour Cream': 'jar',
    'Cottage Cheese': 'jar',
    'Organic Milk': 'glass-of-milk',
    'Organic Large Brown Eggs': 'nest-with-eggs',
    'Almond Milk Yogurt': 'recoloured:bowl-of-yogurt',
  },
  Produce: {
    Bananas: 'banana',
    'Honeycrisp Apples': 'red-apple',
    'Granny Smith Apples': 'green-apple',
    'Baby Spinach': 'leafy-green',
    'Hass Avocados': 'avocado',
    'Roma Tomatoes': 'tomato',
    'Cherry Tomatoes': 'tomato',
    'Yellow Onions': 'onion',
    'Russet Potatoes': 'potato',
    Strawberries: 'strawberry',
    Blueberries: 'blueberries',
    'Mixed Berries': 'game-icons:berries-bowl#7a3b8f',
    'Baby Carrots': 'carrot',
    Broccoli: 'broccoli',
    Lemons: 'lemon',
    'Seedless Grapes': 'grapes',
    Cucumbers: 'cucumber',
    'Red Bell Peppers': 'recoloured:red-bell-pepper',
    Garlic: 'garlic',
    'White Mushrooms': 'recoloured:white-mushroom',
    'Organic Gala Apples': 'red-apple',
    'Organic Spring Mix': 'leafy-green',
    'Organic Carrots': 'carrot',
  },
  Bakery: {
    'Sourdough Bread': 'bread',
    'White Sandwich Bread': 'bread',
    'Whole Wheat Bread': 'bread',
    'French Baguette': 'baguette-bread',
    Bagels: 'bagel',
    Croissants: 'croissant',
    'Blueberry Muffins': 'game-icons:cupcake#9a6233',
    'Dinner Rolls': 'bread',
    'Flour Tortillas': 'flatbread',
    'Bread Crumbs': 'bread',
    'Apple Pie': 'pie',
    'Pita Bread': 'flatbread',
    'Gluten-Free Sandwich Bread': 'bread',
    'Gluten-Free Bagels': 'bagel',
  },
  'Meat & Poultry': {
    'Boneless Chicken Breasts': 'poultry-leg',
    'Chicken Thighs': 'poultry-leg',
    'Chicken Wings': 'poultry-leg',
    'Whole Chicken': 'game-icons:roast-chicken#b8733a',
    'Ground Beef': 'cut-of-meat',
    'Ribeye Steak': 'cut-of-meat',
    'Pork Chops': 'meat-on-bone',
    'Baby Back Ribs': 'meat-on-bone',
    'Thick Cut Bacon': 'bacon',
    'Italian Sausage': 'game-icons:sausage#a0442c',
    'Beef Hot Dogs': 'hot-dog',
    'Ground Turkey': 'cut-of-meat',
  },
  Seafood: {
    'Atlantic Salmon Fillet': 'fish',
    'Jumbo Shrimp': 'shrimp',
    'Cod Fillets': 'fish',
    'Tilapia Fillets': 'fish',
    'Tuna Steaks': 'fish',
    'Snow Crab Legs': 'crab',
    'Sea Scallops': 'game-icons:scallop#d08a4c',
    'Lobster Tails': 'lobster',
    'Breaded Fish Sticks': 'game-icons:fried-fish#c98a3a',
  },
  'Frozen Foods': {
    'Pepperoni Pizza': 'pizza',
    'Mixed Vegetables': 'broccoli',
    'Vanilla Ice Cream': 'ice-cream',
    'Chocolate Ice Cream': 'recoloured:chocolate-soft-ice-cream',
    'Chicken Nuggets': 'poultry-leg',
    'Frozen Waffles': 'waffle',
    'French Fries': 'french-fries',
    'Frozen Blueberries': 'blueberries',
    'Cheese Ravioli': 'dumpling',
    'Frozen Peas': 'pea-pod',
  },
  'Pantry Staples': {
    'All-Purpose Flour': 'game-icons:flour#a87b4f',
    'Granulated Sugar': 'healthicons:sugar#6b7280',
    'Extra Virgin Olive Oil': 'olive',
    'Long Grain White Rice': 'cooked-rice',
    'Black Beans': 'beans',
    'Chicken Broth': 'pot-of-food',
    'Beef Broth': 'pot-of-food',
    'Creamy Peanut Butter': 'peanuts',
    'Strawberry Jam': 'jar',
    'Clover Honey': 'honey-pot',
    'Low Sodium Chicken Broth': 'pot-of-food',
    'Sugar-Free Strawberry Jam': 'jar',
    'Kosher Salt': 'salt',
  },
  'Pasta & Grains': {
    Spaghetti: 'spaghetti',
    'Penne Rigate': 'spaghetti',
    Quinoa: 'cooked-rice',
    'Old Fashioned Oats': 'bowl-with-spoon',
    'Elbow Macaroni': 'spaghetti',
    Couscous: 'cooked-rice',
    'Brown Rice': 'cooked-rice',
    'Lasagna Noodles': 'spaghetti',
    'Egg Noodles': 'steaming-bowl',
    'Gluten-Free Spaghetti': 'spaghetti',
    'Gluten-Free Penne': 'spaghetti',
  },
  'Canned Goods': {
    'Diced Tomatoes': 'canned-food',
    'Chicken Noodle Soup': 'steaming-bowl',
    'Tomato Soup': 'steaming-bowl',
    'Sweet Corn': 'ear-of-corn',
    'Chunk Light Tuna': 'canned-food',
    Chickpeas: 'beans',
    'Tomato Paste': 'canned-food',
    'Coconut Milk': 'coconut',
    'Cut Green Beans': 'pea-pod',
  },
  'Breakfast & Cereal': {
    'Honey Nut Granola': 'bowl-with-spoon',
    'Corn Flakes': 'bowl-with-spoon',
    'Buttermilk Pancake Mix': 'pancakes',
    'Pure Maple Syrup': 'game-icons:jug#b5651d',
    'Instant Oatmeal': 'bowl-with-spoon',
    'Toasted Oat Cereal': 'bowl-with-spoon',
    'Breakfast Bars': 'cookie',
    'Toaster Pastries': 'game-icons:toaster#8a5a3b',
  },
  Snacks: {
    'Potato Chips': 'game-icons:chips-bag#d08c12',
    'Tortilla Chips': 'game-icons:nachos#d08c12',
    'Pretzel Twists': 'pretzel',
    'Microwave Popcorn': 'popcorn',
    'Trail Mix': 'peanuts',
    'Cheese Crackers': 'rice-cracker',
    'Roasted Almonds': 'game-icons:almond#9c6b3c',
    'Rice Cakes': 'rice-cracker',
    'Salted Peanuts': 'peanuts',
  },
  'Candy & Chocolate': {
    'Milk Chocolate Bar': 'chocolate-bar',
    'Dark Chocolate Bar': 'chocolate-bar',
    'Gummy Bears': 'candy',
    'Peanut Butter Cups': 'candy',
    'Chocolate Chip Cookies': 'cookie',
    'Caramel Chews': 'candy',
    Lollipops: 'lollipop',
    'Licorice Twists': 'candy',
  },
  Beverages: {
    'Orange Juice': 'tangerine',
    'Apple Juice': 'beverage-box',
    'Spring Water': 'droplet',
    Lemonade: 'lemon',
    Cola: 'cup-with-straw',
    'Sweet Iced Tea': 'tumbler-glass',
    'Coconut Water': 'coconut',
    'Ginger Ale': 'tumbler-glass',
    'Cranberry Juice': 'beverage-box',
  },
  'Coffee & Tea': {
    'Ground Coffee': 'hot-beverage',
    'Whole Bean Coffee': 'hot-beverage',
    'Green Tea': 'teacup-without-handle',
    'Black Tea': 'teapot',
    'Cold Brew Coffee': 'tumbler-glass',
    'Chamomile Tea': 'teacup-without-handle',
    'Coffee Pods': 'hot-beverage',
  },
  'Condiments & Sauces': {
    'Tomato Ketchup': 'tomato',
    'Yellow Mustard': 'jar',
    Mayonnaise: 'jar',
    'Marinara Sauce': 'jar',
    'BBQ Sauce': 'jar',
    'Hot Sauce': 'hot-pepper',
    'Soy Sauce': 'jar',
    'Ranch Dressing': 'green-salad',
  },
  'Spices & Seasonings': {
    'Ground Black Pepper': 'salt',
    'Sea Salt': 'salt',
    'Garlic Powder': 'garlic',
    'Ground Cinnamon': 'salt',
    'Smoked Paprika': 'hot-pepper',
    'Italian Seasoning': 'herb',
    'Chili Powder': 'hot-pepper',
    'Ground Cumin': 'salt',
  },
  'Baking Supplies': {
    'Pure Vanilla Extract': 'test-tube',
    'Baking Soda': 'salt',
    'Baking Powder': 'salt',
    'Semi-Sweet Chocolate Chips': 'chocolate-bar',
    'Light Brown Sugar': 'healthicons:sugar#a0652d',
    'Powdered Sugar': 'healthicons:sugar#6b7280',
    'Cocoa Powder': 'chocolate-bar',
    'Chocolate Cake Mix': 'birthday-cake',
  },
  Deli: {
    'Sliced Turkey Breast': 'poultry-leg',
    'Black Forest Ham': 'meat-on-bone',
    'Genoa Salami': 'cut-of-meat',
    'Swiss Cheese Slices': 'cheese-wedge',
    'Classic Hummus': 'recoloured:bowl-of-hummus',
    'Chicken Salad': 'sandwich',
    'Provolone Slices': 'cheese-wedge',
    'Roast Beef': 'cut-of-meat',
  },
  'Prepared Meals': {
    'Rotisserie Chicken': 'game-icons:roast-chicken#b8733a',
    'Macaroni and Cheese': 'shallow-pan-of-food',
    'Caesar Salad Kit': 'green-salad',
    'Vegetable Lasagna': 'shallow-pan-of-food',
    'Chicken Pot Pie': 'pie',
    'California Roll Sushi': 'sushi',
    'Beef Burritos': 'burrito',
    'Turkey Club Sandwich': 'sandwich',
  },
  'International Foods': {
    'Salsa Verde': 'hot-pepper',
    'Red Curry Paste': 'curry-rice',
    'Ramen Noodles': 'steaming-bowl',
    'Refried Beans': 'beans',
    'Basmati Rice': 'cooked-rice',
    'Tikka Masala Sauce': 'curry-rice',
    Kimchi: 'jar',
    'Corn Tortillas': 'flatbread',
    'Pork Dumplings': 'dumpling',
  },
  'Health & Wellness': {
    'Whey Protein Powder': 'flexed-biceps',
    'Multivitamin Gummies': 'pill',
    'Vitamin C Tablets': 'pill',
    'Fish Oil Softgels': 'pill',
    'Protein Bars': 'chocolate-bar',
    'Electrolyte Drink Mix': 'droplet',
    'Collagen Peptides': 'test-tube',
  },
  Baby: {
    'Baby Wipes': 'healthicons:disinfecting-wipes#2f7fb8',
    'Size 1 Diapers': 'healthicons:nappy-diaper#3b82c4',
    'Size 2 Diapers': 'healthicons:nappy-diaper#3b82c4',
    'Size 3 Diapers': 'healthicons:nappy-diaper#3b82c4',
    'Size 4 Diapers': 'healthicons:nappy-diaper#3b82c4',
    'Size 5 Diapers': 'healthicons:nappy-diaper#3b82c4',
    'Size 6 Diapers': 'healthicons:nappy-diaper#3b82c4',
    'Apple Puree Pouches': 'red-apple',
    'Infant Formula': 'baby-bottle',
    'Teething Wafers': 'rice-cracker',
    'Baby Oatmeal Cereal': 'bowl-with-spoon',
    'Baby Shampoo': 'lotion-bottle',
  },
  'Pet Supplies': {
    'Dry Dog Food': 'dog',
    'Wet Cat Food': 'cat',
    'Dog Biscuits': 'bone',
    'Clumping Cat Litter': 'bucket',
    'Cat Treats': 'fish',
    'Dog Dental Chews': 'bone',
    'Dry Cat Food': 'cat-face',
  },
  Household: {
    'Paper Towels': 'roll-of-paper',
    'Toilet Paper': 'roll-of-paper',
    'Dish Soap': 'game-icons:liquid-soap#1f9d6b',
    'Laundry Detergent': 'bucket',
    'Trash Bags': 'wastebasket',
    'All-Purpose Cleaner': 'game-icons:spray#1e7fc6',
    'Kitchen Sponges': 'sponge',
    Broom: 'broom',
  },
  'Personal Care': {
    Shampoo: 'lotion-bottle',
    Conditioner: 'lotion-bottle',
    'Body Wash': 'game-icons:liquid-soap#7c5cc4',
    'Bar Soap': 'soap',
    Toothpaste: 'game-icons:toothbrush#1e7fc6',
    Toothbrushes: 'toothbrush',
    Deodorant: 'lotion-bottle',
    'Hand Lotion': 'lotion-bottle',
    Bandages: 'adhesive-bandage',
  },
  'Wine & Beer': {
    'Cabernet Sauvignon': 'wine-glass',
    Chardonnay: 'recoloured:glass-of-white-wine',
    'Pinot Noir': 'wine-glass',
    'India Pale Ale': 'beer-mug',
    Lager: 'beer-mug',
    'Hard Apple Cider': 'green-apple',
    Prosecco: 'bottle-with-popping-cork',
    'Sauvignon Blanc': 'recoloured:glass-of-white-wine',
  },
  'Plant-Based': {
    'Oat Milk': 'glass-of-milk',
    'Almond Milk': 'glass-of-milk',
    'Extra Firm Tofu': 'game-icons:cube#e6dcc0',
    'Plant-Based Burgers': 'hamburger',
    'Vegan Cheese Shreds': 'cheese-wedge',
    Tempeh: 'game-icons:cube#a7773f',
    'Coconut Yogurt': 'recoloured:bowl-of-yogurt',
    'Veggie Burger Patties': 'hamburger',
  },
};

it('draws every item with the artwork this table names, and no item is missing from it', () => {
  const seeded = Object.fromEntries(CATEGORY_SEEDS.map((c) => [c.name, Object.fromEntries(c.items.map(([item, art]) => [item, art]))]));
  expect(seeded).toEqual(ARTWORK);
});

it('takes artwork only from installed sets whose licence is the one declared, each credited in the README', () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  for (const { package: name, licence } of Object.values(ART_SETS)) {
    const manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { license: string };
    expect({ name, licence: manifest.license }).toEqual({ name, licence });
    expect(readme).toContain(`\`${name}\``);
  }
});

it('recolours a Fluent picture by its fills only, and each recolouring changes something', () => {
  const fluent = JSON.parse(readFileSync(require.resolve(`${ART_SETS[''].package}/icons.json`), 'utf8')) as {
    icons: Record<string, { body: string }>;
  };
  const shapes = (body: string) => body.replace(/fill="#[0-9a-f]{6}"/g, 'fill');
  for (const [name, { from, fills }] of Object.entries(RECOLOURED)) {
    const source = fluent.icons[from]!.body;
    for (const fill of Object.keys(fills))
      expect({ name, fill, found: source.includes(`fill="${fill}"`) }).toEqual({ name, fill, found: true });
    const { body } = artwork(`recoloured:${name}`);
    expect(shapes(body)).toBe(shapes(source));
    for (const [fill, to] of Object.entries(fills)) {
      expect(body).not.toContain(`fill="${fill}"`);
      expect(body).toContain(`fill="${to}"`);
    }
  }
});

it('inks one-colour icons and refuses art it cannot draw', () => {
  expect(artwork('game-icons:sausage#a0442c').body).not.toContain('currentColor');
  expect(artwork('game-icons:sausage#a0442c').body).toContain('#a0442c');
  expect(artwork('glass-of-milk').width).toBe(32);
  for (const bad of ['game-icons:sausage', 'glass-of-milk#ffffff', 'nowhere:milk', 'recoloured:milk', 'no-such-icon', 'Glass Of Milk']) {
    expect(() => artwork(bad)).toThrow();
  }
});
