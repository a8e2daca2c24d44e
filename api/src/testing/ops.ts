// Test helpers for the ops API: staff accounts of a store, and the calls staff make.
import type { OpsStorePart } from '@grocer/shared/contracts';
import { eq } from 'drizzle-orm';
import type { App } from '../app.ts';
import { users } from '../db/schema.ts';
import { bearer, registerUser, type Registered } from './accounts.ts';

/** A signed-in STORE_STAFF member of the store with this id (registered, then given the role). */
export async function registerStaff(app: App, storeId: number): Promise<Registered> {
  const user = await registerUser(app);
  await app.db.update(users).set({ role: 'STORE_STAFF', storeId, emailVerified: true }).where(eq(users.uuid, user.uuid));
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
