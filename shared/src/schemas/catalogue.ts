// The catalogue's wire shapes (spec §3 Store, Category, Product, §9 paging). Each contract type stands
// beside its schema (contracts/entities.ts re-exports them); the API validates and serialises with them.
import { Type, type Static } from 'typebox';
import { DIETARY_ATTRIBUTES } from '../contracts/entities.ts';

export const Timestamp = Type.String({ format: 'date-time' });
export const Uuid = Type.String({ format: 'uuid' });
/** When a catalogue row was created and last changed, as every catalogue entity shows them. */
const timestamps = { createdAt: Timestamp, updatedAt: Timestamp };

export const StoreSchema = Type.Object(
  {
    id: Type.Integer(),
    uuid: Uuid,
    publicId: Type.String({ description: 'The slug in /store/{publicId}' }),
    name: Type.String(),
    address1: Type.String(),
    address2: Type.String(),
    logo: Type.String({ description: 'Path on this API, versioned and served immutable' }),
    ...timestamps,
  },
  { title: 'Store' },
);
export type Store = Static<typeof StoreSchema>;

export const CategorySchema = Type.Object(
  {
    id: Type.Integer(),
    uuid: Uuid,
    name: Type.String(),
    productCount: Type.Integer({ description: 'Active products (of the store asked for, else of all stores)' }),
    ...timestamps,
  },
  { title: 'Category' },
);
export type Category = Static<typeof CategorySchema>;

export const StockStatusSchema = Type.Enum(['IN_STOCK', 'OUT_OF_STOCK']);
export type StockStatus = Static<typeof StockStatusSchema>;

/** The units a product's size is sold in, as US shelf labels write them. */
export const SizeUnitSchema = Type.Enum(['oz', 'fl oz', 'lb', 'ct', 'gal', 'qt', 'pt', 'l', 'ml', 'g', 'kg']);
/** The unit a product's size is sold in, as US shelf labels write it. */
export type SizeUnit = Static<typeof SizeUnitSchema>;

export const ProductSizeSchema = Type.Object({
  amount: Type.Number({ description: 'How much of `unit` one item holds (1 for "1 gal", 8 for "8 ct", 0.5 for "0.5 lb")' }),
  unit: SizeUnitSchema,
  label: Type.String({ description: 'As printed after the name, e.g. "1 gal"' }),
});
export type ProductSize = Static<typeof ProductSizeSchema>;

/** The price per unit, computed by the server from the integer price and the size. */
export const UnitPriceSchema = Type.Object({
  tenthCents: Type.Integer({ description: 'Tenths of a cent per unit, rounded half-up (134 means $0.134)' }),
  unit: Type.Enum(['oz', 'fl oz', 'lb', 'ct'], { description: "US grocers' shelf units" }),
  label: Type.String({ description: 'e.g. "$0.13/fl oz", "$3.49/lb", "$0.42/ct"' }),
});
export type UnitPrice = Static<typeof UnitPriceSchema>;

export const DietaryAttributeSchema = Type.Enum([...DIETARY_ATTRIBUTES], { description: 'A dietary attribute the label states' });

export const ProductStoreRefSchema = Type.Object({
  uuid: Type.String(),
  name: Type.String({ description: "'Unknown Store' when the uuid matches no store" }),
  publicId: Type.Optional(Type.String({ description: 'Absent when the uuid matches no store' })),
});
/** The store a product is enriched with. */
export type ProductStoreRef = Static<typeof ProductStoreRefSchema>;

export const ProductCategoryRefSchema = Type.Object({
  uuid: Type.String(),
  name: Type.String({ description: "'Unknown Category' when the uuid matches none" }),
});
/** The category a product is enriched with. */
export type ProductCategoryRef = Static<typeof ProductCategoryRefSchema>;

export const ProductSchema = Type.Object(
  {
    id: Type.Integer(),
    uuid: Uuid,
    name: Type.String({ description: 'The shelf label: brand, item, size ("Prairie Farms Whole Milk, 1 gal"); unique in its store' }),
    brand: Type.String({ description: 'The brand or line ("Prairie Farms")' }),
    item: Type.String({ description: 'The item without brand or size ("Whole Milk")' }),
    itemKey: Type.String({ description: 'Equal for the same brand, item and size in every store (brand|item|size slugs)' }),
    size: ProductSizeSchema,
    unitPrice: UnitPriceSchema,
    image: Type.String({ description: 'Path on this API, versioned and served immutable' }),
    price_cents: Type.Integer({ description: 'Integer US cents; the price sort key' }),
    stockStatus: StockStatusSchema,
    stockQuantity: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'On hand: quantity steppers stop here (absent on cart lines stored before it was sent)',
      }),
    ),
    dietary: Type.Optional(
      Type.Array(DietaryAttributeSchema, {
        description:
          'What the product is (gluten-free, organic…), in DIETARY_ATTRIBUTES order; always sent (absent on cart lines stored before it was)',
      }),
    ),
    isActive: Type.Boolean(),
    storeUuid: Type.String(),
    categoryUuid: Type.String(),
    store: ProductStoreRefSchema,
    category: ProductCategoryRefSchema,
    ...timestamps,
  },
  { title: 'Product' },
);
export type Product = Static<typeof ProductSchema>;

export const PaginationSchema = Type.Object(
  {
    currentPage: Type.Integer({ description: '1-based' }),
    totalPages: Type.Integer(),
    hasNext: Type.Boolean(),
    hasPrevious: Type.Boolean(),
    totalItems: Type.Integer(),
  },
  { title: 'Pagination' },
);
export type Pagination = Static<typeof PaginationSchema>;

export const PaginatedProductsSchema = Type.Object({ products: Type.Array(ProductSchema), pagination: PaginationSchema });
export type PaginatedProducts = Static<typeof PaginatedProductsSchema>;

export const CategoryProductsSchema = Type.Object({
  categoryUuid: Type.String(),
  categoryName: Type.String(),
  pagination: PaginationSchema,
  products: Type.Array(ProductSchema),
});
/** GET /open/products/{store}/{category}/paginated. */
export type CategoryProductsResponse = Static<typeof CategoryProductsSchema>;

export const SearchResponseSchema = Type.Object({
  products: Type.Array(ProductSchema),
  pagination: PaginationSchema,
  didYouMean: Type.Optional(Type.String({ description: 'When nothing matches: the closest query that finds something' })),
  showingResultsFor: Type.Optional(
    Type.String({
      description:
        'When a misspelt word was read as a catalogue word: the query the products answer (ask again with literal=true for the words as typed)',
    }),
  ),
});
/**
 * A search page: when nothing matches, `didYouMean` is the closest query that would find something;
 * when a typo was read as another word ("chiken"), `showingResultsFor` is the query answered ("chicken").
 */
export type SearchResponse = Static<typeof SearchResponseSchema>;

const Count = Type.Integer({ minimum: 0 });
export const ProductFacetsSchema = Type.Object(
  {
    categories: Type.Array(Type.Object({ uuid: Uuid, name: Type.String(), count: Count })),
    stores: Type.Array(Type.Object({ uuid: Uuid, publicId: Type.String(), name: Type.String(), count: Count })),
    inStock: Type.Integer({ minimum: 0, description: 'Matches in stock' }),
    prices: Type.Array(Type.Object({ min: Count, max: Type.Optional(Count), count: Count }), {
      description: 'One entry per PRICE_RANGES entry, same order; cents',
    }),
    dietary: Type.Array(Type.Object({ attribute: DietaryAttributeSchema, count: Count }), {
      description: 'One entry per DIETARY_ATTRIBUTES entry, same order: matches carrying it and every attribute already chosen',
    }),
  },
  { title: 'ProductFacets', description: 'Matches per filter value, the other filters applied' },
);
/**
 * How many matches each filter value would leave, the other filters applied (not its own), so a
 * shopper sees what switching a value would give.
 */
export type ProductFacets = Static<typeof ProductFacetsSchema>;

export const FacetsResponseSchema = Type.Object({ facets: ProductFacetsSchema });
/** GET /open/products/facets. */
export type FacetsResponse = Static<typeof FacetsResponseSchema>;

export const SuggestionsResponseSchema = Type.Object({
  products: Type.Array(ProductSchema),
  showingResultsFor: Type.Optional(Type.String({ description: 'When a misspelt word was read as a catalogue word: the query answered' })),
});
/** GET /open/products/suggestions: distinct items, best match first (never the same item twice), and the query answered when a typo was read as another word. */
export type SuggestionsResponse = Static<typeof SuggestionsResponseSchema>;

export const ProductResponseSchema = Type.Object({ product: ProductSchema }, { title: 'ProductResponse' });
/** GET /open/product/{productUuid}: one active product, enriched like the listings. */
export type ProductResponse = Static<typeof ProductResponseSchema>;

export const ProductOffersSchema = Type.Object(
  { offers: Type.Array(ProductSchema, { description: 'The same item at the other stores, active only, cheapest first' }) },
  { title: 'ProductOffersResponse' },
);
/**
 * GET /open/product/{productUuid}/also-at: the same item (same itemKey) at the other stores, active
 * ones only, cheapest first; the product itself is not listed.
 */
export type ProductOffersResponse = Static<typeof ProductOffersSchema>;

export const ProductSubstitutesSchema = Type.Object(
  {
    products: Type.Array(ProductSchema, {
      description: 'In stock and active, same store and category, the product itself left out; by name',
    }),
  },
  { title: 'ProductSubstitutesResponse' },
);
/** GET /open/product/{uuid}/substitutes: in-stock, active products of the same store and category, by name. */
export type ProductSubstitutesResponse = Static<typeof ProductSubstitutesSchema>;

// The title is the spec's name for the entity, which /docs shows.
export const FavouriteSchema = Type.Object({ product: ProductSchema }, { title: 'Favorite' });
/** GET /favorites entries, keyed by product uuid. */
export type Favourite = Static<typeof FavouriteSchema>;
