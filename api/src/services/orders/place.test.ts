// Placing an order's transaction (place.ts): the rows it writes, the order it hands back, and how many
// statements it sends while it holds its locks. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { jest } from '@jest/globals';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { App } from '../../app.ts';
import type { DbConnection } from '../../db/client.ts';
import {
  checkoutIntents,
  deliveryHolds,
  deliveryWindowSlots,
  orderLines,
  orders,
  orderStoreParts,
  products,
  stores,
  substitutionPreferences,
  users,
} from '../../db/schema.ts';
import { FAST_HASHING, type Registered } from '../../testing/accounts.ts';
import { createShop, registerShopper, startPayment, type CartLine, type TestShop } from '../../testing/checkout.ts';
import { createFakePaypal, type FakePaypal } from '../../testing/fakePaypal.ts';
import { measuring, type Measure } from '../../testing/statements.ts';
import { buildTestApp, createTestDatabase, TEST_DATABASE_URL } from '../../testing/testApp.ts';
import { until } from '../../testing/until.ts';
import type { AccountCaller } from '../caller.ts';
import { rememberSubstitutions } from '../substitutions.ts';
import { buildOrderNotices, orderNotices } from './outbox.ts';
import { createOrderInsert, type PlaceOrderInput } from './place.ts';

let connection: DbConnection;
let app: App;
let shop: TestShop;
let shopper: Registered;
let measure: Measure;

beforeAll(async () => {
  connection = await createTestDatabase();
  app = await buildTestApp({ db: connection, config: FAST_HASHING, services: { paypal: createFakePaypal() } });
  shop = await createShop(app);
  shopper = await registerShopper(app, 'Pat', 'Placer');
  measure = measuring(connection);
});
afterAll(() => app.close());

/** Step 1 of POST /orders/create alone (place.ts), as the orders service builds it: no capture, no settlement after it. */
function placeOrder() {
  return createOrderInsert({
    db: app.db,
    deliveryFees: app.services.deliveryFees,
    catalogue: app.services.catalogue,
    clock: () => app.services.clock,
  });
}

/** The same, for the order it stored or found. */
function insertOrder() {
  const place = placeOrder();
  return async (caller: AccountCaller, input: PlaceOrderInput) => (await place(caller, input)).order;
}

async function callerOf(user: Registered): Promise<AccountCaller> {
  const [account] = await app.db.select().from(users).where(eq(users.uuid, user.uuid));
  return { uuid: user.uuid, role: 'CUSTOMER', authMethod: 'email', account: account! };
}

/** What placing an order writes or takes: its rows, the products' stock, the shopper's holds and their windows' counts. */
async function rowsOf(orderId: string, cart: { uuid: string }[]) {
  const stock = await Promise.all(
    cart.map(async (p) => (await app.db.select({ n: products.stockQuantity }).from(products).where(eq(products.uuid, p.uuid)))[0]!.n),
  );
  const holds = await app.db
    .select({ status: deliveryHolds.status, booked: deliveryWindowSlots.booked })
    .from(deliveryHolds)
    .innerJoin(
      deliveryWindowSlots,
      and(eq(deliveryWindowSlots.storeId, deliveryHolds.storeId), eq(deliveryWindowSlots.startsAt, deliveryHolds.startsAt)),
    )
    .where(
      and(
        eq(deliveryHolds.userUuid, shopper.uuid),
        inArray(deliveryHolds.status, ['HELD', 'BOOKED']),
        sql`${deliveryHolds.orderId} is not distinct from ${orderId}::uuid or ${deliveryHolds.status} = 'HELD'`,
      ),
    )
    .orderBy(asc(deliveryHolds.storeId));
  const [evanston] = await app.db.select({ capacity: stores.windowCapacity }).from(stores).where(eq(stores.uuid, shop.evanston.uuid));
  return {
    orders: await app.db.$count(orders, eq(orders.id, orderId)),
    lines: await app.db.$count(orderLines, eq(orderLines.orderId, orderId)),
    parts: await app.db.$count(orderStoreParts, eq(orderStoreParts.orderId, orderId)),
    stock,
    holds: holds.map((h) => h.status),
    booked: holds.map((h) => h.booked),
    capacity: evanston!.capacity,
  };
}

/** The shopper's remembered choice for a product. */
async function rememberedChoice(productUuid: string) {
  const [row] = await app.db
    .select({ choice: substitutionPreferences.choice })
    .from(substitutionPreferences)
    .innerJoin(products, eq(products.id, substitutionPreferences.productId))
    .where(and(eq(substitutionPreferences.userId, shopper.uuid), eq(products.uuid, productUuid)));
  return row?.choice;
}

/**
 * A paid-for cart of two stores: milk (2, a named replacement), eggs (1, no replacement) from the Loop and
 * bread (1, the store's best match) from Evanston. The shopper remembered another choice for the eggs before.
 */
async function twoStoreCheckout(tag: string) {
  const milk = await shop.addProduct(`Milk ${tag}`, 399, 20, 'loop');
  const oatMilk = await shop.addProduct(`Oat Milk ${tag}`, 449, 20, 'loop');
  const eggs = await shop.addProduct(`Eggs ${tag}`, 549, 20, 'loop');
  const bread = await shop.addProduct(`Bread ${tag}`, 299, 20, 'evanston');
  await app.services.substitutions.save(shopper.uuid, eggs.uuid, 'SPECIFIC', oatMilk.uuid);
  const cart: CartLine[] = [
    { product: milk, quantity: 2 },
    { product: eggs, quantity: 1 },
    { product: bread, quantity: 1 },
  ];
  const started = await startPayment(app, shopper, cart);
  const input: PlaceOrderInput = {
    paypalOrderId: started.paypalOrderId,
    items: [
      { productId: milk.uuid, quantity: 2, substitution: 'SPECIFIC', substituteProductId: oatMilk.uuid },
      { productId: eggs.uuid, quantity: 1, substitution: 'NONE' },
      { productId: bread.uuid, quantity: 1 },
    ],
    phone: '312-555-0100',
    deliveryInstructions: 'Leave at the door',
    idempotencyKey: `key-${tag}`,
  };
  return { milk, oatMilk, eggs, bread, started, input };
}

describe('placing an order (createOrderInsert)', () => {
  it('writes the order, one part per store, its lines and the remembered choices, and returns the order as stored', async () => {
    const { milk, oatMilk, eggs, bread, started, input } = await twoStoreCheckout('rows');
    const caller = await callerOf(shopper);
    const returned = await insertOrder()(caller, input);

    // The row handed back is the stored one, field for field: Dates, numbers and nulls as Drizzle reads the table.
    const [stored] = await app.db.select().from(orders).where(eq(orders.id, started.orderReference));
    expect(returned).toStrictEqual(stored);
    expect(returned.createdAt).toBeInstanceOf(Date);
    expect(returned.confirmedAt).toBeNull();

    const [intent] = await app.db.select().from(checkoutIntents).where(eq(checkoutIntents.orderReference, started.orderReference));
    expect(stored).toMatchObject({
      id: started.orderReference,
      trackingNumber: expect.stringMatching(/^GRT[0-9A-Z]{12}$/),
      orderNumber: `GR-${String(stored!.seq).padStart(6, '0')}`,
      userUuid: shopper.uuid,
      paypalOrderId: input.paypalOrderId,
      idempotencyKey: 'key-rows',
      status: 'PENDING',
      paymentStatus: 'PENDING',
      paypalCaptureId: null,
      subtotalCents: 2 * 399 + 549 + 299,
      taxCents: intent!.taxCents,
      serviceFeeCents: intent!.serviceFeeCents,
      deliveryFeeCents: intent!.deliveryFeeCents,
      processingFeeCents: intent!.processingFeeCents,
      totalCents: intent!.totalCents,
      customerFirstName: 'Pat',
      customerLastName: 'Placer',
      customerEmail: shopper.email,
      customerPhone: '312-555-0100',
      deliveryStreet: '233 S Wacker Dr',
      deliveryApartment: 'Apt 12',
      deliveryCity: 'Chicago',
      deliveryState: 'IL',
      deliveryZip: '60606',
      deliveryInstructions: 'Leave at the door',
      deliveryMinutes: intent!.deliveryMinutes,
      version: 0,
    });

    // Each store's delivery fee as quoted at checkout; together, the order's.
    const quote = app.services.deliveryFees.quote(
      [
        { uuid: shop.loop.uuid, name: 'Loop Provisions', zip: '60602' },
        { uuid: shop.evanston.uuid, name: 'Evanston Harvest', zip: '60202' },
      ],
      '60606',
    );
    const feeOf = (storeUuid: string) => quote.stores.find((s) => s.storeUuid === storeUuid)!.feeCents;
    const parts = await app.db
      .select()
      .from(orderStoreParts)
      .where(eq(orderStoreParts.orderId, started.orderReference))
      .orderBy(asc(orderStoreParts.deliveryFeeCents), asc(orderStoreParts.storeUuid));
    const part = (storeUuid: string) => ({
      orderId: started.orderReference,
      storeUuid,
      status: 'PENDING',
      deliveryFeeCents: feeOf(storeUuid),
      updatedBy: null,
      updatedAt: expect.any(Date),
      deliveredEarlyAt: null,
      deliveredEarlyBy: null,
    });
    expect(parts).toEqual(expect.arrayContaining([part(shop.loop.uuid), part(shop.evanston.uuid)]));
    expect(parts).toHaveLength(2);
    expect(parts.reduce((sum, p) => sum + p.deliveryFeeCents, 0)).toBe(stored!.deliveryFeeCents);

    const ids = Object.fromEntries(
      (
        await app.db
          .select({ uuid: products.uuid, id: products.id })
          .from(products)
          .where(inArray(products.uuid, [milk.uuid, oatMilk.uuid, eggs.uuid, bread.uuid]))
      ).map((p) => [p.uuid, p.id]),
    );
    const lines = await app.db.select().from(orderLines).where(eq(orderLines.orderId, started.orderReference)).orderBy(asc(orderLines.id));
    const line = (
      product: typeof milk,
      storeName: string,
      storePublicId: string,
      quantity: number,
      substitution: string,
      substituteProductId: number | null,
    ) => ({
      id: expect.any(Number),
      orderId: started.orderReference,
      productUuid: product.uuid,
      productName: product.name,
      storeUuid: product.storeUuid,
      storeName,
      quantity,
      unitPriceCents: product.priceCents,
      lineTotalCents: quantity * product.priceCents,
      image: '/p.svg',
      sizeLabel: '1 ct',
      unitPriceLabel: `$${(product.priceCents / 100).toFixed(2)}/ct`,
      storePublicId,
      fulfilmentState: 'PENDING',
      replacementProductUuid: null,
      replacementName: null,
      replacementImage: null,
      replacementSizeLabel: null,
      replacementUnitPriceCents: null,
      markedAt: null,
      markedBy: null,
      substitution,
      substituteProductId,
    });
    expect(lines).toEqual([
      line(milk, 'Loop Provisions', shop.loop.publicId, 2, 'SPECIFIC', ids[oatMilk.uuid]!),
      line(eggs, 'Loop Provisions', shop.loop.publicId, 1, 'NONE', null),
      line(bread, 'Evanston Harvest', shop.evanston.publicId, 1, 'BEST_MATCH', null),
    ]);

    // Every line's choice is remembered; the eggs' earlier one is replaced by this order's.
    const remembered = await app.db
      .select({
        productId: substitutionPreferences.productId,
        choice: substitutionPreferences.choice,
        substituteProductId: substitutionPreferences.substituteProductId,
      })
      .from(substitutionPreferences)
      .where(eq(substitutionPreferences.userId, shopper.uuid));
    expect(remembered).toEqual(
      expect.arrayContaining([
        { productId: ids[milk.uuid], choice: 'SPECIFIC', substituteProductId: ids[oatMilk.uuid] },
        { productId: ids[eggs.uuid], choice: 'NONE', substituteProductId: null },
        { productId: ids[bread.uuid], choice: 'BEST_MATCH', substituteProductId: null },
      ]),
    );
    expect(remembered).toHaveLength(3);
  });

  it('hands on what its notifications tell: built from it, they are the ones read back from the stored order', async () => {
    const { oatMilk, input } = await twoStoreCheckout('facts');
    const caller = await callerOf(shopper);
    const place = placeOrder();
    const { order, facts } = await place(caller, input);
    const notices = buildOrderNotices(order, facts!);
    expect(notices).toEqual(await orderNotices(app.db, order));
    // Not two empty lists alike: each store's mail has its address, its booked window and the replacement named.
    const [held] = await app.db
      .select()
      .from(deliveryHolds)
      .where(and(eq(deliveryHolds.orderId, order.id), eq(deliveryHolds.storeId, shop.loop.id)));
    const loop = notices.find((n) => n.recipient === `store:${shop.loop.uuid}`)!;
    expect(loop.deliverTo).toBe(shop.loop.contactEmail);
    expect(loop.payload).toMatchObject({
      deliveryWindow: { storeUuid: shop.loop.uuid, startsAt: held!.startsAt.toISOString(), endsAt: held!.endsAt.toISOString() },
      items: expect.arrayContaining([
        expect.objectContaining({ substitution: { choice: 'SPECIFIC', substitute: { uuid: oatMilk.uuid, name: oatMilk.name } } }),
      ]),
    });
    expect(notices.filter((n) => n.type === 'new_order_items' && n.deliverTo !== null)).toHaveLength(2);
    // A repeat gets the order placed before, and nothing to tell: settling it reads what it needs.
    expect(await place(caller, input)).toEqual({ order, facts: null });
  });

  it('places the order in one statement and no transaction: its rows, the windows booked, the stock taken', async () => {
    const { milk, eggs, bread, started, input } = await twoStoreCheckout('count');
    const caller = await callerOf(shopper);
    const before = await rowsOf(started.orderReference, [milk, eggs, bread]);
    const { statements } = await measure(() => insertOrder()(caller, input));
    // The checkout intent with the cart's products, the replacements named, then the one statement: a
    // transaction of five round trips (begin, the inserts, windows, stock, commit) held its locks before.
    expect(statements).toHaveLength(3);
    expect(statements.filter((s) => /^(begin|commit|rollback)\b/.test(s))).toEqual([]);
    // (On PostgreSQL the pool keeps each text's first 240 characters: the intent's columns come first.)
    expect(statements[0]).toMatch(/^select "checkout_intents"\."order_reference", /);
    expect(statements[2]).toMatch(/^with "placed" as \(insert into "orders"/);
    const after = await rowsOf(started.orderReference, [milk, eggs, bread]);
    expect(after.orders).toBe(1);
    expect(after.stock).toEqual(before.stock.map((n, i) => n - [2, 1, 1][i]!));
    expect(after.holds).toEqual(['BOOKED', 'BOOKED']);
    expect(after.booked).toEqual(before.booked.map((n) => n + 1));
  });

  it('places and settles an order in four round trips: the intent comes with the cart, its notices are not read back', async () => {
    const { input } = await twoStoreCheckout('trips');
    const caller = await callerOf(shopper);
    (app.services.paypal as FakePaypal).approve(input.paypalOrderId);
    // The outbox worker this payment wakes would run in the request's context: left out of the count.
    const nudge = jest.spyOn(app.services.outbox, 'nudge').mockImplementation(() => undefined);
    try {
      const { result, statements } = await measure(() => app.services.orders.place(caller, input));
      expect(result.success).toBe(true);
      // The checkout intent with the cart's products, the replacement named, the placing statement, and the
      // payment recorded with its notifications. Their lines, windows and stores' addresses were read back
      // before (a round trip, two with a replacement named), and the intent apart from the cart (one more).
      expect(statements).toHaveLength(4);
      expect(statements[2]).toMatch(/^with "placed" as \(insert into "orders"/);
      expect(statements[3]).toMatch(/^with "paid" as \(update "orders"/);
    } finally {
      nudge.mockRestore();
    }
  });

  it('writes nothing when a window filled since it was held: 409 naming the store, the holds and stock as they were', async () => {
    const { milk, eggs, bread, started, input } = await twoStoreCheckout('full');
    const caller = await callerOf(shopper);
    const before = await rowsOf(started.orderReference, [milk, eggs, bread]);
    // Ops lowered Evanston's capacity below its bookings after the shopper held a window there.
    await app.db.update(stores).set({ windowCapacity: 0 }).where(eq(stores.uuid, shop.evanston.uuid));
    try {
      await expect(insertOrder()(caller, input)).rejects.toMatchObject({
        statusCode: 409,
        code: 'WINDOW_FULL',
        details: { store: { uuid: shop.evanston.uuid, name: 'Evanston Harvest' } },
      });
    } finally {
      await app.db.update(stores).set({ windowCapacity: before.capacity }).where(eq(stores.uuid, shop.evanston.uuid));
    }
    expect(await rowsOf(started.orderReference, [milk, eggs, bread])).toEqual(before);
    // The eggs' choice saved before stays; the refused order's NONE was not remembered.
    expect(await rememberedChoice(eggs.uuid)).toBe('SPECIFIC');
  });
  it('loses a duplicate to the order placed first, by PayPal order and by Idempotency-Key', async () => {
    const first = await twoStoreCheckout('dup');
    const caller = await callerOf(shopper);
    const place = insertOrder();
    const placed = await place(caller, first.input);
    // The same PayPal order again: the winner's order, nothing written twice.
    expect(await place(caller, first.input)).toStrictEqual(placed);
    expect(await app.db.select().from(orderLines).where(eq(orderLines.orderId, placed.id))).toHaveLength(3);

    // The same key for another PayPal order: refused, and none of its rows written.
    const second = await twoStoreCheckout('dup2');
    await expect(place(caller, { ...second.input, idempotencyKey: first.input.idempotencyKey })).rejects.toMatchObject({
      statusCode: 409,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    const orderId = second.started.orderReference;
    expect(await app.db.select().from(orders).where(eq(orders.id, orderId))).toEqual([]);
    expect(await app.db.select().from(orderLines).where(eq(orderLines.orderId, orderId))).toEqual([]);
    expect(await app.db.select().from(orderStoreParts).where(eq(orderStoreParts.orderId, orderId))).toEqual([]);
    // Saved before the refused order, and kept: its NONE was rolled back with it.
    expect(await rememberedChoice(second.eggs.uuid)).toBe('SPECIFIC');
  });

  it('makes one order of 8 placings of one PayPal order at once: the database decides, each gets that order', async () => {
    const { milk, eggs, bread, started, input } = await twoStoreCheckout('race');
    const caller = await callerOf(shopper);
    const before = await rowsOf(started.orderReference, [milk, eggs, bread]);
    const placed = await Promise.all(Array.from({ length: 8 }, () => insertOrder()(caller, input)));
    expect(new Set(placed.map((o) => o.id))).toEqual(new Set([started.orderReference]));
    expect(new Set(placed.map((o) => o.trackingNumber)).size).toBe(1);
    const after = await rowsOf(started.orderReference, [milk, eggs, bread]);
    expect([after.orders, after.lines, after.parts]).toEqual([1, 3, 2]);
    expect(after.stock).toEqual(before.stock.map((n, i) => n - [2, 1, 1][i]!));
    expect(after.booked).toEqual(before.booked.map((n) => n + 1));
  });

  (TEST_DATABASE_URL ? it : it.skip)(
    'locks the windows before the products, and decides from the stock as another order left it (PostgreSQL)',
    async () => {
      const { milk, eggs, bread, started, input } = await twoStoreCheckout('locks');
      const caller = await callerOf(shopper);
      const before = await rowsOf(started.orderReference, [milk, eggs, bread]);
      const pool = (connection.db as { $client: pg.Pool }).$client;
      const other = await pool.connect();
      const probe = await pool.connect();
      try {
        // Another order holds the milk (2 wanted) while this one is placed.
        await other.query('begin');
        await other.query('select 1 from products where uuid = $1 for update', [milk.uuid]);
        const placing = insertOrder()(caller, input);
        const waiting = async () =>
          (
            await probe.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like 'with "placed"%'`,
            )
          ).rows[0]!.n === 1;
        expect(await until(waiting)).toBe(true);
        // While it waits for the milk, its windows are locked already: no other writer can take them.
        await probe.query('begin');
        await expect(
          probe.query(
            `select 1 from delivery_window_slots s join delivery_holds h on h.store_id = s.store_id and h.starts_at = s.starts_at
             where h.user_uuid = $1 and h.status = 'HELD' for update of s nowait`,
            [shopper.uuid],
          ),
        ).rejects.toMatchObject({ code: '55P03' });
        await probe.query('rollback');
        // The other order takes all but one: the statement reads the milk as that order left it.
        await other.query('update products set stock_quantity = 1 where uuid = $1', [milk.uuid]);
        await other.query('commit');
        await expect(placing).rejects.toMatchObject({
          statusCode: 409,
          code: 'PRODUCTS_UNAVAILABLE',
          details: { products: [{ productId: milk.uuid, reason: 'INSUFFICIENT_STOCK' }] },
        });
      } finally {
        other.release();
        probe.release();
      }
      // Nothing of the order was written: the holds are still the shopper's, and only the other order's sale moved the stock.
      const after = await rowsOf(started.orderReference, [milk, eggs, bread]);
      expect(after).toEqual({ ...before, stock: [1, ...before.stock.slice(1)] });
    },
  );

  it('remembers no choices without a statement', async () => {
    const { statements } = await measure(() => rememberSubstitutions(app.db, shopper.uuid, []));
    expect(statements).toEqual([]);
  });
});
