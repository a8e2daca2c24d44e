// Entities for browser tests in every package, shaped exactly as the API contract says.
import type { Product, User } from '../contracts/index.ts';
import { jwtValidFor } from './jwt.ts';

const at = '2026-01-01T00:00:00.000Z';

/** A signed-in customer (verified, no address yet) with a token valid for an hour. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    uuid: 'user-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    token: jwtValidFor(3600),
    status: 'UNKNOWN',
    authMethod: 'email',
    emailVerified: true,
    roleName: 'CUSTOMER',
    createdAt: at,
    hasValidAddress: false,
    hasInvalidAddress: false,
    canCheckout: false,
    isBetaParticipant: false,
    hasBetaRequest: false,
    address: null,
    ...overrides,
  };
}

/** An in-stock product of the 'Fresh Mart' store. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  const uuid = overrides.uuid ?? 'p-milk';
  return {
    id: 1,
    uuid,
    name: 'Whole Milk',
    image: `/images/products/${uuid}.jpg`,
    price_cents: 349,
    stockStatus: 'IN_STOCK',
    isActive: true,
    storeUuid: 'store-fresh-mart',
    categoryUuid: 'cat-dairy',
    store: { uuid: 'store-fresh-mart', name: 'Fresh Mart', publicId: 'fresh-mart' },
    category: { uuid: 'cat-dairy', name: 'Dairy' },
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}
