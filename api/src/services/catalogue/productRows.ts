// How the catalogue shows its rows: the product, store and category columns every answer reads, the
// mapping to the API's shapes (spec §3, with the 'Unknown …' fallbacks), paging and listing order.
import {
  UNKNOWN_CATEGORY_NAME,
  UNKNOWN_STORE_NAME,
  type Category,
  type Pagination,
  type Product,
  type ProductSort,
  type SortOrder,
  type Store,
} from '@grocer/shared/contracts';
import { asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories, products, storeCategoryCounts, stores, type StoreRow } from '../../db/schema.ts';
import { productSize, unitPrice } from './unitPrice.ts';

/** Spec §8 texts. */
export const CATALOGUE_ERRORS = {
  store: 'Failed to fetch store',
  category: 'Failed to fetch categories',
  categoryProducts: 'Failed to fetch paginated category products',
  product: 'Product not found',
} as const;

export interface Paging {
  page: number;
  limit: number;
  sort: ProductSort;
  order: SortOrder;
}

export interface SearchPaging extends Omit<Paging, 'sort'> {
  sort: ProductSort | 'relevance';
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_RE.test(value);

export const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

export function toStore(row: StoreRow): Store {
  return {
    id: row.id,
    uuid: row.uuid,
    publicId: row.publicId,
    name: row.name,
    address1: row.address1,
    address2: row.address2,
    logo: row.logo,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** A product's own columns, as every catalogue answer shows them. */
export const ownColumns = {
  id: products.id,
  uuid: products.uuid,
  name: products.name,
  brand: products.brand,
  item: products.item,
  itemKey: products.itemKey,
  sizeMilli: products.sizeMilli,
  sizeUnit: products.sizeUnit,
  unitPriceUnit: products.unitPriceUnit,
  image: products.image,
  priceCents: products.priceCents,
  inStock: sql<boolean>`${products.stockQuantity} > 0`,
  stockQuantity: products.stockQuantity,
  dietary: products.dietary,
  isActive: products.isActive,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

/** With its store and category (left joins). */
export const productColumns = {
  ...ownColumns,
  storeUuid: stores.uuid,
  storeName: stores.name,
  storePublicId: stores.publicId,
  categoryUuid: categories.uuid,
  categoryName: categories.name,
};

/** Products with their store and category, as every catalogue answer shows them. */
export const selectProductRows = (db: Database) =>
  db
    .select(productColumns)
    .from(products)
    .leftJoin(stores, eq(stores.id, products.storeId))
    .leftJoin(categories, eq(categories.id, products.categoryId));

/** One row of selectProductRows: the left joins make the store and category columns nullable. */
export type ProductRowJoined = Awaited<ReturnType<typeof selectProductRows>>[number];

/** Spec §3: a product enriched with its store and category, with the 'Unknown …' fallbacks, its size and unit price. */
export function toProduct(row: ProductRowJoined): Product {
  return {
    id: row.id,
    uuid: row.uuid,
    name: row.name,
    brand: row.brand,
    item: row.item,
    itemKey: row.itemKey,
    size: productSize(row.sizeMilli, row.sizeUnit),
    unitPrice: unitPrice(row.priceCents, row.sizeMilli, row.sizeUnit, row.unitPriceUnit),
    image: row.image,
    price_cents: row.priceCents,
    stockStatus: row.inStock ? 'IN_STOCK' : 'OUT_OF_STOCK',
    stockQuantity: Math.max(0, row.stockQuantity),
    dietary: row.dietary,
    isActive: row.isActive,
    storeUuid: row.storeUuid ?? '',
    categoryUuid: row.categoryUuid ?? '',
    store:
      row.storeName === null
        ? { uuid: row.storeUuid ?? '', name: UNKNOWN_STORE_NAME }
        : { uuid: row.storeUuid ?? '', name: row.storeName, publicId: row.storePublicId ?? undefined },
    category: { uuid: row.categoryUuid ?? '', name: row.categoryName ?? UNKNOWN_CATEGORY_NAME },
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** A category with its active products, summed over the store_category_counts rows the query joins. */
export const categoryColumns = {
  id: categories.id,
  uuid: categories.uuid,
  name: categories.name,
  createdAt: categories.createdAt,
  updatedAt: categories.updatedAt,
  productCount: sql<number>`coalesce(sum(${storeCategoryCounts.activeProductCount}), 0)::int`,
};

export function toCategory(row: Omit<Category, 'createdAt' | 'updatedAt'> & { createdAt: Date; updatedAt: Date }): Category {
  return { ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

export function pagination(page: number, limit: number, totalItems: number): Pagination {
  const totalPages = Math.ceil(totalItems / limit);
  return { currentPage: page, totalPages, hasNext: page < totalPages, hasPrevious: page > 1, totalItems };
}

/** ORDER BY for a listing: the sort key, then name, then id, so equal keys never swap between pages. */
export function listingOrder(sort: ProductSort, order: SortOrder): SQL[] {
  const dir = order === 'desc' ? desc : asc;
  return sort === 'price' ? [dir(products.priceCents), dir(products.name), dir(products.id)] : [dir(products.name), dir(products.id)];
}
