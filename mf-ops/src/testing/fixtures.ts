// Ops entities for this remote's tests, shaped exactly as contracts/ops.ts says the API answers.
import type {
  OpsInventoryProduct,
  OpsMe,
  OpsNotification,
  OpsPickLine,
  OpsQueueCard,
  OpsStaffMember,
  OpsStore,
  OpsStoreSettings,
  OpsStorePart,
  User,
} from '@grocer/shared';
import { makeUser } from '@grocer/shared/testing';

const at = '2026-11-21T18:30:00.000Z';

export const STORE_A: OpsStore = {
  uuid: '11111111-1111-4111-8111-111111111111',
  publicId: 'andersonville-co-op',
  name: 'Andersonville Co-op',
};
export const STORE_B: OpsStore = {
  uuid: '22222222-2222-4222-8222-222222222222',
  publicId: 'logan-square-market',
  name: 'Logan Square Market',
};
export const ORDER_ID = '00000000-0000-4000-8000-000000000042';

export const staffUser = (overrides: Partial<User> = {}) => makeUser({ roleName: 'STORE_STAFF', email: 'staff@grocer.test', ...overrides });
export const adminUser = (overrides: Partial<User> = {}) => makeUser({ roleName: 'ADMIN', email: 'admin@grocer.test', ...overrides });

export function makeStaffMe(): OpsMe {
  return {
    uuid: 'user-1',
    email: 'staff@grocer.test',
    firstName: 'Sam',
    lastName: 'Staff',
    role: 'STORE_STAFF',
    store: STORE_A,
    stores: [STORE_A],
  };
}

export function makeAdminMe(): OpsMe {
  return {
    uuid: 'user-1',
    email: 'admin@grocer.test',
    firstName: 'Ada',
    lastName: 'Admin',
    role: 'ADMIN',
    store: null,
    stores: [STORE_A, STORE_B],
  };
}

export function makeQueueCard(overrides: Partial<OpsQueueCard> = {}): OpsQueueCard {
  return {
    orderId: ORDER_ID,
    orderNumber: 'GR-100042',
    store: STORE_A,
    status: 'CONFIRMED',
    customerName: 'Ada Lovelace',
    createdAt: at,
    window: null,
    lineCount: 2,
    itemCount: 3,
    pendingLineCount: 2,
    pendingItemCount: 3,
    totalCents: 2209,
    deliveredEarlyAt: null,
    ...overrides,
  };
}

export function makePickLine(overrides: Partial<OpsPickLine> = {}): OpsPickLine {
  return {
    lineId: 1,
    productUuid: 'p-milk',
    name: 'Prairie Farms Whole Milk, 1 gal',
    image: '/images/p-milk.svg',
    sizeLabel: '1 gal',
    quantity: 2,
    unitPriceCents: 399,
    lineTotalCents: 798,
    state: 'PENDING',
    replacement: null,
    substitution: null,
    markedAt: null,
    ...overrides,
  };
}

export function makeStorePart(overrides: Partial<OpsStorePart> = {}): OpsStorePart {
  return {
    orderId: ORDER_ID,
    orderNumber: 'GR-100042',
    orderStatus: 'CONFIRMED',
    store: STORE_A,
    status: 'CONFIRMED',
    allowedNext: ['PREPARING', 'CANCELLED'],
    customerName: 'Ada Lovelace',
    customerPhone: '(312) 555-0199',
    deliveryAddress: '1550 N Kingsbury St, Apt 2, Chicago, IL 60642',
    note: 'Ring twice',
    createdAt: at,
    window: null,
    deliveredEarlyAt: null,
    lines: [
      makePickLine({
        substitution: {
          choice: 'SPECIFIC',
          substitute: { productUuid: 'p-milk-2', name: 'Store Brand Whole Milk, 1 gal', priceCents: 299 },
        },
      }),
      makePickLine({
        lineId: 2,
        productUuid: 'p-bread',
        name: 'Turano Italian Bread, 20 oz',
        image: '/images/p-bread.svg',
        sizeLabel: '20 oz',
        quantity: 1,
        unitPriceCents: 299,
        lineTotalCents: 299,
        substitution: { choice: 'NONE', substitute: null },
      }),
    ],
    totals: {
      subtotalCents: 1097,
      taxCents: 68,
      serviceFeeCents: 200,
      deliveryFeeCents: 750,
      processingFeeCents: 94,
      totalCents: 2209,
      originalTotalCents: 2209,
      refundedCents: 0,
    },
    refunds: [],
    cancelReason: null,
    ...overrides,
  };
}

export function makeInventoryProduct(overrides: Partial<OpsInventoryProduct> = {}): OpsInventoryProduct {
  return {
    productUuid: 'p-milk',
    name: 'Prairie Farms Whole Milk, 1 gal',
    image: '/images/p-milk.svg',
    sizeLabel: '1 gal',
    categoryName: 'Dairy & Eggs',
    priceCents: 399,
    stockStatus: 'IN_STOCK',
    stockQuantity: 40,
    lowStock: false,
    isActive: true,
    updatedAt: at,
    ...overrides,
  };
}

export function makeSettings(overrides: Partial<OpsStoreSettings> = {}): OpsStoreSettings {
  return {
    timeZone: 'America/Chicago',
    minOrderCents: 1000,
    deliveryRadiusMiles: 10,
    windowCapacity: 8,
    lowStockThreshold: 5,
    hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opensMinute: 480, closesMinute: 1260 })),
    ...overrides,
  };
}

export function makeNotification(overrides: Partial<OpsNotification> = {}): OpsNotification {
  return {
    id: 7,
    type: 'new_order_items',
    orderId: ORDER_ID,
    orderNumber: 'GR-100042',
    recipient: `store:${STORE_A.uuid}`,
    deliverTo: 'orders@andersonville.example',
    state: 'SENT',
    attempts: 1,
    lastError: null,
    createdAt: at,
    deliveredAt: at,
    nextAttemptAt: null,
    ...overrides,
  };
}

export function makeStaffMember(overrides: Partial<OpsStaffMember> = {}): OpsStaffMember {
  return {
    uuid: 'staff-1',
    email: 'grace@andersonville.example',
    firstName: 'Grace',
    lastName: 'Hopper',
    store: STORE_A,
    status: 'INVITED',
    createdAt: at,
    ...overrides,
  };
}

/** The error body every failed call has. */
export function errorBody(message: string, code = 'ERROR') {
  return { success: false, message, error: { code, message } };
}
