// Test helpers for the ops API: staff accounts of a store, and the calls staff make.
import type { OpsStorePart } from '@grocer/shared/contracts';
import { and, eq } from 'drizzle-orm';
import type { App } from '../app.ts';
import { orderLines } from '../db/schema.ts';
import { bearer, FAST_HASHING, registerUser, updateUser, type Registered } from './accounts.ts';
import { createShop, makeAdmin, registerShopper, type TestShop } from './checkout.ts';
import { createFakePaypal, type FakePaypal } from './fakePaypal.ts';
import { buildTestApp, type TestAppOptions } from './testApp.ts';

/** The store side's cast on a fresh app: two stores, a shopper, an admin, and one staff member per store. */
export interface OpsWorld {
  app: App;
  paypal: FakePaypal;
  shop: TestShop;
  shopper: Registered;
  admin: Registered;
  loopStaff: Registered;
  evanstonStaff: Registered;
}

/** Builds an OpsWorld (PayPal faked; `services` adds or replaces others, e.g. a clock). The caller closes `app`. */
export async function createOpsWorld(services: TestAppOptions['services'] = {}): Promise<OpsWorld> {
  const paypal = createFakePaypal();
  const app = await buildTestApp({ config: FAST_HASHING, services: { paypal, ...services } });
  const shop = await createShop(app);
  const shopper = await registerShopper(app, 'Sam', 'Shopper');
  const admin = await registerShopper(app, 'Ada', 'Admin');
  await makeAdmin(app, admin);
  const loopStaff = await registerStaff(app, shop.loop.id);
  const evanstonStaff = await registerStaff(app, shop.evanston.id);
  return { app, paypal, shop, shopper, admin, loopStaff, evanstonStaff };
}

/** A signed-in STORE_STAFF member of the store with this id (registered, then given the role). */
export async function registerStaff(app: App, storeId: number): Promise<Registered> {
  const user = await registerUser(app);
  await updateUser(app, user.uuid, { role: 'STORE_STAFF', storeId, emailVerified: true });
  return user;
}

export function opsCall(app: App, user: Registered | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) {
  return app.inject({ method, url, headers: user ? bearer(user.token) : {}, ...(payload === undefined ? {} : { payload }) });
}

/** GET /ops/orders/{orderId}/stores/{storeUuid} as `user`, which must answer 200. */
export async function readPart(app: App, user: Registered, orderId: string, storeUuid: string): Promise<OpsStorePart> {
  const res = await opsCall(app, user, 'GET', `/ops/orders/${orderId}/stores/${storeUuid}`);
  expect(res.statusCode).toBe(200);
  return res.json<OpsStorePart>();
}

/** Marks every line of the order still PENDING found, through the API as `user` (an admin, or staff for their store's lines): Ready needs it. */
export async function pickAll(app: App, user: Registered, orderId: string, storeUuid?: string): Promise<void> {
  const pending = await app.db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.orderId, orderId),
        eq(orderLines.fulfilmentState, 'PENDING'),
        storeUuid === undefined ? undefined : eq(orderLines.storeUuid, storeUuid),
      ),
    );
  for (const line of pending) {
    const res = await opsCall(app, user, 'POST', `/ops/orders/${orderId}/lines/${line.id}`, { state: 'FOUND' });
    expect(res.statusCode).toBe(200);
  }
}
