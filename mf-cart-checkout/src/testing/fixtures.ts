// Entities for this remote's tests, shaped exactly as the API contract says.
import type { Address, CartItem, DeliveryFeeResponse, PaymentBreakdown, Product, StoreWindowsJson, User } from '@grocer/shared';
import { errorBody, makeProduct, makeUser } from '@grocer/shared/testing';

export { errorBody, makeProduct, makeUser };

export const springfield: Address = { streetName: '1 Main St', apartmentName: '', city: 'Springfield', state: 'IL', zip: '62701' };

/** A customer who may check out: complete valid address, verified email, canCheckout from the server. */
export function makeShopper(overrides: Partial<User> = {}): User {
  return makeUser({ address: springfield, hasValidAddress: true, canCheckout: true, ...overrides });
}

export const freshMart = { uuid: 'store-fresh-mart', name: 'Fresh Mart', publicId: 'fresh-mart' };
export const corner = { uuid: 'store-corner', name: 'Corner Shop', publicId: 'corner-shop' };

export const milk = makeProduct({ uuid: 'p-milk', name: 'Whole Milk', price_cents: 349 });
export const bread = makeProduct({ uuid: 'p-bread', name: 'Rye Bread', price_cents: 425 });
export const eggs = makeProduct({ uuid: 'p-eggs', name: 'Free-range Eggs', price_cents: 599, storeUuid: corner.uuid, store: corner });

export function line(product: Product, quantity = 1): CartItem {
  return { ...product, quantity };
}

export function feesFor(entries: Record<string, number>): DeliveryFeeResponse {
  const deliveryFees = Object.fromEntries(
    Object.entries(entries).map(([storeUuid, miles]) => [
      storeUuid,
      { storeName: storeUuid === corner.uuid ? corner.name : freshMart.name, distance: miles, deliveryFee: Math.round(miles * 750) / 100 },
    ]),
  );
  const totalDeliveryFee = Math.round(Object.values(deliveryFees).reduce((sum, fee) => sum + fee.deliveryFee, 0) * 100) / 100;
  return { totalDeliveryFee, deliveryFees };
}

export function makePricing(overrides: Partial<PaymentBreakdown> = {}): PaymentBreakdown {
  return {
    subtotal: 13.97,
    tax: 0.87,
    platformServiceFee: 2,
    serviceFee: 2,
    displayServiceFee: 2,
    deliveryFee: 15,
    paymentProcessingFee: 0.98,
    total: 32.82,
    ...overrides,
  };
}

/** Windows of Mon Nov 30 2026 in Chicago (CST, UTC-6): 11 AM – 1 PM, 1 – 3 PM (full), and Tue 9 – 11 AM. */
export const WINDOWS = [
  { startsAt: '2026-11-30T17:00:00.000Z', endsAt: '2026-11-30T19:00:00.000Z', available: true },
  { startsAt: '2026-11-30T19:00:00.000Z', endsAt: '2026-11-30T21:00:00.000Z', available: false },
  { startsAt: '2026-12-01T15:00:00.000Z', endsAt: '2026-12-01T17:00:00.000Z', available: true },
];

export function windowsFor(storeUuids: string[], overrides: Partial<StoreWindowsJson> = {}): StoreWindowsJson[] {
  return storeUuids.map((storeUuid) => ({
    storeUuid,
    storeName: storeUuid === corner.uuid ? corner.name : freshMart.name,
    timeZone: 'America/Chicago',
    windows: WINDOWS,
    hold: null,
    ...overrides,
  }));
}

/** The server's answer to POST /delivery/holds. */
export function holdOf(body: { storeUuid: string; startsAt: string }) {
  const window = WINDOWS.find((w) => w.startsAt === body.startsAt)!;
  return { storeUuid: body.storeUuid, startsAt: window.startsAt, endsAt: window.endsAt, expiresAt: '2026-11-30T15:20:00.000Z' };
}
