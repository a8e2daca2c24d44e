// What shoppers type for a thing the shelf names otherwise: other words, abbreviations, regional
// names, and aisle words that name part of an aisle ("beer" is half of Wine & Beer). One curated
// list, read by matchWords (search.ts): a query word or phrase below also matches every name holding
// one of its `means` phrases (each word of the phrase, in any of its forms), and keeps matching what
// it says literally. Matches through a synonym rank below a name the query says exactly, so "baking
// soda" stays baking soda. Targets are lower-case catalogue words; a target the catalogue does not
// carry (yet) simply matches nothing.

export interface SynonymGroup {
  /** What shoppers type (one or more words each, lower-case, singular or plural alike). */
  readonly words: readonly string[];
  /** What it means on the shelf: phrases of item names (or aisle names) it should find. */
  readonly means: readonly string[];
}

const SOFT_DRINKS = ['cola', 'ginger ale', 'lemon lime', 'root beer', 'club soda'];

export const SYNONYM_GROUPS: readonly SynonymGroup[] = [
  // Drinks
  { words: ['soda', 'pop', 'soft drink', 'fizzy drink', 'soda pop'], means: SOFT_DRINKS },
  { words: ['coke'], means: ['cola'] },
  { words: ['oj'], means: ['orange juice'] },
  { words: ['bubbly', 'champagne', 'sparkling wine'], means: ['prosecco'] },
  { words: ['ipa'], means: ['india pale ale'] },
  // Household and personal care
  { words: ['laundry soap', 'washing powder', 'laundry liquid', 'washing detergent'], means: ['laundry detergent'] },
  { words: ['tp', 'toilet tissue', 'toilet roll', 'loo roll', 'bathroom tissue'], means: ['toilet paper'] },
  { words: ['kitchen roll', 'paper towel'], means: ['paper towels'] },
  { words: ['dish liquid', 'dish detergent', 'washing up liquid', 'dishwashing liquid'], means: ['dish soap'] },
  { words: ['garbage bags', 'bin bags', 'bin liners', 'trash can liners'], means: ['trash bags'] },
  { words: ['nappies', 'nappy', 'diaper'], means: ['diapers'] },
  { words: ['band aid', 'bandaid', 'plasters', 'plaster'], means: ['bandages'] },
  { words: ['shower gel'], means: ['body wash'] },
  { words: ['vitamins', 'vitamin'], means: ['multivitamin gummies', 'vitamin c tablets'] },
  { words: ['baby food'], means: ['apple puree pouches', 'baby oatmeal cereal'] },
  // Food
  { words: ['pb'], means: ['peanut butter'] },
  { words: ['evoo'], means: ['extra virgin olive oil'] },
  { words: ['mac and cheese', 'mac n cheese', 'mac cheese'], means: ['macaroni and cheese'] },
  { words: ['prawns', 'prawn'], means: ['shrimp'] },
  { words: ['garbanzo', 'garbanzo beans'], means: ['chickpeas'] },
  { words: ['mince', 'hamburger meat', 'minced beef'], means: ['ground beef'] },
  { words: ['crisps'], means: ['potato chips'] },
  { words: ['porridge', 'oatmeal'], means: ['oats', 'oatmeal'] },
  { words: ['sweets', 'lollies'], means: ['candy', 'gummy bears', 'lollipops', 'caramel chews', 'licorice twists'] },
  { words: ['hotdog', 'frankfurter', 'wiener'], means: ['hot dogs'] },
  { words: ['pasta sauce', 'spaghetti sauce'], means: ['marinara sauce'] },
  { words: ['icing sugar', 'confectioners sugar'], means: ['powdered sugar'] },
  { words: ['bicarbonate of soda', 'bicarb'], means: ['baking soda'] },
  { words: ['pancake syrup'], means: ['maple syrup'] },
  // Aisle words: part of an aisle, or an aisle by another name. The aisle's name itself needs no entry.
  { words: ['beer', 'beers', 'brew'], means: ['india pale ale', 'lager', 'pale ale', 'stout', 'pilsner'] },
  {
    words: ['wine', 'wines'],
    means: [
      'cabernet sauvignon',
      'chardonnay',
      'pinot noir',
      'sauvignon blanc',
      'prosecco',
      'merlot',
      'rose wine',
      'red wine',
      'white wine',
    ],
  },
  {
    words: ['pasta'],
    means: [
      'spaghetti',
      'penne rigate',
      'elbow macaroni',
      'lasagna noodles',
      'egg noodles',
      'ravioli',
      'fettuccine',
      'rigatoni',
      'linguine',
    ],
  },
  { words: ['grains', 'grain'], means: ['quinoa', 'couscous', 'rice', 'oats'] },
  { words: ['cereal', 'cereals'], means: ['corn flakes', 'oat cereal', 'granola', 'oatmeal'] },
  { words: ['fish'], means: ['salmon fillet', 'cod fillets', 'tilapia fillets', 'tuna steaks', 'fish sticks'] },
  { words: ['shellfish'], means: ['shrimp', 'crab legs', 'scallops', 'lobster tails'] },
  {
    words: ['poultry'],
    means: ['chicken breasts', 'chicken thighs', 'chicken wings', 'whole chicken', 'ground turkey', 'turkey breast'],
  },
  {
    words: ['fruit', 'fruits'],
    means: ['bananas', 'apples', 'strawberries', 'blueberries', 'mixed berries', 'lemons', 'grapes', 'avocados'],
  },
  {
    words: ['vegetable', 'vegetables', 'veggies', 'veg'],
    means: [
      'vegetables',
      'spinach',
      'tomatoes',
      'onions',
      'potatoes',
      'carrots',
      'broccoli',
      'cucumbers',
      'peppers',
      'mushrooms',
      'garlic',
    ],
  },
  { words: ['candy', 'candies'], means: ['candy', 'gummy bears', 'lollipops', 'caramel chews', 'licorice twists', 'chocolate bar'] },
  {
    words: ['cleaning', 'cleaning supplies'],
    means: ['all purpose cleaner', 'kitchen sponges', 'dish soap', 'laundry detergent', 'broom'],
  },
  { words: ['toiletries'], means: ['personal care'] },
  {
    words: ['supplements', 'supplement'],
    means: ['multivitamin gummies', 'vitamin c tablets', 'fish oil softgels', 'protein powder', 'collagen peptides'],
  },
];
