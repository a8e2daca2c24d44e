// The catalogue's wire shapes (spec §3 Store, Category, Product, §9 paging). The contract types in
// contracts/entities.ts are derived from these, and the API validates and serialises with them.
import { Type } from 'typebox';

export const Timestamp = Type.String({ format: 'date-time' });
export const Uuid = Type.String({ format: 'uuid' });

export const StoreSchema = Type.Object(
  {
    id: Type.Integer(),
    uuid: Uuid,
    publicId: Type.String({ description: 'The slug in /store/{publicId}' }),
    name: Type.String(),
    address1: Type.String(),
    address2: Type.String(),
    logo: Type.String({ description: 'Path on this API, versioned and served immutable' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'Store' },
);

export const CategorySchema = Type.Object(
  {
    id: Type.Integer(),
    uuid: Uuid,
    name: Type.String(),
    productCount: Type.Integer({ description: 'Active products (of the store asked for, else of all stores)' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'Category' },
);

export const StockStatusSchema = Type.Enum(['IN_STOCK', 'OUT_OF_STOCK']);

/** The units a product's size is sold in, as US shelf labels write them. */
export const SizeUnitSchema = Type.Enum(['oz', 'fl oz', 'lb', 'ct', 'gal', 'qt', 'pt', 'l', 'ml', 'g', 'kg']);

export const ProductSizeSchema = Type.Object({
  amount: Type.Number({ description: 'How much of `unit` one item holds (1 for "1 gal", 8 for "8 ct", 0.5 for "0.5 lb")' }),
  unit: SizeUnitSchema,
  label: Type.String({ description: 'As printed after the name, e.g. "1 gal"' }),
});

/** The price per unit, computed by the server from the integer price and the size. */
export const UnitPriceSchema = Type.Object({
  tenthCents: Type.Integer({ description: 'Tenths of a cent per unit, rounded half-up (134 means $0.134)' }),
  unit: Type.Enum(['oz', 'fl oz', 'lb', 'ct'], { description: "US grocers' shelf units" }),
  label: Type.String({ description: 'e.g. "$0.13/fl oz", "$3.49/lb", "$0.42/ct"' }),
});

export const ProductStoreRefSchema = Type.Object({
  uuid: Type.String(),
  name: Type.String({ description: "'Unknown Store' when the uuid matches no store" }),
  publicId: Type.Optional(Type.String({ description: 'Absent when the uuid matches no store' })),
});

export const ProductCategoryRefSchema = Type.Object({
  uuid: Type.String(),
  name: Type.String({ description: "'Unknown Category' when the uuid matches none" }),
});

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
    isActive: Type.Boolean(),
    storeUuid: Type.String(),
    categoryUuid: Type.String(),
    store: ProductStoreRefSchema,
    category: ProductCategoryRefSchema,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'Product' },
);

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

export const PaginatedProductsSchema = Type.Object({ products: Type.Array(ProductSchema), pagination: PaginationSchema });

export const CategoryProductsSchema = Type.Object({
  categoryUuid: Type.String(),
  categoryName: Type.String(),
  pagination: PaginationSchema,
  products: Type.Array(ProductSchema),
});

export const SearchResponseSchema = Type.Object({
  products: Type.Array(ProductSchema),
  pagination: PaginationSchema,
  didYouMean: Type.Optional(Type.String({ description: 'When nothing matches: the closest query that finds something' })),
});

const Count = Type.Integer({ minimum: 0 });
export const ProductFacetsSchema = Type.Object(
  {
    categories: Type.Array(Type.Object({ uuid: Uuid, name: Type.String(), count: Count })),
    stores: Type.Array(Type.Object({ uuid: Uuid, publicId: Type.String(), name: Type.String(), count: Count })),
    inStock: Type.Integer({ minimum: 0, description: 'Matches in stock' }),
    prices: Type.Array(Type.Object({ min: Count, max: Type.Optional(Count), count: Count }), {
      description: 'One entry per PRICE_RANGES entry, same order; cents',
    }),
  },
  { title: 'ProductFacets', description: 'Matches per filter value, the other filters applied' },
);

export const FacetsResponseSchema = Type.Object({ facets: ProductFacetsSchema });

export const SuggestionsResponseSchema = Type.Object({ products: Type.Array(ProductSchema) });

export const ProductResponseSchema = Type.Object({ product: ProductSchema }, { title: 'ProductResponse' });

export const ProductOffersSchema = Type.Object(
  { offers: Type.Array(ProductSchema, { description: 'The same item at the other stores, active only, cheapest first' }) },
  { title: 'ProductOffersResponse' },
);

export const ProductSubstitutesSchema = Type.Object(
  {
    products: Type.Array(ProductSchema, {
      description: 'In stock and active, same store and category, the product itself left out; by name',
    }),
  },
  { title: 'ProductSubstitutesResponse' },
);

// The title is the spec's name for the entity, which /docs shows.
export const FavouriteSchema = Type.Object({ product: ProductSchema }, { title: 'Favorite' });
