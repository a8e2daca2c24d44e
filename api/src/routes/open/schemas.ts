// Request and response schemas of the public catalogue (spec §3 entities, §7 calls, §9 paging).
// They mirror the shared contract types (@grocer/shared Store, Category, Product, Pagination).
import { MAX_PRICE_CENTS } from '@grocer/shared/contracts';
import { Type } from 'typebox';
import { SIZE_UNITS } from '../../services/catalogue/unitPrice.ts';

const Timestamp = Type.String({ format: 'date-time' });
const Uuid = Type.String({ format: 'uuid' });

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

export const ProductSchema = Type.Object(
  {
    id: Type.Integer(),
    uuid: Uuid,
    name: Type.String({ description: 'The shelf label: brand, item, size ("Prairie Farms Whole Milk, 1 gal"); unique in its store' }),
    brand: Type.String(),
    item: Type.String({ description: 'The item without brand or size ("Whole Milk")' }),
    itemKey: Type.String({ description: 'Equal for the same brand, item and size in every store (brand|item|size slugs)' }),
    size: Type.Object({
      amount: Type.Number(),
      unit: Type.Enum([...SIZE_UNITS]),
      label: Type.String({ description: 'e.g. "1 gal"' }),
    }),
    unitPrice: Type.Object({
      tenthCents: Type.Integer({ description: 'Tenths of a cent per unit, rounded half-up' }),
      unit: Type.Enum(['oz', 'fl oz', 'lb', 'ct']),
      label: Type.String({ description: 'e.g. "$0.13/fl oz", "$3.49/lb", "$0.42/ct"' }),
    }),
    image: Type.String({ description: 'Path on this API, versioned and served immutable' }),
    price_cents: Type.Integer({ description: 'Integer US cents; the price sort key' }),
    stockStatus: Type.Enum(['IN_STOCK', 'OUT_OF_STOCK']),
    isActive: Type.Boolean(),
    storeUuid: Type.String(),
    categoryUuid: Type.String(),
    store: Type.Object({
      uuid: Type.String(),
      name: Type.String({ description: "'Unknown Store' when the uuid matches no store" }),
      publicId: Type.Optional(Type.String()),
    }),
    category: Type.Object({ uuid: Type.String(), name: Type.String({ description: "'Unknown Category' when the uuid matches none" }) }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: 'Product' },
);

export const PaginationSchema = Type.Object(
  {
    currentPage: Type.Integer(),
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

/** Spec §9: page size 20; at most 100 so one request cannot ask for the whole catalogue. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Far past any real catalogue's last page; without a bound, page=1e21 overflowed the SQL OFFSET into a 500. */
export const MAX_PAGE = 1_000_000;

const paging = {
  page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
  order: Type.Enum(['asc', 'desc'], { default: 'asc' }),
};

const Price = (description: string) => Type.Integer({ minimum: 0, maximum: MAX_PRICE_CENTS, description });

/** Narrowing shared by searches and listings (contracts ProductFilters); absent means "all". */
const filters = {
  inStock: Type.Optional(Type.Boolean({ description: 'true: only products in stock' })),
  minPrice: Type.Optional(Price('Lowest price in cents, inclusive')),
  maxPrice: Type.Optional(Price('Highest price in cents, inclusive')),
};
const categoryFilter = { categoryId: Type.Optional(Type.String({ format: 'uuid', description: 'Only this category' })) };
const storeFilter = {
  storeId: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Only this store (uuid or publicId)' })),
};

export const ListingQuery = Type.Object({ ...paging, sort: Type.Enum(['name', 'price'], { default: 'name' }), ...filters });
export const StoreListingQuery = Type.Object({
  ...paging,
  sort: Type.Enum(['name', 'price'], { default: 'name' }),
  ...filters,
  ...categoryFilter,
});

const SearchText = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'Words matched against the starts of words of name, category and store',
});

const searchPaging = {
  ...paging,
  sort: Type.Enum(['relevance', 'name', 'price'], { default: 'relevance', description: 'relevance: best match first (order is ignored)' }),
};

export const GlobalSearchQuery = Type.Object({ query: SearchText });
export const GlobalSearchPageQuery = Type.Object({ query: SearchText, ...searchPaging, ...filters, ...categoryFilter, ...storeFilter });
export const StoreSearchPageQuery = Type.Object({
  query: SearchText,
  storeId: Type.String({ minLength: 1, description: 'Store uuid or publicId' }),
  ...searchPaging,
  ...filters,
  ...categoryFilter,
});

export const SuggestionsQuery = Type.Object({
  query: SearchText,
  limit: Type.Integer({ minimum: 1, maximum: 5, default: 5, description: 'Spec: at most 5' }),
});

export const FacetsQuery = Type.Object({
  query: Type.Optional(SearchText),
  ...filters,
  ...categoryFilter,
  ...storeFilter,
});

export const SearchResponseSchema = Type.Object({
  products: Type.Array(ProductSchema),
  pagination: PaginationSchema,
  didYouMean: Type.Optional(Type.String({ description: 'When nothing matches: the closest query that finds something' })),
});

const Count = Type.Integer({ minimum: 0 });
export const FacetsSchema = Type.Object(
  {
    categories: Type.Array(Type.Object({ uuid: Uuid, name: Type.String(), count: Count })),
    stores: Type.Array(Type.Object({ uuid: Uuid, publicId: Type.String(), name: Type.String(), count: Count })),
    inStock: Count,
    prices: Type.Array(Type.Object({ min: Count, max: Type.Optional(Count), count: Count })),
  },
  { title: 'ProductFacets', description: 'Matches per filter value, the other filters applied' },
);

export const CategoriesQuery = Type.Object({
  storeId: Type.Optional(Type.String({ minLength: 1, description: 'Store uuid or publicId' })),
});

export const StoreParams = Type.Object({ storePublicId: Type.String({ minLength: 1 }) });

/** A malformed uuid is a 400 (the schema says so), an unknown one a 404. */
export const ProductParams = Type.Object({ productUuid: Uuid });

export const ProductResponseSchema = Type.Object({ product: ProductSchema }, { title: 'ProductResponse' });

export const ProductOffersSchema = Type.Object(
  { offers: Type.Array(ProductSchema, { description: 'The same item at the other stores, active only, cheapest first' }) },
  { title: 'ProductOffersResponse' },
);

export const ProductSubstitutesSchema = Type.Object(
  { products: Type.Array(ProductSchema, { description: 'In stock and active, same store and category, the product itself left out; by name' }) },
  { title: 'ProductSubstitutesResponse' },
);
