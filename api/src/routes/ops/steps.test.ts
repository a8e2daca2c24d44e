// The store side's queue and rules through the API: the queue by due time, the Ready rule
// and the Deliver-early rule on the board and on an admin's POST /orders/tracking alike, replacements
// ranked from the same shelf outward with the shopper's choice honoured, and a staff member's own
// password change. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import type { OpsQueue, OpsReplacementList, OpsStorePart } from '@grocer/shared/contracts';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { categories, orderStoreParts } from '../../db/schema.ts';
import type { Clock } from '../../services/delivery/windows.ts';
import type { Registered } from '../../testing/accounts.ts';
import { shelfFields } from '../../testing/catalogue.ts';
import {
  createOrder,
  orderPayload,
  placePaidOrder,
  startPayment,
  track,
  type CartLine,
  type ShopProduct,
  type TestShop,
} from '../../testing/checkout.ts';
import type { FakePaypal } from '../../testing/fakePaypal.ts';
import { createOpsWorld, opsCall, pickAll, readPart } from '../../testing/ops.ts';

let app: App;
let paypal: FakePaypal;
let shop: TestShop;
let shopper: Registered;
let admin: Registered;
let loopStaff: Registered;
let evanstonStaff: Registered;
let now: Date;
const clock: Clock = { now: () => now };

let cream: ShopProduct;
let smallCream: ShopProduct;
let otherBrandCream: ShopProduct;
let sourCream: ShopProduct;
let butter: ShopProduct;
let lotion: ShopProduct;
let soap: ShopProduct;
let dearCream: ShopProduct;
let bread: ShopProduct;

beforeAll(async () => {
  now = new Date();
  ({ app, paypal, shop, shopper, admin, loopStaff, evanstonStaff } = await createOpsWorld({ clock }));
  const [personalCare] = await app.db
    .insert(categories)
    .values({ uuid: randomUUID(), name: `Personal Care ${randomUUID().slice(0, 8)}` })
    .returning();
  const care = { categoryId: personalCare!.id };
  cream = await shop.addProduct(
    'Dairy Pure Heavy Whipping Cream, 16 oz',
    499,
    100,
    'loop',
    shelfFields('Heavy Whipping Cream', '16 oz', 'Dairy Pure'),
  );
  smallCream = await shop.addProduct(
    'Dairy Pure Heavy Whipping Cream, 8 oz',
    299,
    100,
    'loop',
    shelfFields('Heavy Whipping Cream', '8 oz', 'Dairy Pure'),
  );
  otherBrandCream = await shop.addProduct(
    'Lakeview Heavy Whipping Cream, 16 oz',
    459,
    100,
    'loop',
    shelfFields('Heavy Whipping Cream', '16 oz', 'Lakeview'),
  );
  sourCream = await shop.addProduct('Daisy Sour Cream, 16 oz', 329, 100, 'loop', shelfFields('Sour Cream', '16 oz', 'Daisy'));
  butter = await shop.addProduct('Land O Lakes Butter, 1 lb', 479, 100, 'loop', shelfFields('Butter', '1 lb', 'Land O Lakes'));
  lotion = await shop.addProduct('Aveeno Hand Cream, 3 oz', 399, 100, 'loop', { ...shelfFields('Hand Cream', '3 oz', 'Aveeno'), ...care });
  soap = await shop.addProduct('Dove Body Wash, 22 oz', 299, 100, 'loop', { ...shelfFields('Body Wash', '22 oz', 'Dove'), ...care });
  dearCream = await shop.addProduct(
    'Organic Valley Heavy Whipping Cream, 16 oz',
    699,
    100,
    'loop',
    shelfFields('Heavy Whipping Cream', '16 oz', 'Organic Valley'),
  );
  bread = await shop.addProduct('Rye Bread, 24 oz', 549, 100, 'evanston');
}, 60_000);
afterAll(() => app.close());

beforeEach(() => {
  now = new Date();
});

const move = (user: Registered, orderId: string, storeUuid: string, status: string, extra: object = {}) =>
  opsCall(app, user, 'POST', `/ops/orders/${orderId}/stores/${storeUuid}/status`, { status, ...extra });

/** Pays for `cart` with each line's substitution choice in the order payload, as the checkout sends it. */
async function payWithChoices(cart: CartLine[], choices: Record<string, { substitution: string; substituteProductId?: string | null }>) {
  const started = await startPayment(app, shopper, cart);
  paypal.approve(started.paypalOrderId);
  const payload = orderPayload(started.paypalOrderId, cart);
  payload.items = payload.items.map((item) => ({ ...item, ...choices[item.productId] }));
  const res = await createOrder(app, shopper, payload);
  expect(res.statusCode).toBe(200);
  return started.orderReference;
}

describe('the queue (GET /ops/queue)', () => {
  it('shows each part with its window, what is left to pick and its own total, soonest window first; staff see their store', async () => {
    const first = await placePaidOrder(app, paypal, shopper, [
      { product: cream, quantity: 2 },
      { product: bread, quantity: 1 },
    ]);
    const second = await placePaidOrder(app, paypal, shopper, [{ product: butter, quantity: 1 }]);
    const loopQueue = (await opsCall(app, loopStaff, 'GET', '/ops/queue')).json<OpsQueue>();
    expect(loopQueue.orders.every((c) => c.store.uuid === shop.loop.uuid)).toBe(true);
    const mine = loopQueue.orders.filter((c) => c.orderId === first || c.orderId === second);
    expect(mine).toHaveLength(2);
    const card = mine.find((c) => c.orderId === first)!;
    expect(card).toMatchObject({
      status: 'CONFIRMED',
      lineCount: 1,
      itemCount: 2,
      pendingLineCount: 1,
      pendingItemCount: 2,
      deliveredEarlyAt: null,
    });
    expect(card.window).toMatchObject({ timeZone: 'America/Chicago' });
    expect(new Date(card.window!.startsAt).getTime()).toBeGreaterThan(now.getTime());
    // The store's own total: its lines and its share of tax and fees, more than its lines alone.
    expect(card.totalCents).toBeGreaterThan(2 * 499);
    const starts = loopQueue.orders.map((c) => c.window?.startsAt ?? c.createdAt);
    expect([...starts].sort()).toEqual(starts);
    // The other store's part of the first order is on Evanston's queue only.
    const evanston = (await opsCall(app, evanstonStaff, 'GET', '/ops/queue')).json<OpsQueue>();
    expect(evanston.orders.find((c) => c.orderId === first)).toMatchObject({ store: { uuid: shop.evanston.uuid }, itemCount: 1 });
    expect((await opsCall(app, loopStaff, 'GET', `/ops/queue?storeUuid=${shop.evanston.uuid}`)).statusCode).toBe(404);
    expect((await opsCall(app, shopper, 'GET', '/ops/queue')).statusCode).toBe(403);
    expect((await opsCall(app, null, 'GET', '/ops/queue')).statusCode).toBe(401);
    const all = (await opsCall(app, admin, 'GET', `/ops/queue?storeUuid=${shop.evanston.uuid}`)).json<OpsQueue>();
    expect(all.orders.every((c) => c.store.uuid === shop.evanston.uuid)).toBe(true);
  });
});

describe('the Ready rule', () => {
  it('refuses Ready while a line is unpicked, on the board and through an admin tracking call', async () => {
    const orderId = await placePaidOrder(app, paypal, shopper, [
      { product: cream, quantity: 1 },
      { product: butter, quantity: 1 },
    ]);
    expect((await move(loopStaff, orderId, shop.loop.uuid, 'PREPARING')).statusCode).toBe(200);
    const refused = await move(loopStaff, orderId, shop.loop.uuid, 'READY_FOR_PICKUP');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: 'LINES_UNRESOLVED', message: expect.stringContaining('2 lines are not picked') },
    });
    // An admin's status for the whole order meets the same rule.
    const tracked = await track(app, admin, orderId, 'READY_FOR_PICKUP');
    expect(tracked.statusCode).toBe(409);
    expect(tracked.json()).toMatchObject({ error: { code: 'LINES_UNRESOLVED' } });

    const [creamLine] = (await readPart(app, loopStaff, orderId, shop.loop.uuid)).lines;
    await opsCall(app, loopStaff, 'POST', `/ops/orders/${orderId}/lines/${creamLine!.lineId}`, { state: 'FOUND' });
    expect((await move(loopStaff, orderId, shop.loop.uuid, 'READY_FOR_PICKUP')).json()).toMatchObject({
      error: { message: expect.stringContaining('1 line is not picked') },
    });
    await pickAll(app, loopStaff, orderId, shop.loop.uuid);
    expect((await move(loopStaff, orderId, shop.loop.uuid, 'READY_FOR_PICKUP')).json<OpsStorePart>().status).toBe('READY_FOR_PICKUP');
  });
});

describe('Deliver early', () => {
  it('refuses Delivered before the window opens unless confirmed, and records who and when', async () => {
    const orderId = await placePaidOrder(app, paypal, shopper, [{ product: butter, quantity: 1 }]);
    await pickAll(app, loopStaff, orderId, shop.loop.uuid);
    for (const status of ['PREPARING', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY'])
      expect((await move(loopStaff, orderId, shop.loop.uuid, status)).statusCode).toBe(200);
    const part = await readPart(app, loopStaff, orderId, shop.loop.uuid);
    expect(part.window).not.toBeNull();
    const refused = await move(loopStaff, orderId, shop.loop.uuid, 'DELIVERED');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'DELIVER_EARLY_REQUIRED', message: expect.stringContaining('Deliver early') } });
    // An admin's tracking call does not get round it either.
    expect((await track(app, admin, orderId, 'DELIVERED')).json()).toMatchObject({ error: { code: 'DELIVER_EARLY_REQUIRED' } });

    const done = await move(loopStaff, orderId, shop.loop.uuid, 'DELIVERED', { deliverEarly: true });
    expect(done.statusCode).toBe(200);
    expect(done.json<OpsStorePart>()).toMatchObject({ status: 'DELIVERED', deliveredEarlyAt: now.toISOString() });
    const [row] = await app.db
      .select()
      .from(orderStoreParts)
      .where(and(eq(orderStoreParts.orderId, orderId), eq(orderStoreParts.storeUuid, shop.loop.uuid)));
    expect(row).toMatchObject({ deliveredEarlyBy: loopStaff.uuid, deliveredEarlyAt: now });
    // Delivered today stays on the queue, marked early.
    const queue = (await opsCall(app, loopStaff, 'GET', '/ops/queue')).json<OpsQueue>();
    expect(queue.orders.find((c) => c.orderId === orderId)).toMatchObject({ status: 'DELIVERED', deliveredEarlyAt: now.toISOString() });
  });

  it('needs no confirmation once the window has opened', async () => {
    const orderId = await placePaidOrder(app, paypal, shopper, [{ product: butter, quantity: 1 }]);
    await pickAll(app, admin, orderId);
    for (const status of ['PREPARING', 'READY_FOR_PICKUP', 'OUT_FOR_DELIVERY'])
      expect((await track(app, admin, orderId, status)).statusCode).toBe(200);
    const { window } = await readPart(app, admin, orderId, shop.loop.uuid);
    now = new Date(new Date(window!.startsAt).getTime() + 60_000);
    expect((await track(app, admin, orderId, 'DELIVERED')).statusCode).toBe(200);
    const [row] = await app.db.select().from(orderStoreParts).where(eq(orderStoreParts.orderId, orderId));
    expect(row).toMatchObject({ status: 'DELIVERED', deliveredEarlyAt: null, deliveredEarlyBy: null });
  });
});

describe('replacements', () => {
  const list = async (orderId: string, lineId: number, user = loopStaff) => {
    const res = await opsCall(app, user, 'GET', `/ops/orders/${orderId}/lines/${lineId}/replacements`);
    expect(res.statusCode).toBe(200);
    return res.json<OpsReplacementList>().products;
  };

  it('ranks from the same shelf outward: other size, other brand, same category by likeness, then alike names elsewhere', async () => {
    const orderId = await placePaidOrder(app, paypal, shopper, [{ product: cream, quantity: 1 }]);
    const [line] = (await readPart(app, loopStaff, orderId, shop.loop.uuid)).lines;
    const products = await list(orderId, line!.lineId);
    expect(products.map((p) => [p.name, p.match])).toEqual([
      [smallCream.name, 'OTHER_SIZE'],
      [otherBrandCream.name, 'OTHER_BRAND'],
      [sourCream.name, 'SAME_CATEGORY'],
      [butter.name, 'SAME_CATEGORY'],
      [lotion.name, 'OTHER_CATEGORY'],
    ]);
    // Dearer than the line is never offered; another department with nothing in common is left out.
    expect(products.map((p) => p.name)).not.toContain(dearCream.name);
    expect(products.map((p) => p.name)).not.toContain(soap.name);
    expect(products[0]).toMatchObject({ priceCents: 299, priceDifferenceCents: 299 - 499, stockQuantity: 100, preferred: false });
  });

  it('puts the shopper\'s chosen product first and offers nothing for "Don\'t replace"', async () => {
    const orderId = await payWithChoices(
      [
        { product: cream, quantity: 1 },
        { product: butter, quantity: 1 },
      ],
      {
        [cream.uuid]: { substitution: 'SPECIFIC', substituteProductId: sourCream.uuid },
        [butter.uuid]: { substitution: 'NONE' },
      },
    );
    const part = await readPart(app, loopStaff, orderId, shop.loop.uuid);
    const creamLine = part.lines.find((l) => l.productUuid === cream.uuid)!;
    const butterLine = part.lines.find((l) => l.productUuid === butter.uuid)!;
    expect(creamLine.substitution).toMatchObject({ choice: 'SPECIFIC', substitute: { productUuid: sourCream.uuid } });
    expect(butterLine.substitution).toMatchObject({ choice: 'NONE' });
    const products = await list(orderId, creamLine.lineId);
    expect(products[0]).toMatchObject({ productUuid: sourCream.uuid, match: 'CHOSEN', preferred: true });
    expect(await list(orderId, butterLine.lineId)).toEqual([]);
    const refused = await opsCall(app, loopStaff, 'POST', `/ops/orders/${orderId}/lines/${butterLine.lineId}`, {
      state: 'REPLACED',
      replacementProductUuid: smallCream.uuid,
    });
    expect(refused.json()).toMatchObject({ error: { code: 'REPLACEMENT_REFUSED' } });
    // Another store's staff cannot read the line's candidates.
    expect((await opsCall(app, evanstonStaff, 'GET', `/ops/orders/${orderId}/lines/${creamLine.lineId}/replacements`)).statusCode).toBe(
      404,
    );
  });
});

describe('POST /ops/me/password', () => {
  it('checks the current password, then changes it; customers are refused', async () => {
    const me = (await opsCall(app, loopStaff, 'GET', '/ops/me')).json<{ store: { uuid: string }; firstName: string | null }>();
    expect(me.store.uuid).toBe(shop.loop.uuid);
    const wrong = await opsCall(app, loopStaff, 'POST', '/ops/me/password', {
      currentPassword: 'not-it',
      newPassword: 'Brand-new-pass-42',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: { field: 'currentPassword', message: 'The current password is not correct.' } });
    const weak = await opsCall(app, loopStaff, 'POST', '/ops/me/password', { currentPassword: loopStaff.password, newPassword: 'short' });
    expect(weak.json()).toMatchObject({ error: { field: 'newPassword' } });
    const ok = await opsCall(app, loopStaff, 'POST', '/ops/me/password', {
      currentPassword: loopStaff.password,
      newPassword: 'Brand-new-pass-42',
    });
    expect(ok.statusCode).toBe(200);
    const signIn = (password: string) =>
      app
        .inject({ method: 'POST', url: '/auth/login', payload: { email: loopStaff.email, password } })
        .then((r) => r.json<{ success?: boolean }>());
    expect((await signIn('Brand-new-pass-42')).success).toBe(true);
    expect((await signIn(loopStaff.password)).success).not.toBe(true);
    expect(
      (await opsCall(app, shopper, 'POST', '/ops/me/password', { currentPassword: 'x', newPassword: 'Brand-new-pass-42' })).statusCode,
    ).toBe(403);
  });
});
