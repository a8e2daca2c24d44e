// A stream ticket (EventSource's ?ticket=) lives only as long as the session that took it: signing that
// session out, signing out everywhere and a password reset each leave its tickets nothing to open.
// Streams are opened over real HTTP (an SSE answer never ends, so app.inject cannot read one).
import type { AddressInfo } from 'node:net';
import type { App } from '../../app.ts';
import { bearer, FAST_HASHING, tokenFromMail, type Registered } from '../../testing/accounts.ts';
import { createShop, placePaidOrder, registerShopper, type TestShop } from '../../testing/checkout.ts';
import { createFakePaypal, type FakePaypal } from '../../testing/fakePaypal.ts';
import { opsCall, registerStaff } from '../../testing/ops.ts';
import { connectSse } from '../../testing/sse.ts';
import { buildTestApp } from '../../testing/testApp.ts';

let app: App;
let paypal: FakePaypal;
let shop: TestShop;
let baseUrl: string;

beforeAll(async () => {
  paypal = createFakePaypal();
  app = await buildTestApp({ config: FAST_HASHING, services: { paypal } });
  shop = await createShop(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

const post = (url: string, token?: string, payload?: object) =>
  app.inject({ method: 'POST', url, ...(token ? { headers: bearer(token) } : {}), ...(payload ? { payload } : {}) });

async function signIn(user: Registered): Promise<string> {
  const res = await post('/auth/login', undefined, { email: user.email, password: user.password });
  expect(res.statusCode).toBe(200);
  return res.json<{ token: string }>().token;
}

/** The status a stream answers its ticket with (a 200 is closed at once). */
async function opens(path: string, ticket: string): Promise<number> {
  const stream = await connectSse(`${baseUrl}${path}?ticket=${encodeURIComponent(ticket)}`);
  await stream.close();
  return stream.response.status;
}

describe("an order stream's ticket", () => {
  let shopper: Registered;
  let orderId: string;
  let stream: string;
  const ticket = async (session: string) => (await post(`/orders/${orderId}/events/ticket`, session)).json<{ ticket: string }>().ticket;

  beforeAll(async () => {
    shopper = await registerShopper(app);
    const milk = await shop.addProduct('Whole Milk, 1 gal', 429, 500);
    orderId = await placePaidOrder(app, paypal, shopper, [{ product: milk, quantity: 1 }]);
    stream = `/orders/${orderId}/events`;
  });

  it("opens nothing once its session signed out; tickets of the same user's other sessions still open", async () => {
    const [here, elsewhere] = [await signIn(shopper), await signIn(shopper)];
    const [mine, other] = [await ticket(here), await ticket(elsewhere)];
    expect((await post('/auth/logout', here)).statusCode).toBe(200);
    expect(await opens(stream, mine)).toBe(401);
    expect(await opens(stream, other)).toBe(200);
  });

  it('opens nothing after signing out everywhere, or after a password reset', async () => {
    const everywhere = await ticket(await signIn(shopper));
    expect((await post('/auth/logout-all', await signIn(shopper))).statusCode).toBe(200);
    expect(await opens(stream, everywhere)).toBe(401);

    const beforeReset = await ticket(await signIn(shopper));
    await post('/auth/forgot-password', undefined, { email: shopper.email });
    const token = await tokenFromMail(app, shopper.email, '/reset-password');
    expect((await post('/auth/reset-password', undefined, { token, password: 'New-Harvest-77' })).statusCode).toBe(200);
    expect(await opens(stream, beforeReset)).toBe(401);
    shopper.password = 'New-Harvest-77';
    // A session signed in after the reset takes tickets that open.
    expect(await opens(stream, await ticket(await signIn(shopper)))).toBe(200);
  });
});

describe("the admin stream's ticket", () => {
  it('opens nothing once the staff session that took it signed out', async () => {
    const staff = await registerStaff(app, shop.evanston.id);
    const session = { ...staff, token: await signIn(staff) };
    const take = async () => (await opsCall(app, session, 'POST', '/admin/notifications/stream-ticket')).json<{ ticket: string }>().ticket;
    expect(await opens('/admin/notifications/stream', await take())).toBe(200);
    const taken = await take();
    expect((await post('/auth/logout', session.token)).statusCode).toBe(200);
    expect(await opens('/admin/notifications/stream', taken)).toBe(401);
  });
});
