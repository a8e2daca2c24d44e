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
}

export const STORE_SEEDS: readonly StoreSeed[] = [
  { publicId: 'lincoln-park-market', name: 'Lincoln Park Market', address1: '1550 N Kingsbury St', city: 'Chicago', state: 'IL', zip: '60642', color: '#2e7d32' },
  { publicId: 'wicker-park-grocers', name: 'Wicker Park Grocers', address1: '1526 N Milwaukee Ave', city: 'Chicago', state: 'IL', zip: '60622', color: '#c62828' },
  { publicId: 'hyde-park-pantry', name: 'Hyde Park Pantry', address1: '1526 E 55th St', city: 'Chicago', state: 'IL', zip: '60615', color: '#1565c0' },
  { publicId: 'lakeview-fresh', name: 'Lakeview Fresh', address1: '3531 N Broadway', city: 'Chicago', state: 'IL', zip: '60657', color: '#6a1b9a' },
  { publicId: 'loop-provisions', name: 'Loop Provisions', address1: '30 W Washington St', city: 'Chicago', state: 'IL', zip: '60602', color: '#ef6c00' },
  { publicId: 'logan-square-larder', name: 'Logan Square Larder', address1: '2620 N Milwaukee Ave', city: 'Chicago', state: 'IL', zip: '60647', color: '#00838f' },
  { publicId: 'pilsen-mercado', name: 'Pilsen Mercado', address1: '1800 S Blue Island Ave', city: 'Chicago', state: 'IL', zip: '60608', color: '#ad1457' },
  { publicId: 'andersonville-co-op', name: 'Andersonville Co-op', address1: '5311 N Clark St', city: 'Chicago', state: 'IL', zip: '60640', color: '#4e342e' },
  { publicId: 'evanston-harvest', name: 'Evanston Harvest', address1: '1111 Chicago Ave', city: 'Evanston', state: 'IL', zip: '60202', color: '#558b2f' },
  { publicId: 'oak-park-grocery', name: 'Oak Park Grocery', address1: '259 Lake St', city: 'Oak Park', state: 'IL', zip: '60302', color: '#283593' },
];

/** An item a category sells: its base name, the sizes it comes in, and a typical price in cents. */
export type ItemSeed = readonly [name: string, sizes: readonly string[], priceCents: number];

export interface CategorySeed {
  name: string;
  /** URL-safe key for its images. */
  slug: string;
  color: string;
  /** Words put before an item's name ("Organic", a brand...). */
  variants: readonly string[];
  items: readonly ItemSeed[];
}

const GENERIC = ['Organic', 'Store Brand', 'Classic', 'Premium', 'Family Size', 'Natural', 'Farmhouse', 'Simply'];

export const CATEGORY_SEEDS: readonly CategorySeed[] = [
  { name: 'Dairy & Eggs', slug: 'dairy-eggs', color: '#90caf9', variants: ['Organic', 'Grassfed', 'Lactose Free', 'Farmhouse', 'Prairie Farms', 'Horizon'], items: [
    ['Whole Milk', ['1 gal', '64 fl oz', '32 fl oz'], 429], ['Chocolate Milk', ['64 fl oz', '32 fl oz'], 449], ['2% Reduced Fat Milk', ['1 gal', '64 fl oz'], 399],
    ['Large Brown Eggs', ['12 ct', '18 ct'], 499], ['Unsalted Butter', ['16 oz', '8 oz'], 549], ['Sharp Cheddar Cheese', ['8 oz', '16 oz'], 449],
    ['Greek Yogurt', ['32 oz', '5.3 oz'], 599], ['Heavy Whipping Cream', ['16 fl oz', '32 fl oz'], 449], ['Sour Cream', ['16 oz', '8 oz'], 249], ['Cottage Cheese', ['16 oz', '24 oz'], 369] ] },
  { name: 'Produce', slug: 'produce', color: '#a5d6a7', variants: ['Organic', 'Fresh', 'Local', 'Farm Fresh', 'Washed', 'Premium'], items: [
    ['Bananas', ['2 lb', '3 lb'], 159], ['Honeycrisp Apples', ['3 lb', '1 lb'], 499], ['Baby Spinach', ['5 oz', '10 oz'], 399], ['Hass Avocados', ['4 ct', '6 ct'], 549],
    ['Roma Tomatoes', ['1 lb', '2 lb'], 249], ['Yellow Onions', ['3 lb', '5 lb'], 349], ['Russet Potatoes', ['5 lb', '10 lb'], 499], ['Strawberries', ['16 oz', '32 oz'], 449],
    ['Blueberries', ['6 oz', '18 oz'], 399], ['Baby Carrots', ['16 oz', '32 oz'], 199], ['Broccoli Crowns', ['1 lb', '2 lb'], 299] ] },
  { name: 'Bakery', slug: 'bakery', color: '#ffcc80', variants: ['Artisan', 'Whole Grain', 'Fresh Baked', 'Gluten-Free', 'Sourdough', 'Classic'], items: [
    ['Sandwich Bread', ['20 oz', '24 oz'], 349], ['French Baguette', ['12 oz'], 299], ['Bagels', ['6 ct', '12 ct'], 399], ['Croissants', ['4 ct', '8 ct'], 549],
    ['Blueberry Muffins', ['4 ct', '6 ct'], 499], ['Dinner Rolls', ['12 ct', '24 ct'], 349], ['Cinnamon Raisin Bread', ['16 oz'], 429], ['Flour Tortillas', ['10 ct', '20 ct'], 299] ] },
  { name: 'Meat & Poultry', slug: 'meat-poultry', color: '#ef9a9a', variants: ['Organic', 'Grass-Fed', 'Free Range', 'Butcher Select', 'Antibiotic Free', 'Heritage'], items: [
    ['Boneless Chicken Breast', ['1 lb', '2 lb', '3 lb'], 699], ['Ground Beef 85% Lean', ['1 lb', '2 lb'], 649], ['Pork Chops', ['1 lb', '2 lb'], 599], ['Ribeye Steak', ['12 oz', '16 oz'], 1499],
    ['Chicken Thighs', ['2 lb', '3 lb'], 599], ['Thick Cut Bacon', ['12 oz', '16 oz'], 699], ['Italian Sausage', ['16 oz'], 549], ['Ground Turkey', ['1 lb', '2 lb'], 599] ] },
  { name: 'Seafood', slug: 'seafood', color: '#80deea', variants: ['Wild Caught', 'Fresh', 'Sustainable', 'Atlantic', 'Pacific', 'Frozen'], items: [
    ['Salmon Fillet', ['1 lb', '2 lb'], 1299], ['Jumbo Shrimp', ['1 lb', '2 lb'], 1199], ['Cod Fillets', ['1 lb'], 999], ['Tilapia Fillets', ['1 lb', '2 lb'], 799],
    ['Tuna Steaks', ['12 oz'], 1399], ['Crab Legs', ['1 lb', '2 lb'], 2199], ['Sea Scallops', ['12 oz'], 1799] ] },
  { name: 'Frozen Foods', slug: 'frozen', color: '#b3e5fc', variants: ['Organic', 'Family Size', 'Classic', 'Healthy Choice', 'Premium', 'Store Brand'], items: [
    ['Pepperoni Pizza', ['22 oz', '30 oz'], 699], ['Mixed Vegetables', ['16 oz', '32 oz'], 249], ['Vanilla Ice Cream', ['1.5 qt', '48 fl oz'], 549], ['Chicken Nuggets', ['24 oz', '32 oz'], 899],
    ['Waffles', ['10 ct', '24 ct'], 349], ['French Fries', ['32 oz'], 399], ['Frozen Blueberries', ['16 oz', '48 oz'], 499], ['Cheese Ravioli', ['24 oz'], 599] ] },
  { name: 'Pantry Staples', slug: 'pantry', color: '#d7ccc8', variants: ['Organic', 'Store Brand', 'Classic', 'Premium', 'Natural', 'Imported'], items: [
    ['All-Purpose Flour', ['5 lb', '2 lb'], 399], ['Granulated Sugar', ['4 lb', '10 lb'], 449], ['Extra Virgin Olive Oil', ['16.9 fl oz', '33.8 fl oz'], 1099], ['Long Grain White Rice', ['2 lb', '5 lb'], 349],
    ['Black Beans', ['15 oz'], 129], ['Chicken Broth', ['32 fl oz'], 299], ['Peanut Butter', ['16 oz', '40 oz'], 399], ['Honey', ['12 oz', '24 oz'], 649] ] },
  { name: 'Pasta & Grains', slug: 'pasta-grains', color: '#fff59d', variants: ['Organic', 'Whole Wheat', 'Imported Italian', 'Gluten-Free', 'Bronze Cut', 'Classic'], items: [
    ['Spaghetti', ['16 oz', '32 oz'], 199], ['Penne Rigate', ['16 oz'], 199], ['Quinoa', ['16 oz', '32 oz'], 599], ['Rolled Oats', ['18 oz', '42 oz'], 449],
    ['Elbow Macaroni', ['16 oz'], 169], ['Couscous', ['10 oz'], 299], ['Brown Rice', ['2 lb'], 399], ['Lasagna Noodles', ['16 oz'], 249] ] },
  { name: 'Canned Goods', slug: 'canned', color: '#bcaaa4', variants: ['Organic', 'Store Brand', 'Low Sodium', 'Classic', 'Fire Roasted', 'Hearty'], items: [
    ['Diced Tomatoes', ['14.5 oz', '28 oz'], 149], ['Chicken Noodle Soup', ['10.75 oz', '18.6 oz'], 199], ['Sweet Corn', ['15.25 oz'], 129], ['Chunk Light Tuna', ['5 oz'], 149],
    ['Garbanzo Beans', ['15 oz'], 139], ['Tomato Paste', ['6 oz'], 99], ['Coconut Milk', ['13.5 fl oz'], 249], ['Green Beans', ['14.5 oz'], 129] ] },
  { name: 'Breakfast & Cereal', slug: 'breakfast', color: '#ffe082', variants: ['Organic', 'Honey', 'Whole Grain', 'Family Size', 'Classic', 'Crunchy'], items: [
    ['Granola', ['12 oz', '24 oz'], 499], ['Corn Flakes', ['12 oz', '18 oz'], 399], ['Pancake Mix', ['32 oz'], 349], ['Maple Syrup', ['12 fl oz', '32 fl oz'], 899],
    ['Instant Oatmeal', ['10 ct'], 399], ['Toasted Oat Cereal', ['12 oz', '20 oz'], 449], ['Breakfast Bars', ['6 ct', '12 ct'], 399] ] },
  { name: 'Snacks', slug: 'snacks', color: '#ffab91', variants: ['Kettle Cooked', 'Organic', 'Family Size', 'Lightly Salted', 'Classic', 'Spicy'], items: [
    ['Potato Chips', ['8 oz', '13 oz'], 449], ['Tortilla Chips', ['11 oz', '16 oz'], 399], ['Pretzel Twists', ['16 oz'], 349], ['Microwave Popcorn', ['3 ct', '6 ct'], 399],
    ['Trail Mix', ['10 oz', '26 oz'], 599], ['Cheese Crackers', ['7 oz', '12 oz'], 349], ['Roasted Almonds', ['6 oz', '16 oz'], 699], ['Rice Cakes', ['4.5 oz'], 299] ] },
  { name: 'Candy & Chocolate', slug: 'candy', color: '#f48fb1', variants: ['Dark', 'Milk', 'Organic', 'Fair Trade', 'Sea Salt', 'Classic'], items: [
    ['Chocolate Bar', ['3.5 oz', '1.55 oz'], 299], ['Gummy Bears', ['5 oz', '12 oz'], 249], ['Peanut Butter Cups', ['6 ct', '12 ct'], 399], ['Chocolate Chip Cookies', ['13 oz'], 449],
    ['Caramel Chews', ['7 oz'], 349], ['Mint Chocolate Thins', ['4.7 oz'], 399], ['Licorice Twists', ['16 oz'], 349] ] },
  { name: 'Beverages', slug: 'beverages', color: '#81d4fa', variants: ['Organic', 'Sparkling', 'Zero Sugar', 'Classic', 'Premium', 'Cold Pressed'], items: [
    ['Orange Juice', ['52 fl oz', '89 fl oz'], 449], ['Apple Juice', ['64 fl oz'], 349], ['Spring Water', ['24 pk', '1 gal'], 499], ['Lemonade', ['52 fl oz'], 329],
    ['Cola', ['12 pk', '2 L'], 699], ['Iced Tea', ['64 fl oz'], 299], ['Coconut Water', ['33.8 fl oz'], 499], ['Ginger Ale', ['12 pk'], 649] ] },
  { name: 'Coffee & Tea', slug: 'coffee-tea', color: '#a1887f', variants: ['Organic', 'Fair Trade', 'Dark Roast', 'Medium Roast', 'Decaf', 'Single Origin'], items: [
    ['Ground Coffee', ['12 oz', '24 oz'], 899], ['Whole Bean Coffee', ['12 oz', '2 lb'], 1099], ['Green Tea', ['20 ct', '40 ct'], 399], ['Black Tea', ['20 ct', '100 ct'], 349],
    ['Cold Brew Concentrate', ['32 fl oz'], 799], ['Chamomile Tea', ['20 ct'], 399], ['Coffee Pods', ['12 ct', '24 ct'], 999] ] },
  { name: 'Condiments & Sauces', slug: 'condiments', color: '#ffb74d', variants: ['Organic', 'Classic', 'Spicy', 'Reduced Sugar', 'Premium', 'Store Brand'], items: [
    ['Tomato Ketchup', ['20 oz', '32 oz'], 299], ['Yellow Mustard', ['14 oz'], 199], ['Mayonnaise', ['30 fl oz'], 549], ['Marinara Sauce', ['24 oz'], 449],
    ['BBQ Sauce', ['18 oz'], 349], ['Hot Sauce', ['5 fl oz', '12 fl oz'], 299], ['Soy Sauce', ['15 fl oz'], 349], ['Ranch Dressing', ['16 fl oz'], 399] ] },
  { name: 'Spices & Seasonings', slug: 'spices', color: '#e57373', variants: ['Organic', 'Ground', 'Premium', 'Classic', 'Smoked', 'Whole'], items: [
    ['Black Pepper', ['2 oz', '4 oz'], 449], ['Sea Salt', ['26 oz'], 249], ['Garlic Powder', ['3 oz'], 349], ['Ground Cinnamon', ['2.4 oz'], 399],
    ['Paprika', ['2.1 oz'], 349], ['Italian Seasoning', ['1 oz'], 299], ['Chili Powder', ['2.5 oz'], 299], ['Cumin', ['1.5 oz'], 399] ] },
  { name: 'Baking Supplies', slug: 'baking', color: '#f8bbd0', variants: ['Organic', 'Pure', 'Classic', 'Premium', 'Store Brand', 'Natural'], items: [
    ['Vanilla Extract', ['2 fl oz', '4 fl oz'], 899], ['Baking Soda', ['16 oz'], 129], ['Baking Powder', ['8.1 oz'], 299], ['Chocolate Chips', ['12 oz'], 399],
    ['Brown Sugar', ['2 lb'], 299], ['Powdered Sugar', ['2 lb'], 279], ['Cocoa Powder', ['8 oz'], 449] ] },
  { name: 'Deli', slug: 'deli', color: '#ce93d8', variants: ['Oven Roasted', 'Smoked', 'Honey', 'Low Sodium', 'Premium', 'Classic'], items: [
    ['Sliced Turkey Breast', ['8 oz', '16 oz'], 699], ['Black Forest Ham', ['8 oz'], 599], ['Genoa Salami', ['4 oz'], 549], ['Swiss Cheese Slices', ['8 oz'], 499],
    ['Hummus', ['10 oz', '17 oz'], 449], ['Chicken Salad', ['12 oz'], 699], ['Provolone Slices', ['8 oz'], 499] ] },
  { name: 'Prepared Meals', slug: 'prepared', color: '#ffccbc', variants: ['Homestyle', 'Chef Made', 'Family Size', 'Classic', 'Healthy', 'Organic'], items: [
    ['Rotisserie Chicken', ['2 lb'], 799], ['Macaroni and Cheese', ['20 oz'], 599], ['Caesar Salad Kit', ['10 oz'], 449], ['Vegetable Lasagna', ['32 oz'], 999],
    ['Chicken Pot Pie', ['16 oz'], 699], ['Sushi Roll Combo', ['10 pc'], 899], ['Meatloaf Dinner', ['16 oz'], 799] ] },
  { name: 'International Foods', slug: 'international', color: '#9fa8da', variants: ['Authentic', 'Imported', 'Organic', 'Mild', 'Spicy', 'Traditional'], items: [
    ['Salsa Verde', ['16 oz'], 349], ['Red Curry Paste', ['4 oz'], 399], ['Ramen Noodles', ['6 ct', '12 ct'], 499], ['Refried Beans', ['16 oz'], 199],
    ['Basmati Rice', ['2 lb', '10 lb'], 599], ['Tikka Masala Sauce', ['15 oz'], 499], ['Kimchi', ['16 oz'], 699], ['Corn Tortillas', ['30 ct'], 299] ] },
  { name: 'Health & Wellness', slug: 'health', color: '#80cbc4', variants: ['Organic', 'Plant-Based', 'Sugar Free', 'Vegan', 'Premium', 'Natural'], items: [
    ['Protein Powder', ['2 lb', '5 lb'], 2999], ['Multivitamin Gummies', ['70 ct', '150 ct'], 1299], ['Vitamin C Tablets', ['100 ct'], 899], ['Fish Oil Softgels', ['120 ct'], 1499],
    ['Protein Bars', ['4 ct', '12 ct'], 799], ['Electrolyte Drink Mix', ['10 ct'], 999], ['Collagen Peptides', ['10 oz'], 2499] ] },
  { name: 'Baby', slug: 'baby', color: '#fff9c4', variants: ['Organic', 'Gentle', 'Sensitive', 'Natural', 'Classic', 'Premium'], items: [
    ['Baby Wipes', ['72 ct', '216 ct'], 399], ['Diapers Size 3', ['31 ct', '84 ct'], 1299], ['Apple Puree Pouches', ['4 ct'], 549], ['Infant Formula', ['12.4 oz', '29.8 oz'], 1899],
    ['Teething Wafers', ['1.7 oz'], 449], ['Baby Oatmeal Cereal', ['8 oz'], 349], ['Baby Shampoo', ['13.6 fl oz'], 599] ] },
  { name: 'Pet Supplies', slug: 'pet', color: '#c5e1a5', variants: ['Grain Free', 'Natural', 'Premium', 'Classic', 'Senior', 'Puppy'], items: [
    ['Dry Dog Food', ['5 lb', '30 lb'], 1499], ['Wet Cat Food', ['3 oz', '12 ct'], 129], ['Dog Biscuits', ['24 oz'], 699], ['Clumping Cat Litter', ['20 lb', '40 lb'], 1299],
    ['Cat Treats', ['3 oz'], 299], ['Dog Dental Chews', ['10 ct'], 999], ['Dry Cat Food', ['3.15 lb', '16 lb'], 1099] ] },
  { name: 'Household', slug: 'household', color: '#b0bec5', variants: ['Ultra', 'Eco', 'Fresh Scent', 'Unscented', 'Lemon', 'Lavender'], items: [
    ['Paper Towels', ['6 rolls', '12 rolls'], 1299], ['Toilet Paper', ['12 rolls', '24 rolls'], 1499], ['Dish Soap', ['19.4 fl oz', '38 fl oz'], 349], ['Laundry Detergent', ['64 fl oz', '150 fl oz'], 1299],
    ['Trash Bags', ['40 ct', '80 ct'], 1099], ['All-Purpose Cleaner', ['32 fl oz'], 399], ['Aluminum Foil', ['75 sq ft'], 549], ['Sponges', ['6 ct'], 449] ] },
  { name: 'Personal Care', slug: 'personal-care', color: '#e1bee7', variants: ['Moisturizing', 'Sensitive', 'Fresh', 'Natural', 'Unscented', 'Coconut'], items: [
    ['Shampoo', ['12 fl oz', '25.4 fl oz'], 699], ['Conditioner', ['12 fl oz'], 699], ['Body Wash', ['18 fl oz'], 599], ['Bar Soap', ['4 ct', '8 ct'], 499],
    ['Toothpaste', ['4.1 oz', '2 pk'], 399], ['Deodorant', ['2.6 oz'], 549], ['Hand Lotion', ['8 fl oz'], 599], ['Cotton Swabs', ['500 ct'], 349] ] },
  { name: 'Wine & Beer', slug: 'wine-beer', color: '#b39ddb', variants: ['Reserve', 'Craft', 'Imported', 'Organic', 'Classic', 'Local'], items: [
    ['Cabernet Sauvignon', ['750 ml'], 1499], ['Chardonnay', ['750 ml'], 1299], ['Pinot Noir', ['750 ml'], 1699], ['India Pale Ale', ['6 pk', '12 pk'], 1099],
    ['Lager', ['12 pk', '24 pk'], 1399], ['Hard Cider', ['6 pk'], 999], ['Prosecco', ['750 ml'], 1399], ['Sauvignon Blanc', ['750 ml'], 1199] ] },
  { name: 'Plant-Based', slug: 'plant-based', color: '#aed581', variants: ['Organic', 'Unsweetened', 'Original', 'Vanilla', 'Barista', 'Classic'], items: [
    ['Oat Milk', ['64 fl oz', '32 fl oz'], 499], ['Almond Milk', ['64 fl oz', '32 fl oz'], 399], ['Extra Firm Tofu', ['14 oz'], 249], ['Plant-Based Burgers', ['2 ct', '4 ct'], 699],
    ['Vegan Cheese Shreds', ['7 oz'], 549], ['Tempeh', ['8 oz'], 399], ['Soy Yogurt', ['24 oz'], 499] ] },
];

/** Prefix words used when a category's own variants run out of combinations. */
export const GENERIC_VARIANTS = GENERIC;
