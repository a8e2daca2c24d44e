// Test helpers for checkout and orders: a small shop with real store ZIPs, shoppers who may check
// out, the browser's calls in the spec's order, and the spec's order payload.
import { randomUUID } from 'node:crypto';
import type { DeliveryHoldJson, PaymentBreakdown, StoreWindowsJson } from '@grocer/shared/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { App } from '../app.ts';
import { categories, notifications, products, storeHours, stores, type NotificationRow } from '../db/schema.ts';
import { bearer, registerUser, updateUser, type Registered } from './accounts.ts';
import { shelfFields } from './catalogue.ts';
import type { FakePaypal } from './fakePaypal.ts';
import { until } from './until.ts';

export interface ShopProduct {
  uuid: string;
  name: string;
  priceCents: number;
  storeUuid: string;
}

export interface TestShop {
  loop: { id: number; uuid: string; publicId: string; contactEmail: string };
  evanston: { id: number; uuid: string; publicId: string; contactEmail: string };
  categoryId: number;
  addProduct(
    name: string,
    priceCents: number,
    stock: number,
    store?: 'loop' | 'evanston',
    extra?: Partial<typeof products.$inferInsert>,
  ): Promise<ShopProduct>;
}

let shopSeq = 0;

/**
 * Two stores with the seed's real addresses (Loop 60602, Evanston 60202) and one category. They open
 * round the clock every day and reach 25 miles, so their windows exist at any test time; tests of the
 * store rules change them.
 */
export async function createShop(app: App): Promise<TestShop> {
  shopSeq += 1;
  const tag = `${process.pid}-${shopSeq}`;
  const [loop] = await app.db
    .insert(stores)
    .values({
      uuid: randomUUID(),
      publicId: `loop-${tag}`,
      name: 'Loop Provisions',
      address1: '30 W Washington St',
      address2: 'Chicago, IL 60602',
      city: 'Chicago',
      state: 'IL',
      zip: '60602',
      logo: '/l.svg',
      contactEmail: `orders+loop-${tag}@example.com`,
    })
    .returning();
  const [evanston] = await app.db
    .insert(stores)
    .values({
      uuid: randomUUID(),
      publicId: `evanston-${tag}`,
      name: 'Evanston Harvest',
      address1: '1111 Chicago Ave',
      address2: 'Evanston, IL 60202',
      city: 'Evanston',
      state: 'IL',
      zip: '60202',
      logo: '/e.svg',
      contactEmail: `orders+evanston-${tag}@example.com`,
    })
    .returning();
  await app.db
    .update(stores)
    .set({ deliveryRadiusMiles: 25 })
    .where(inArray(stores.id, [loop!.id, evanston!.id]));
  await app.db
    .insert(storeHours)
    .values(
      [loop!.id, evanston!.id].flatMap((storeId) =>
        [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ storeId, weekday, opensMinute: 0, closesMinute: 1440 })),
      ),
    );
  const [category] = await app.db
    .insert(categories)
    .values({ uuid: randomUUID(), name: `Pantry ${tag}` })
    .returning();
  const byName = { loop: loop!, evanston: evanston! };
  return {
    loop: { id: loop!.id, uuid: loop!.uuid, publicId: loop!.publicId, contactEmail: loop!.contactEmail },
    evanston: { id: evanston!.id, uuid: evanston!.uuid, publicId: evanston!.publicId, contactEmail: evanston!.contactEmail },
    categoryId: category!.id,
    async addProduct(name, priceCents, stock, store = 'loop', extra = {}) {
      const s = byName[store];
      const [row] = await app.db
        .insert(products)
        .values({
          uuid: randomUUID(),
          storeId: s.id,
          categoryId: category!.id,
          name,
          ...shelfFields(name),
          image: '/p.svg',
          priceCents,
          stockQuantity: stock,
          ...extra,
        })
        .returning();
      return { uuid: row!.uuid, name, priceCents, storeUuid: s.uuid };
    },
  };
}

/**
 * Changes a store's row by hand (a test arranging its rules), and tells this app's copy of the store rules
 * at once, as the API's own edits do: on PostgreSQL the change's notice would otherwise arrive a moment later.
 */
export async function updateStore(app: App, storeId: number, values: Partial<typeof stores.$inferInsert>): Promise<void> {
  await app.db.update(stores).set(values).where(eq(stores.id, storeId));
  app.services.storeRules.changed(storeId);
}

/** Replaces a store's opening hours by hand (none: closed all week), telling this app's copy as updateStore does. */
export async function setStoreHours(app: App, storeId: number, hours: { weekday: number; opensMinute: number; closesMinute: number }[]) {
  await app.db.transaction(async (tx) => {
    await tx.delete(storeHours).where(eq(storeHours.storeId, storeId));
    if (hours.length > 0) await tx.insert(storeHours).values(hours.map((h) => ({ storeId, ...h })));
  });
  app.services.storeRules.changed(storeId);
}

/** The demo shopper's address: 233 S Wacker Dr, Chicago, IL 60606. */
export const SHOPPER_ADDRESS = { streetName: '233 S Wacker Dr', apartmentName: 'Apt 12', city: 'Chicago', state: 'IL', zip: '60606' };

/** A registered shopper with a verified e-mail and a valid address: allowed to check out. */
export async function registerShopper(app: App, firstName = 'Casey', lastName = 'Shopper'): Promise<Registered> {
  const user = await registerUser(app);
  await updateUser(app, user.uuid, { emailVerified: true, firstName, lastName, ...SHOPPER_ADDRESS });
  return user;
}

export async function makeAdmin(app: App, user: Registered): Promise<void> {
  await updateUser(app, user.uuid, { role: 'ADMIN' });
}

export interface CartLine {
  product: ShopProduct;
  quantity: number;
}

const items = (cart: CartLine[]) => cart.map((l) => ({ productId: l.product.uuid, quantity: l.quantity }));

/** Checkout step 1's 'Delivery time': holds the earliest open window of each store; returns the holds. */
export async function holdEarliestWindows(app: App, user: Registered, storeUuids: string[]) {
  const listed = await app.inject({ method: 'POST', url: '/delivery/windows', headers: bearer(user.token), payload: { storeUuids } });
  if (listed.statusCode !== 200) throw new Error(`windows failed: ${listed.statusCode} ${listed.body}`);
  const holds: DeliveryHoldJson[] = [];
  for (const store of listed.json<StoreWindowsJson[]>()) {
    const window = store.windows.find((w) => w.available);
    if (!window) throw new Error(`no open window at ${store.storeName}`);
    const res = await app.inject({
      method: 'POST',
      url: '/delivery/holds',
      headers: bearer(user.token),
      payload: { storeUuid: store.storeUuid, startsAt: window.startsAt },
    });
    if (res.statusCode !== 200) throw new Error(`hold failed: ${res.statusCode} ${res.body}`);
    holds.push(res.json<DeliveryHoldJson>());
  }
  return holds;
}

/** POST /payments/paypal/orders: the PayPal button's createOrder (after step 1 held a window per store). */
export async function startPayment(app: App, user: Registered, cart: CartLine[], options: { holdWindows?: boolean } = {}) {
  if (options.holdWindows !== false) await holdEarliestWindows(app, user, [...new Set(cart.map((l) => l.product.storeUuid))]);
  const res = await app.inject({
    method: 'POST',
    url: '/payments/paypal/orders',
    headers: bearer(user.token),
    payload: { items: items(cart) },
  });
  if (res.statusCode !== 200) throw new Error(`paypal order failed: ${res.statusCode} ${res.body}`);
  return res.json<{ paypalOrderId: string; orderReference: string; pricing: PaymentBreakdown }>();
}

/** The spec's order creation payload, with the browser's own (possibly tampered) prices. */
export function orderPayload(paypalOrderId: string, cart: CartLine[], overrides: { price?: number; total?: number } = {}) {
  return {
    items: cart.map((l) => ({
      productId: l.product.uuid,
      quantity: l.quantity,
      price: overrides.price ?? l.product.priceCents / 100,
      name: l.product.name,
      storeId: l.product.storeUuid,
    })),
    deliveryInfo: {
      firstName: 'Casey',
      lastName: 'Shopper',
      email: 'casey@example.com',
      phone: '312-555-0100',
      address: SHOPPER_ADDRESS.streetName,
      apartment: SHOPPER_ADDRESS.apartmentName,
      city: SHOPPER_ADDRESS.city,
      state: SHOPPER_ADDRESS.state,
      zipCode: SHOPPER_ADDRESS.zip,
      deliveryInstructions: 'Ring twice',
    },
    paymentMethod: 'paypal',
    pricing: {
      subtotal: 0.01,
      tax: 0,
      platformServiceFee: 0,
      serviceFee: 0,
      displayServiceFee: 0,
      deliveryFee: 0,
      paymentProcessingFee: 0,
      total: overrides.total ?? 0.01,
    },
    user: { id: 'someone-else', email: 'x@example.com', name: 'X' },
    paypalOrderDetails: { id: paypalOrderId, status: 'APPROVED' },
    orderTimestamp: new Date().toISOString(),
  };
}

export function createOrder(app: App, user: Registered, payload: object, idempotencyKey?: string) {
  return app.inject({
    method: 'POST',
    url: '/orders/create',
    headers: { ...bearer(user.token), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload,
  });
}

export async function stockOf(app: App, productUuid: string): Promise<number> {
  const [row] = await app.db.select({ stock: products.stockQuantity }).from(products).where(eq(products.uuid, productUuid));
  return row!.stock;
}

/** The browser's checkout up to a paid order, with the in-memory PayPal approving; returns the order id. */
export async function placePaidOrder(app: App, paypal: Pick<FakePaypal, 'approve'>, user: Registered, cart: CartLine[]): Promise<string> {
  const started = await startPayment(app, user, cart);
  paypal.approve(started.paypalOrderId);
  const res = await createOrder(app, user, orderPayload(started.paypalOrderId, cart));
  if (res.statusCode !== 200) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return started.orderReference;
}

/** POST /orders/tracking as the browser (or an admin tool) sends it. */
export function track(app: App, user: Registered, orderId: string, status: string, extra: { deliverEarly?: boolean } = {}) {
  return app.inject({
    method: 'POST',
    url: '/orders/tracking',
    headers: bearer(user.token),
    payload: { orderId, status, timestamp: new Date().toISOString(), notes: `${status} (test)`, ...extra },
  });
}

/**
 * The order's notification rows once every one is delivered. The payment nudges the outbox worker, and a
 * browser call that finds a row the worker has claimed answers while the worker is still sending it.
 */
export async function deliveredNotices(app: App, orderId: string) {
  let rows: NotificationRow[] = [];
  const delivered = async () => {
    rows = await app.db.select().from(notifications).where(eq(notifications.orderId, orderId));
    return rows.every((row) => row.deliveredAt !== null);
  };
  if (!(await until(delivered, 5_000))) throw new Error(`the outbox did not deliver the mails about ${orderId} within 5 s`);
  return rows;
}
