// Entities for browser tests in every package, shaped exactly as the API contract says.
import type { AuthResponse, Order, OrderItem, Product, User } from '../contracts/index.ts';
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
    brand: 'Prairie Farms',
    item: 'Whole Milk',
    itemKey: 'prairie-farms|whole-milk|1-gal',
    size: { amount: 1, unit: 'gal', label: '1 gal' },
    unitPrice: { tenthCents: 27, unit: 'fl oz', label: '$0.03/fl oz' },
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

/** One order line: 2 × Whole Milk at $3.49 from 'Fresh Mart'. */
export function makeOrderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  const unitPrice = overrides.unitPrice ?? 3.49;
  const quantity = overrides.quantity ?? 2;
  return {
    productUuid: 'p-milk',
    image: '/images/products/p-milk.svg',
    sizeLabel: '1 gal',
    unitPriceLabel: '$0.03/fl oz',
    storePublicId: 'fresh-mart',
    productName: 'Whole Milk',
    storeName: 'Fresh Mart',
    substitution: { choice: 'BEST_MATCH', substitute: null },
    ...overrides,
    unitPrice,
    quantity,
    lineTotal: overrides.lineTotal ?? Math.round(unitPrice * quantity * 100) / 100,
  };
}

/**
 * A paid CONFIRMED order of Ada's as GET /orders/{id} returns it (ids are UUIDs), delivered to
 * Springfield, IL; its amounts add up ($6.98 + $0.44 tax + $2.00 service + $7.50 delivery).
 */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    orderId: '3f6c1a52-8d2e-4b7a-9c41-5e0b2d7f8a10',
    orderNumber: 'GR-100042',
    orderStatus: 'CONFIRMED',
    orderDate: '2026-11-21T18:30:00.000Z',
    totalAmount: 16.92,
    subtotal: 6.98,
    taxAmount: 0.44,
    serviceFee: 2,
    displayServiceFee: 2,
    deliveryFee: 7.5,
    orderItems: [makeOrderItem()],
    customerFirstName: 'Ada',
    customerLastName: 'Lovelace',
    customerPhone: '(217) 555-0100',
    deliveryAddressLine1: '1 Main St',
    deliveryApartment: 'Apt 2',
    deliveryCity: 'Springfield',
    deliveryState: 'IL',
    deliveryPostalCode: '62701',
    deliveryInstructions: 'Leave at the door',
    ...overrides,
  };
}

/** The body of a successful POST /auth/login, /auth/register or /auth/google. */
export function authBody(user: User = makeUser()): Extract<AuthResponse, { success: true }> {
  const { token, ...rest } = user;
  return { success: true, user: rest as User, token };
}

/** The error body every failed call has. */
export function errorBody(message: string, code = 'ERROR', field?: string) {
  return { success: false as const, message, error: { code, message, ...(field ? { field } : {}) } };
}
