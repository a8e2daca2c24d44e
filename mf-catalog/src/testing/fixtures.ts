// Catalogue entities for this remote's tests, shaped exactly as the API contract says.
import type { Category, PaginatedProducts, Product, Store } from '@grocer/shared';

import { makeProduct, makeUser } from '@grocer/shared/testing';

export { makeProduct, makeUser };

const at = '2026-01-01T00:00:00.000Z';

export function makeStore(overrides: Partial<Store> = {}): Store {
  const publicId = overrides.publicId ?? 'fresh-mart';
  return {
    id: 1,
    uuid: `store-${publicId}`,
    publicId,
    name: 'Fresh Mart',
    address1: '1 Main St',
    address2: 'Springfield, IL 62701',
    logo: `/images/stores/${publicId}.png`,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function makeCategory(overrides: Partial<Category> = {}): Category {
  return { id: 1, uuid: 'cat-dairy', name: 'Dairy', productCount: 42, createdAt: at, updatedAt: at, ...overrides };
}

/** `count` distinct products named 'Product 1'… */
export function makeProducts(count: number, from = 1): Product[] {
  return Array.from({ length: count }, (_, i) => makeProduct({ id: from + i, uuid: `p-${from + i}`, name: `Product ${from + i}` }));
}

export function paginated(products: Product[], { currentPage = 1, totalPages = 1, totalItems = products.length } = {}): PaginatedProducts {
  return {
    products,
    pagination: { currentPage, totalPages, totalItems, hasNext: currentPage < totalPages, hasPrevious: currentPage > 1 },
  };
}
