// The session check across API processes: two apps on one database, as two replicas. Each keeps the
// session check's answer (sessionCache.ts) while it hears of every change, so a sign-out, a role change or
// a deleted account on one applies on the other as soon as the notice arrives, B doing nothing for it.
import { jest } from '@jest/globals';
import { eq, sql } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { LISTENER_APPLICATION_NAME } from '../../db/listen.ts';
import { users } from '../../db/schema.ts';
import { bearer, FAST_HASHING, registerUser, statusWithin, updateUser, type Registered } from '../../testing/accounts.ts';
import { buildReplicas, TEST_DATABASE_URL } from '../../testing/testApp.ts';
import { until } from '../../testing/until.ts';

let replicas: Awaited<ReturnType<typeof buildReplicas>>;
let a: App;
let b: App;
beforeAll(async () => {
  replicas = await buildReplicas(FAST_HASHING);
  ({ a, b } = replicas);
});
afterAll(() => replicas?.close());

const profile = (app: App, user: Registered) => app.inject({ method: 'GET', url: '/user/profile', headers: bearer(user.token) });

/**
 * How many statements reading accounts `run` sent through `app`'s client (the session check is the only
 * one on these routes). The outbox and reconciler poll on their own timers, so only those count; on
 * PGlite the two apps share one instance, so run only one app's requests inside.
 */
async function accountReads(app: App, run: () => Promise<unknown>): Promise<number> {
  const client = (app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = jest.spyOn(client, 'query');
  try {
    await run();
    return query.mock.calls
      .map(([first]) => (typeof first === 'string' ? first : (first as { text: string }).text))
      .filter((text) => /from "users"/i.test(text)).length;
  } finally {
    query.mockRestore();
  }
}

/** A user signed up on A whose session B has checked once, and so keeps. */
async function keptOnB(): Promise<Registered> {
  const user = await registerUser(a);
  await a.services.auth.idle();
  expect(await accountReads(b, () => profile(b, user))).toBe(1);
  expect(await accountReads(b, () => profile(b, user))).toBe(0);
  return user;
}

describe('the session check', () => {
  it('listens once the app is ready, and then answers a known session without a statement', async () => {
    expect(a.services.sessionCache.trusted()).toBe(true);
    expect(b.services.sessionCache.trusted()).toBe(true);
    const user = await keptOnB();
    expect((await profile(b, user)).statusCode).toBe(200);
  });

  it('refuses on B a session signed out on A', async () => {
    const user = await keptOnB();
    expect((await a.inject({ method: 'POST', url: '/auth/logout', headers: bearer(user.token) })).statusCode).toBe(200);
    expect(await statusWithin(b, user.token, 401)).toBe(401);
  });

  it('refuses on B every session signed out everywhere on A', async () => {
    const user = await keptOnB();
    const login = await a.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: user.password } });
    const second = { ...user, token: login.json<{ token: string }>().token };
    expect((await profile(b, second)).statusCode).toBe(200);
    // Issued in the same second as the sign-out everywhere would still be valid: let a millisecond pass.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await a.inject({ method: 'POST', url: '/auth/logout-all', headers: bearer(user.token) })).statusCode).toBe(200);
    expect(await statusWithin(b, user.token, 401)).toBe(401);
    expect(await statusWithin(b, second.token, 401)).toBe(401);
  });

  it('sees on B a role taken away by hand (an operator in psql) and an account deleted', async () => {
    const admin = await registerUser(a);
    await updateUser(a, admin.uuid, { role: 'ADMIN' });
    const me = { url: '/ops/me' };
    expect(await statusWithin(b, admin.token, 200, me)).toBe(200);
    // The role change's notice can reach B after B read the account, and drop what B kept once; then B keeps it.
    const readsOfMe = () => accountReads(b, () => b.inject({ method: 'GET', url: '/ops/me', headers: bearer(admin.token) }));
    expect(await until(async () => (await readsOfMe()) === 0)).toBe(true);
    await a.db.update(users).set({ role: 'CUSTOMER' }).where(eq(users.uuid, admin.uuid));
    expect(await statusWithin(b, admin.token, 403, me)).toBe(403);

    const gone = await keptOnB();
    await a.db.delete(users).where(eq(users.uuid, gone.uuid));
    expect(await statusWithin(b, gone.token, 401)).toBe(401);
  });

  it("answers this process's own change at once, before any notice", async () => {
    const user = await keptOnB();
    const saved = await b.inject({
      method: 'POST',
      url: '/user/address',
      headers: bearer(user.token),
      payload: { firstName: 'Ann', lastName: 'Lee', streetName: '1 Main St', city: 'Chicago', state: 'IL', zip: '60601' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await profile(b, user)).json()).toMatchObject({ firstName: 'Ann', address: { streetName: '1 Main St' } });
    expect((await b.inject({ method: 'POST', url: '/auth/logout', headers: bearer(user.token) })).statusCode).toBe(200);
    expect((await profile(b, user)).statusCode).toBe(401);
  });

  (TEST_DATABASE_URL ? it : it.skip)(
    'reads each time while its listening connection is gone, and keeps answers again once it is back',
    async () => {
      const user = await keptOnB();
      await a.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
      );
      expect(await until(() => !b.services.sessionCache.trusted())).toBe(true);
      // Written while B hears nothing: B still sees it, since it no longer answers from memory.
      await a.db.update(users).set({ firstName: 'Changed' }).where(eq(users.uuid, user.uuid));
      expect(await accountReads(b, async () => expect((await profile(b, user)).json()).toMatchObject({ firstName: 'Changed' }))).toBe(1);

      expect(await until(() => b.services.sessionCache.trusted())).toBe(true);
      expect(await accountReads(b, () => profile(b, user))).toBe(1);
      expect(await accountReads(b, () => profile(b, user))).toBe(0);
      // And notices reach it again.
      await a.db.update(users).set({ firstName: 'Again' }).where(eq(users.uuid, user.uuid));
      expect(await until(async () => (await profile(b, user)).json<{ firstName: string }>().firstName === 'Again')).toBe(true);
    },
  );
});
