// Placing an order's transaction (place.ts): the rows it writes, the order it hands back, and how many
// statements it sends while it holds its locks. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { App } from '../../app.ts';
import type { Database, DbConnection } from '../../db/client.ts';
import { emptyPoolUse, trackPoolUse, type PoolUseTracker } from '../../db/poolUse.ts';
import { checkoutIntents, orderLines, orders, orderStoreParts, products, substitutionPreferences, users } from '../../db/schema.ts';
import { FAST_HASHING, type Registered } from '../../testing/accounts.ts';
import { createShop, registerShopper, startPayment, type CartLine, type TestShop } from '../../testing/checkout.ts';
import { createFakePaypal } from '../../testing/fakePaypal.ts';
import { buildTestApp, createTestDatabase } from '../../testing/testApp.ts';
import type { AccountCaller } from '../caller.ts';
import { rememberSubstitutions, rememberSubstitutionsSql } from '../substitutions.ts';
import { createOrderInsert, type PlaceOrderInput } from './place.ts';
import { storePartsInsert } from './storeParts.ts';

let connection: DbConnection;
let app: App;
let shop: TestShop;
let shopper: Registered;
/** The statements of each transaction while `run` runs, `begin` and `commit` left out. */
let transactionsOf: (run: () => Promise<unknown>) => Promise<string[][]>;

beforeAll(async () => {
  connection = await createTestDatabase();
  app = await buildTestApp({ db: connection, config: FAST_HASHING, services: { paypal: createFakePaypal() } });
  shop = await createShop(app);
  shopper = await registerShopper(app, 'Pat', 'Placer');
  transactionsOf = countTransactions(connection);
});
afterAll(() => app.close());

function countTransactions(db: DbConnection): typeof transactionsOf {
  if (db.driver === 'postgres') {
    const tracker: PoolUseTracker = trackPoolUse(db.db.$client);
    return async (run) => {
      const use = { ...emptyPoolUse(), texts: [] as string[] };
      await tracker.run(use, run);
      const transactions: string[][] = [];
      let open: string[] | undefined;
      for (const text of use.texts) {
        if (text.startsWith('begin')) transactions.push((open = []));
        else if (/^(commit|rollback)\b/.test(text)) open = undefined;
        else open?.push(text);
      }
      return transactions;
    };
  }
  // PGlite sends begin and commit itself and each statement of a transaction through its `tx`.
  const client: PGlite = db.db.$client;
  const transaction = client.transaction.bind(client);
  let recording: string[][] | undefined;
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const sent: string[] = [];
      recording?.push(sent);
      const counted = new Proxy(tx, {
        get(target, key) {
          const value: unknown = Reflect.get(target, key);
          if ((key !== 'query' && key !== 'exec') || typeof value !== 'function') return value;
          return (text: string, ...rest: unknown[]) => {
            sent.push(text.trimStart().toLowerCase());
            return (value as (...args: unknown[]) => unknown).call(target, text, ...rest);
          };
        },
      });
      return callback(counted);
    });
  return async (run) => {
    recording = [];
    try {
      await run();
      return recording;
    } finally {
      recording = undefined;
    }
  };
}

/** Step 1 of POST /orders/create alone (place.ts), as the orders service builds it: no capture, no settlement after it. */
function insertOrder() {
  return createOrderInsert({
    db: app.db,
    deliveryFees: app.services.deliveryFees,
    catalogue: app.services.catalogue,
    windows: () => app.services.deliveryWindows,
  });
}

async function callerOf(user: Registered): Promise<AccountCaller> {
  const [account] = await app.db.select().from(users).where(eq(users.uuid, user.uuid));
  return { uuid: user.uuid, role: 'CUSTOMER', authMethod: 'email', account: account! };
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

  it('writes the order and its rows in one statement: begin, inserts, windows, stock, commit', async () => {
    const { started, input } = await twoStoreCheckout('count');
    const caller = await callerOf(shopper);
    const place = insertOrder();
    const transactions = await transactionsOf(() => place(caller, input));
    const placing = transactions.filter((statements) => statements.some((s) => s.includes('"orders"')));
    expect(placing).toHaveLength(1);
    // Each statement is a round trip made while the transaction holds its locks: the order's inserts, the
    // windows' booking and the stock (five with begin and commit; eight when each insert was its own).
    expect(placing[0]).toHaveLength(3);
    expect(placing[0]![0]).toMatch(/^with "placed" as \(insert into "orders"/);
    expect(await app.db.select({ id: orders.id }).from(orders).where(eq(orders.id, started.orderReference))).toHaveLength(1);
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
    const [eggs] = await app.db
      .select({ choice: substitutionPreferences.choice })
      .from(substitutionPreferences)
      .innerJoin(products, eq(products.id, substitutionPreferences.productId))
      .where(and(eq(substitutionPreferences.userId, shopper.uuid), eq(products.uuid, second.eggs.uuid)));
    // Saved before the refused order, and kept: its NONE was rolled back with it.
    expect(eggs!.choice).toBe('SPECIFIC');
  });

  it('leaves out the inserts of no rows (no store parts, no choices)', async () => {
    expect(storePartsInsert(app.db, 'unused', [])).toBeUndefined();
    expect(rememberSubstitutionsSql(shopper.uuid, [])).toBeUndefined();
    const transactions = await transactionsOf(() =>
      app.db.transaction((tx) => rememberSubstitutions(tx as unknown as Database, shopper.uuid, [])),
    );
    expect(transactions).toEqual([[]]);
  });
});
