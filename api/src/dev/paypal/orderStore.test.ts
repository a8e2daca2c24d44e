// The stand-in's order store under concurrency, and what each step of a paid order costs in round trips
// to the database, on PGlite and (with DATABASE_URL) on PostgreSQL. The book (orderBook.ts) drives it as
// the routes do; races are started together, so their reads come before their writes (on PostgreSQL, mostly).
import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, DbConnection } from '../../db/client.ts';
import { devPaypalOrders, devPaypalRequests } from '../../db/schema.ts';
import { measuring, type Measure } from '../../testing/statements.ts';
import { createTestDatabase } from '../../testing/testApp.ts';
import { createPaypalOrderBook, type DevOrder, type PaypalApiError } from './orderBook.ts';
import { createOrderStore } from './orderStore.ts';

let connection: DbConnection;
let db: Database;
let measure: Measure;
const book = () => createPaypalOrderBook({ baseUrl: 'http://localhost/dev/paypal', db });

beforeAll(async () => {
  connection = await createTestDatabase();
  db = connection.db as unknown as Database;
  measure = measuring(connection);
});
afterAll(() => connection.close());

const orderBody = (value = '10.00') => ({
  intent: 'CAPTURE',
  purchase_units: [{ invoice_id: 'inv-1', amount: { currency_code: 'USD', value } }],
});
/** The issue of a PayPal error, thrown or answered. */
const issueOf = (err: unknown) => ((err as PaypalApiError).body?.details as { issue: string }[] | undefined)?.[0]?.issue;

async function stored(id: string): Promise<DevOrder> {
  const [row] = await db.select({ order: devPaypalOrders.order }).from(devPaypalOrders).where(eq(devPaypalOrders.id, id));
  return row!.order as unknown as DevOrder;
}

async function newOrder(paypal = book()): Promise<string> {
  return (await paypal.createOrder(orderBody(), undefined, true)).body.id as string;
}

describe('round trips per step of a paid order', () => {
  it('create 1, summary 1, approve 1, capture 1, a replayed capture 1, a refund 2; no transaction', async () => {
    const paypal = book();
    // The first create of a process also drops old rows, once.
    await newOrder(paypal);

    const created = await measure(() => paypal.createOrder(orderBody(), 'create-counted', true));
    const id = created.result.body.id as string;
    const summary = await measure(() => paypal.summary(id));
    const approved = await measure(() => paypal.approve(id, 'complete'));
    const captured = await measure(() => paypal.captureOrder(id, 'capture-counted', false));
    const replayed = await measure(() => paypal.captureOrder(id, 'capture-counted', false));
    const captureId = (captured.result.body.purchase_units as { payments: { captures: { id: string }[] } }[])[0]!.payments.captures[0]!.id;
    const refunded = await measure(() => paypal.refundCapture(captureId, {}, 'refund-counted', true));
    const recreated = await measure(() => paypal.createOrder(orderBody(), 'create-counted', true));

    expect(captured.result.statusCode).toBe(201);
    expect(replayed.result).toEqual(captured.result);
    expect(refunded.result.statusCode).toBe(201);
    expect([recreated.result.statusCode, recreated.result.body.id]).toEqual([200, id]);
    const counts = [created, summary, approved, captured, replayed, refunded, recreated].map((m) => m.statements.length);
    // Approve and capture start from the order as this process last saw it (the summary's read), so they only write.
    expect(counts).toEqual([1, 1, 1, 1, 1, 2, 1]);
    const all = [created, summary, approved, captured, replayed, refunded, recreated].flatMap((m) => m.statements);
    expect(all.filter((text) => /^(begin|commit|rollback)\b/.test(text))).toEqual([]);
  });

  it('a create without a request id 1; a refused capture 1 without a request id, 2 with one, 1 replayed', async () => {
    const paypal = book();
    await newOrder(paypal);
    const created = await measure(() => newOrder(paypal));
    const refused = await measure(() => paypal.captureOrder(created.result, undefined, true));
    const remembered = await measure(() => paypal.captureOrder(created.result, 'refused-once', true));
    const replayed = await measure(() => paypal.captureOrder(created.result, 'refused-once', true));
    for (const { result } of [refused, remembered, replayed])
      expect([result.statusCode, issueOf(result)]).toEqual([422, 'ORDER_NOT_APPROVED']);
    // A refusal is kept for its request id (a write of its own); without one, nothing is written.
    expect([created, refused, remembered, replayed].map((m) => m.statements.length)).toEqual([1, 1, 2, 1]);
  });
});

describe('concurrent requests on one order', () => {
  it('10 captures with one request id capture once and all get the same answer', async () => {
    const paypal = book();
    const id = await newOrder(paypal);
    await paypal.approve(id, 'complete');
    const answers = await Promise.all(Array.from({ length: 10 }, () => paypal.captureOrder(id, 'same-capture', false)));
    expect(answers[0]!.statusCode).toBe(201);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    const order = await stored(id);
    expect(order.status).toBe('COMPLETED');
    expect(order.capture!.id).toBe(
      (answers[0]!.body.purchase_units as { payments: { captures: { id: string }[] } }[])[0]!.payments.captures[0]!.id,
    );
  });

  it('captures with different request ids: one captures, the others are told it already was', async () => {
    const paypal = book();
    const id = await newOrder(paypal);
    await paypal.approve(id, 'complete');
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        paypal.captureOrder(id, `capture-${i}`, true).then((a) => (a.statusCode === 201 ? 201 : issueOf(a))),
      ),
    );
    expect(answers.sort()).toEqual([
      201,
      'ORDER_ALREADY_CAPTURED',
      'ORDER_ALREADY_CAPTURED',
      'ORDER_ALREADY_CAPTURED',
      'ORDER_ALREADY_CAPTURED',
      'ORDER_ALREADY_CAPTURED',
    ]);
    // Each refusal was kept for its request id.
    const kept = await db
      .select({ answer: devPaypalRequests.answer })
      .from(devPaypalRequests)
      .where(sql`${devPaypalRequests.key} like ${`capture:${id}:%`}`);
    expect(kept.map((k) => k.answer.statusCode).sort()).toEqual([201, 422, 422, 422, 422, 422]);
  });

  it('10 creates with one request id make one order', async () => {
    const paypal = book();
    await newOrder(paypal);
    const before = await db.$count(devPaypalOrders);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => paypal.createOrder(orderBody(`${i + 1}.00`), 'same-create', true)),
    );
    expect(await db.$count(devPaypalOrders)).toBe(before + 1);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
  });

  it('an approval racing a capture: whichever lands first, the other sees it', async () => {
    const paypal = book();
    for (let round = 0; round < 4; round += 1) {
      const id = await newOrder(paypal);
      await paypal.approve(id, 'complete');
      // The approval asks for a declined capture; the capture must follow it or refuse it, never half of each.
      const [approval, capture] = await Promise.all([
        paypal.approve(id, 'decline').then(() => 'approved', issueOf),
        paypal.captureOrder(id, `race-${round}`, true),
      ]);
      const order = await stored(id);
      expect(capture.statusCode).toBe(201);
      expect(order.capture!.status).toBe(approval === 'approved' ? 'DECLINED' : 'COMPLETED');
      expect(order.outcome).toBe(approval === 'approved' ? 'decline' : 'complete');
      if (approval !== 'approved') expect(approval).toBe('ORDER_ALREADY_CAPTURED');
    }
  });

  it('an approval and a cancel at once both land: neither write is lost', async () => {
    const paypal = book();
    const id = await newOrder(paypal);
    await Promise.all([paypal.approve(id, 'complete'), paypal.cancel(id)]);
    expect(await stored(id)).toMatchObject({ status: 'APPROVED', cancelled: true, outcome: 'complete' });
  });
});

describe('the order as this process last saw it', () => {
  it('when another process changed it since, a change reads it again and keeps that change', async () => {
    const here = book();
    const elsewhere = book();
    const id = await newOrder(here);
    await elsewhere.cancel(id);
    // Here the order is still as created: its write matches nothing, then it reads and writes again.
    const approved = await measure(() => here.approve(id, 'complete'));
    expect(approved.statements.length).toBe(3);
    expect(await stored(id)).toMatchObject({ status: 'APPROVED', cancelled: true, outcome: 'complete' });
    // Its copy is now current: the capture is one write, and it captures what the other process left.
    const captured = await measure(() => here.captureOrder(id, 'after-elsewhere', true));
    expect([captured.result.statusCode, captured.statements.length]).toEqual([201, 1]);
    expect((await stored(id)).status).toBe('COMPLETED');
  });

  it('a refusal its copy would give is decided on a fresh read', async () => {
    const here = book();
    const elsewhere = book();
    const id = await newOrder(here);
    // Here the order was never approved; there it was. The capture must see the approval.
    await elsewhere.approve(id, 'complete');
    const captured = await measure(() => here.captureOrder(id, 'approved-elsewhere', true));
    expect(captured.result.statusCode).toBe(201);
    expect(captured.statements.length).toBe(2);
  });

  it('a capture that another process already made is refused, not made twice', async () => {
    const here = book();
    const elsewhere = book();
    const id = await newOrder(here);
    await here.approve(id, 'complete');
    await elsewhere.captureOrder(id, 'first', true);
    const again = await here.captureOrder(id, 'second', true);
    expect([again.statusCode, issueOf(again)]).toEqual([422, 'ORDER_ALREADY_CAPTURED']);
    expect((await stored(id)).capture).not.toBeNull();
  });
});

describe('a repeated create', () => {
  it('with a body it would now refuse still gets its order back', async () => {
    const paypal = book();
    const first = await paypal.createOrder(orderBody('3.00'), 'create-then-garbage', true);
    const again = await paypal.createOrder({ intent: 'AUTHORIZE' }, 'create-then-garbage', true);
    expect([again.statusCode, again.body.id]).toEqual([200, first.body.id]);
    await expect(paypal.createOrder({ intent: 'AUTHORIZE' }, 'never-used', true)).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('a write that loses its race', () => {
  /** `db` on which `meddle` runs just before each of the next `times` conditional writes to an order. */
  function meddled(times: number, meddle: () => Promise<unknown>): Database {
    const dialect = new PgDialect();
    let left = times;
    return new Proxy(db, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
        return async (query: SQL) => {
          if (left > 0 && /\bxmin = /.test(dialect.sqlToQuery(query).sql)) {
            left -= 1;
            await meddle();
          }
          return target.execute(query);
        };
      },
    });
  }
  const store = (on: Database) => createOrderStore<DevOrder>(on, () => null);
  /** Someone else's write to the order: a new row version. */
  const touch = (id: string) => () => db.execute(sql`update ${devPaypalOrders} set created_at = created_at where id = ${id}`);

  it('is done again on the order as the winner left it', async () => {
    const id = await newOrder();
    let calls = 0;
    const changed = await store(meddled(2, touch(id))).change(id, (order) => {
      calls += 1;
      order!.cancelled = true;
    });
    expect(calls).toBe(3);
    expect(changed.cancelled).toBe(true);
    expect((await stored(id)).cancelled).toBe(true);
  });

  it('gives up after 5 tries with an error that says so, and writes nothing', async () => {
    const id = await newOrder();
    await expect(
      store(meddled(5, touch(id))).answerOnce({ id }, 'losing-key', (order) => {
        order!.cancelled = true;
        return { statusCode: 200, body: {} };
      }),
    ).rejects.toThrow(`changed 5 times`);
    expect((await stored(id)).cancelled).toBe(false);
    expect(await db.$count(devPaypalRequests, eq(devPaypalRequests.key, 'losing-key'))).toBe(0);
  });

  it('a capture whose request id a concurrent repeat kept first is undone, and that answer replayed', async () => {
    const paypal = book();
    const id = await newOrder(paypal);
    await paypal.approve(id, 'complete');
    // The repeat read the order before its approval and kept its refusal while this capture was being worked out.
    const refusal = { statusCode: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] } };
    const keep = () => db.insert(devPaypalRequests).values({ key: 'taken-key', answer: refusal });
    const answer = await store(meddled(1, keep)).answerOnce({ id }, 'taken-key', (order) => {
      order!.status = 'COMPLETED';
      return { statusCode: 201, body: { captured: true } };
    });
    expect(answer).toEqual(refusal);
    expect((await stored(id)).status).toBe('APPROVED');
  });
});
