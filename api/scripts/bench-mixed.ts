// `npm run bench:api -- --mixed`: shoppers on PostgreSQL. Every connection loops over journeys, picked
// 70% browse (stores, categories, store and category listings at random pages and sorts), 20% search
// (global search, header suggestions) and 10% checkout the way the browser goes through it: price the
// cart, create the PayPal order through our API, read the amount and approve at the PayPal stand-in as
// its JS SDK does, then create the order (our API captures) with the attempt's Idempotency-Key. On
// PostgreSQL the PayPal stand-in runs in a process of its own (bench-paypal.ts), as PayPal does.
//
// Set-up, before the clock starts: the dedicated database (BENCH_DATABASE_URL or --database-url,
// default grocer_bench; created, migrated and seeded with the catalogue once), verified customers with
// a valid Chicago address whose session tokens are minted with the bench server's JWT secret (sign-in
// is scrypt-heavy by design and not what this measures), and ample stock for the products checkout buys.
//
// Every call's latency is taken from sending the request to reading the whole answer. Any non-2xx,
// socket error or timeout is an error; the run fails (exit 1) on one. Around the timed run, the CPU
// each process used is read from /proc (bench-cpu.ts) and divided by the paid orders.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { and, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import { connectDatabase, type Database } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import {
  categories,
  deliveryHolds,
  deliveryWindowSlots,
  notifications,
  orderLines,
  orders,
  products,
  stores,
  users,
} from '../src/db/schema.ts';
import { createSessionJwt } from '../src/lib/jwt.ts';
import { CATEGORY_SEEDS } from '../src/seed/catalogueData.ts';
import { resetCatalogue, seedCatalogue } from '../src/seed/seedCatalogue.ts';
import { offeredWindows } from '../src/services/delivery/windows.ts';
import { createPasswordHasher } from '../src/services/passwords.ts';
import { readStoreRulesByUuid } from '../src/services/stores/rules.ts';
import { cpuPerOrderLines, cpuSnapshot } from './bench-cpu.ts';
import { percentile, startBenchServer } from './bench-lib.ts';

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/grocer_bench';

export interface MixedOptions {
  databaseUrl: string;
  /** Runs on PGlite in this data directory instead (one connection in the API process: printed, not targeted). */
  pgliteDataDir?: string;
  duration: number;
  connections: number;
  products: number;
  customers: number;
  catalogueCache: boolean;
}

/** The two stores checkout buys from (two store fees per order), both a short drive from the customers. */
const CHECKOUT_STORES = ['loop-provisions', 'lincoln-park-market'];
/** Products per checkout store given ample stock; orders spread over them as real ones would. */
const CHECKOUT_PRODUCTS_PER_STORE = 25;
/** Far more than a run can sell, so an out-of-stock 409 means a bug, not a sold-out shelf. */
const AMPLE_STOCK = 10_000_000;
/**
 * Paid orders per second a run's delivery windows have room for. Each checkout store's window capacity is
 * set so its week holds that many for the whole run: a 409 then means a bug, not a full week, while windows
 * still fill (shoppers take the earliest free one), so the capacity check is exercised. It was 60 per window:
 * the week's 45 windows held 2,700 orders, 45 a second for 60 s, and a quick machine's runs stopped there.
 * The minimum order is lifted at those stores because the bench's carts are small on purpose.
 */
const BENCH_ROOM_ORDERS_PER_SECOND = 120;
/** Never fewer places per window than this, however short the run. */
const BENCH_MIN_WINDOW_CAPACITY = 60;
/** A request that takes longer counts as a timeout error. */
const REQUEST_TIMEOUT_MS = 10_000;
const CUSTOMER_ADDRESS = { streetName: '233 S Wacker Dr', apartmentName: 'Apt 12', city: 'Chicago', state: 'IL', zip: '60606' };

/** Only a database named for the bench: set-up truncates its catalogue and rewrites stock. */
function benchDatabaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z0-9_]*bench[a-z0-9_]*$/.test(name)) {
    throw new Error(`--database-url must name a dedicated bench database (lower-case, containing "bench"), got "${name}"`);
  }
  return name;
}

async function createDatabaseIfMissing(url: string): Promise<void> {
  const name = benchDatabaseName(url);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount === 0) {
      // The name was checked against [a-z0-9_] above, so quoting it is enough.
      await client.query(`create database "${name}"`);
      console.info(`Created database ${name}.`);
    }
  } finally {
    await client.end();
  }
}

interface Customer {
  uuid: string;
  email: string;
  name: string;
  token: string;
}

interface CheckoutProduct {
  uuid: string;
  storeUuid: string;
}

interface Fixtures {
  customers: Customer[];
  /** Per checkout store. */
  checkoutProducts: CheckoutProduct[][];
  storeIds: string[];
  /** [store publicId, category uuid] pairs that have products. */
  storeCategories: Array<[string, string]>;
}

async function prepare(db: Database, options: MixedOptions, jwtSecret: string): Promise<Fixtures> {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  if (count?.n !== options.products) {
    console.info(`Seeding ${options.products} products (once)...`);
    const started = Date.now();
    await resetCatalogue(db);
    await seedCatalogue(db, { products: options.products });
    console.info(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  // Customers: verified, with a valid address. Their password is random and thrown away, so nobody can sign in
  // as them; the bench uses the tokens minted below (the cheap hash cost is fine for a password no one knows).
  const passwordHash = await createPasswordHasher(10).hash(randomBytes(16).toString('hex'));
  const emails = Array.from({ length: options.customers }, (_, i) => `bench-shopper-${i + 1}@grocer.test`);
  const profile = { emailVerified: true, firstName: 'Bench', lastName: 'Shopper', tokensValidAfter: null, ...CUSTOMER_ADDRESS };
  await db
    .insert(users)
    .values(emails.map((email) => ({ email, emailKey: email, passwordHash, ...profile })))
    .onConflictDoNothing();
  // Also for accounts an earlier run made, in case they were changed since.
  const rowsOfCustomers = await db
    .update(users)
    .set(profile)
    .where(inArray(users.emailKey, emails))
    .returning({ uuid: users.uuid, email: users.email });
  const jwt = createSessionJwt(jwtSecret, 24 * 60 * 60);
  const customers = await Promise.all(
    rowsOfCustomers.map(async (row) => ({
      uuid: row.uuid,
      email: row.email,
      name: 'Bench Shopper',
      token: await jwt.sign({ sub: row.uuid, role: 'CUSTOMER', authMethod: 'email' }),
    })),
  );

  const checkoutProducts: CheckoutProduct[][] = [];
  for (const publicId of CHECKOUT_STORES) {
    const [store] = await db.select().from(stores).where(eq(stores.publicId, publicId));
    if (!store) throw new Error(`store ${publicId} is not in the bench catalogue`);
    const picked = await db
      .select({ id: products.id, uuid: products.uuid })
      .from(products)
      .where(and(eq(products.storeId, store.id), eq(products.isActive, true)))
      .orderBy(products.id)
      .limit(CHECKOUT_PRODUCTS_PER_STORE);
    await db
      .update(products)
      .set({ stockQuantity: AMPLE_STOCK })
      .where(
        inArray(
          products.id,
          picked.map((p) => p.id),
        ),
      );
    checkoutProducts.push(picked.map((p) => ({ uuid: p.uuid, storeUuid: store.uuid })));
    const [rules] = (await readStoreRulesByUuid(db, [store.uuid])).values();
    const windowsPerWeek = Math.max(1, offeredWindows(rules!, new Date()).length);
    const windowCapacity = Math.max(
      BENCH_MIN_WINDOW_CAPACITY,
      Math.ceil((BENCH_ROOM_ORDERS_PER_SECOND * options.duration) / windowsPerWeek),
    );
    await db.update(stores).set({ windowCapacity, minOrderCents: 0 }).where(eq(stores.id, store.id));
  }

  // Earlier runs' bookings would fill the week a little more each run, until checkouts find no window
  // and the runs stop being comparable: their holds are let go and the windows' counts follow. The
  // windows' holders are emptied: on the bench's database only its shoppers hold windows.
  await db
    .update(deliveryHolds)
    .set({ status: 'RELEASED', updatedAt: new Date() })
    .where(
      and(
        inArray(
          deliveryHolds.userUuid,
          customers.map((c) => c.uuid),
        ),
        inArray(deliveryHolds.status, ['HELD', 'BOOKED']),
      ),
    );
  await db.execute(
    sql`update ${deliveryWindowSlots} s set holders = '{}', booked = (select count(*) from ${deliveryHolds} h where h.store_id = s.store_id and h.starts_at = s.starts_at and h.status = 'BOOKED')`,
  );

  // Mails an earlier run's outbox had not sent by its end would be this run's work: they are marked sent, so
  // each run's outbox mails its own orders only and runs stay comparable.
  await db.update(notifications).set({ deliveredAt: new Date(), claimedAt: null }).where(isNull(notifications.deliveredAt));

  const storeRows = await db.select({ publicId: stores.publicId }).from(stores);
  const pairs = await db
    .selectDistinct({ publicId: stores.publicId, categoryUuid: categories.uuid })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.isActive, true));
  // On PostgreSQL through a connection of its own: the API's pool would give up on it (its statement and
  // read timeouts) when a busy machine makes analysing the whole database slow.
  if (options.pgliteDataDir !== undefined) await db.execute(sql`analyze`);
  else {
    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    try {
      await client.query('analyze');
    } finally {
      await client.end();
    }
  }
  return {
    customers,
    checkoutProducts,
    storeIds: storeRows.map((s) => s.publicId),
    storeCategories: pairs.map((p) => [p.publicId, p.categoryUuid]),
  };
}

interface CallStats {
  latencies: number[];
  errors: number;
  /** Answers the store gives on purpose (a window filled since it was listed), not failures. */
  refused: number;
  samples: string[];
}

/** What `call` returns for an allowed refusal instead of a body. */
const REFUSED = Symbol('refused');

class CallError extends Error {}

function createClient(base: string, connections: number) {
  // One socket per connection: each loop below has at most one request in flight.
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const stats = new Map<string, CallStats>();
  const statsOf = (name: string) => {
    let s = stats.get(name);
    if (!s) stats.set(name, (s = { latencies: [], errors: 0, refused: 0, samples: [] }));
    return s;
  };

  function send(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = http.request(
        // PayPal's calls name their own server.
        path.startsWith('http') ? path : `${base}${path}`,
        {
          method,
          agent,
          headers: {
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            ...headers,
          },
          timeout: REQUEST_TIMEOUT_MS,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`timeout after ${REQUEST_TIMEOUT_MS} ms`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** One call, timed; throws CallError (already counted) on anything but a 2xx. */
  interface CallOptions {
    body?: unknown;
    headers?: Record<string, string>;
  }
  async function call<T>(name: string, method: string, path: string, options?: CallOptions): Promise<T>;
  async function call<T>(
    name: string,
    method: string,
    path: string,
    options: CallOptions & { refusal: { status: number; code: string } },
  ): Promise<T | typeof REFUSED>;
  async function call<T>(
    name: string,
    method: string,
    path: string,
    options: CallOptions & { refusal?: { status: number; code: string } } = {},
  ): Promise<T | typeof REFUSED> {
    const s = statsOf(name);
    const started = performance.now();
    let problem: string;
    try {
      // The step's name goes along so the bench server can count its pool use per step.
      const { status, text } = await send(method, path, options.body, { 'x-bench-step': name, ...options.headers });
      const elapsed = performance.now() - started;
      if (status >= 200 && status < 300) {
        s.latencies.push(elapsed);
        return (text ? JSON.parse(text) : null) as T;
      }
      const refusal = options.refusal;
      if (refusal && status === refusal.status && (JSON.parse(text) as { error?: { code?: string } }).error?.code === refusal.code) {
        s.refused += 1;
        return REFUSED;
      }
      problem = `${status} ${text.slice(0, 300)}`;
    } catch (err) {
      problem = (err as Error).message;
    }
    s.errors += 1;
    if (s.samples.length < 3) s.samples.push(`${method} ${path}: ${problem}`);
    throw new CallError(problem);
  }

  return { call, stats, close: () => agent.destroy() };
}

type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

/** Words shoppers type: item names' words from the seed ("milk", "chicken", ...). */
const SEARCH_WORDS = [
  ...new Set(
    CATEGORY_SEEDS.flatMap((c) => c.items.flatMap(([name]) => name.toLowerCase().split(/\s+/))).filter((w) => /^[a-z]{3,}$/.test(w)),
  ),
];

interface PricedLine {
  productId: string;
  name: string;
  storeId: string;
  quantity: number;
  unitPrice: number;
}
interface Breakdown {
  total: number;
  [key: string]: number;
}

export async function runMixedBench(options: MixedOptions): Promise<boolean> {
  const pglite = options.pgliteDataDir !== undefined;
  const target = { databaseUrl: pglite ? undefined : options.databaseUrl, pgliteDataDir: options.pgliteDataDir ?? '' };
  if (!pglite) await createDatabaseIfMissing(options.databaseUrl);
  const jwtSecret = randomBytes(32).toString('base64url');
  const connection = await connectDatabase(target);
  let fixtures: Fixtures;
  try {
    await runMigrations(connection);
    fixtures = await prepare(connection.db, options, jwtSecret);
  } finally {
    await connection.close();
  }

  const database = { DATABASE_URL: target.databaseUrl ?? '', PGLITE_DATA_DIR: target.pgliteDataDir, SEED_DEMO_ACCOUNTS: 'false' };
  // PayPal's part runs in a process of its own (bench-paypal.ts), as PayPal is not our API. PGlite opens
  // its data directory in one process only, so on PGlite the API serves its own stand-in.
  const paypal = pglite ? null : await startBenchServer(database, 'bench-paypal.ts');
  const {
    base,
    pid,
    stop: stopApi,
  } = await startBenchServer({
    ...database,
    JWT_SECRET: jwtSecret,
    BENCH_CATALOGUE_CACHE: options.catalogueCache ? 'on' : 'off',
    // Always the dev stand-in, never a PayPal sandbox configured in the shell.
    PAYPAL_CLIENT_ID: '',
    PAYPAL_CLIENT_SECRET: '',
    PAYPAL_API_BASE: paypal ? `${paypal.base}/dev/paypal` : '',
  }).catch(async (err: unknown) => {
    await paypal?.stop();
    throw err;
  });
  const paypalBase = paypal?.base ?? base;
  const stop = async () => {
    await stopApi();
    await paypal?.stop();
  };
  const client = createClient(base, options.connections);
  const { call } = client;
  const journeys = { browse: 0, search: 0, checkout: 0 };
  let ordersPlaced = 0;
  const startedAt = new Date();
  /** Checkouts that ended without a failed call (no window left to hold): errors too, or a full week would pass for a fast run. */
  const failedJourneys = { count: 0, samples: [] as string[] };
  const journeyFailed = (why: string) => {
    failedJourneys.count += 1;
    if (failedJourneys.samples.length < 3) failedJourneys.samples.push(why);
    return new CallError(why);
  };

  async function browse(rng: Rng) {
    const r = rng();
    if (r < 0.1) return call('browse: stores', 'GET', '/open/stores');
    const storeId = pick(rng, fixtures.storeIds);
    if (r < 0.2) return call('browse: store categories', 'GET', `/open/categories?storeId=${storeId}`);
    const sort = rng() < 0.5 ? 'name' : 'price';
    const order = rng() < 0.7 ? 'asc' : 'desc';
    if (r < 0.7) {
      // Most shoppers stay on the first pages; some page deep.
      const page = rng() < 0.8 ? between(rng, 1, 5) : between(rng, 6, 200);
      return call('browse: store listing', 'GET', `/open/products/${storeId}/paginated?page=${page}&limit=20&sort=${sort}&order=${order}`);
    }
    const [store, category] = pick(rng, fixtures.storeCategories);
    return call(
      'browse: category listing',
      'GET',
      `/open/products/${store}/${category}/paginated?page=${between(rng, 1, 5)}&limit=20&sort=${sort}&order=${order}`,
    );
  }

  async function search(rng: Rng) {
    const word = pick(rng, SEARCH_WORDS);
    if (rng() < 0.5) {
      // The header asks as the shopper types: a prefix, five suggestions.
      const prefix = word.slice(0, between(rng, 2, Math.min(5, word.length)));
      return call('search: suggestions', 'GET', `/open/products/search/global/paginated?query=${prefix}&limit=5`);
    }
    const query = rng() < 0.3 ? `${word} ${pick(rng, SEARCH_WORDS)}` : word;
    return call(
      'search: global',
      'GET',
      `/open/products/search/global/paginated?query=${encodeURIComponent(query)}&page=${between(rng, 1, 3)}&limit=20`,
    );
  }

  async function checkout(rng: Rng, customer: Customer) {
    const auth = { authorization: `Bearer ${customer.token}` };
    const [first, second] = fixtures.checkoutProducts as [CheckoutProduct[], CheckoutProduct[]];
    const chosen = new Set<CheckoutProduct>([pick(rng, first), pick(rng, second)]);
    if (rng() < 0.5) chosen.add(pick(rng, first));
    const items = [...chosen].map((p) => ({ productId: p.uuid, quantity: between(rng, 1, 3) }));

    // The cart page's price, then the PayPal button's createOrder with the attempt's key.
    const priced = await call<{ lines: PricedLine[] }>('checkout: price cart', 'POST', '/pricing/calculate', {
      body: { items },
      headers: auth,
    });
    // Step 1's 'Delivery time': a window per store, one of the first open ones (shoppers mostly want soon).
    const storeUuids = [...new Set(priced.lines.map((l) => l.storeId))];
    const offered = await call<{ storeUuid: string; windows: { startsAt: string; available: boolean }[] }[]>(
      'checkout: delivery windows',
      'POST',
      '/delivery/windows',
      { body: { storeUuids }, headers: auth },
    );
    for (const store of offered) {
      const open = store.windows.filter((w) => w.available).slice(0, 6);
      if (open.length === 0) throw journeyFailed(`no open window at ${store.storeUuid}`);
      // Another shopper may take a window's last place between the list and the hold: the store answers
      // 409 WINDOW_FULL and the shopper picks another of the open ones, as the checkout page asks.
      const tries = [...open].sort(() => rng() - 0.5);
      let held = false;
      for (const window of tries) {
        const answer = await call('checkout: hold window', 'POST', '/delivery/holds', {
          body: { storeUuid: store.storeUuid, startsAt: window.startsAt },
          headers: auth,
          refusal: { status: 409, code: 'WINDOW_FULL' },
        });
        if (answer !== REFUSED) {
          held = true;
          break;
        }
      }
      if (!held) throw journeyFailed(`every open window at ${store.storeUuid} filled before it could be held`);
    }
    const key = randomUUID();
    const started = await call<{ paypalOrderId: string; pricing: Breakdown }>(
      'checkout: create PayPal order',
      'POST',
      '/payments/paypal/orders',
      {
        body: { items },
        headers: { ...auth, 'idempotency-key': key },
      },
    );
    // What the SDK stand-in does in the browser: read the amount for its dialog, then approve.
    const paypalPath = `${paypalBase}/dev/paypal/orders/${encodeURIComponent(started.paypalOrderId)}`;
    await call('checkout: PayPal summary', 'GET', `${paypalPath}/summary`);
    await call('checkout: PayPal approve', 'POST', `${paypalPath}/approve`, { body: { outcome: 'complete' } });
    // onApprove: the order, which our API captures at PayPal before answering.
    const created = await call<{ success: boolean }>('checkout: create order', 'POST', '/orders/create', {
      headers: { ...auth, 'idempotency-key': key },
      body: {
        items: priced.lines.map((l) => ({
          productId: l.productId,
          quantity: l.quantity,
          price: l.unitPrice,
          name: l.name,
          storeId: l.storeId,
        })),
        deliveryInfo: {
          firstName: 'Bench',
          lastName: 'Shopper',
          email: customer.email,
          phone: '312-555-0100',
          address: CUSTOMER_ADDRESS.streetName,
          apartment: CUSTOMER_ADDRESS.apartmentName,
          city: CUSTOMER_ADDRESS.city,
          state: CUSTOMER_ADDRESS.state,
          zipCode: CUSTOMER_ADDRESS.zip,
          deliveryInstructions: 'Leave at the door',
        },
        paymentMethod: 'paypal',
        pricing: started.pricing,
        user: { id: customer.uuid, email: customer.email, name: customer.name },
        paypalOrderDetails: { id: started.paypalOrderId, status: 'APPROVED' },
        orderTimestamp: new Date().toISOString(),
      },
    });
    if (created.success) ordersPlaced += 1;
  }

  async function loop(index: number, deadline: number) {
    // A fixed seed per connection: reruns make the same choices.
    let state = 0x9e3779b9 ^ (index * 2654435761);
    const rng: Rng = () => {
      state = (state + 0x6d2b79f5) | 0;
      let t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const customer = fixtures.customers[index % fixtures.customers.length]!;
    while (Date.now() < deadline) {
      const r = rng();
      try {
        if (r < 0.7) {
          journeys.browse += 1;
          await browse(rng);
        } else if (r < 0.9) {
          journeys.search += 1;
          await search(rng);
        } else {
          journeys.checkout += 1;
          await checkout(rng, customer);
        }
      } catch (err) {
        // Counted per call already; a failed step ends that journey only.
        if (!(err instanceof CallError)) throw err;
      }
    }
  }

  try {
    console.info(
      `Mixed workload: ${options.connections} connections × ${options.duration} s on ` +
        `${pglite ? 'PGlite (its one connection; printed, not targeted)' : `PostgreSQL (${new URL(options.databaseUrl).pathname.slice(1)})`}, ` +
        `${options.products} products, ${fixtures.customers.length} customers, answer cache ${options.catalogueCache ? 'on' : 'off'}; ` +
        `journeys 70% browse / 20% search / 10% checkout (checkout: price, windows, a hold per store, PayPal, order).`,
    );
    const cpuBefore = cpuSnapshot(pid, paypal?.pid);
    const t0 = performance.now();
    const deadline = Date.now() + options.duration * 1000;
    await Promise.all(Array.from({ length: options.connections }, (_, i) => loop(i, deadline)));
    const seconds = (performance.now() - t0) / 1000;
    const cpuAfter = cpuSnapshot(pid, paypal?.pid);

    const rows = [...client.stats.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, s]) => {
        const sorted = [...s.latencies].sort((a, b) => a - b);
        return {
          call: name,
          ok: sorted.length,
          errors: s.errors,
          refused: s.refused,
          'req/s': Math.round(sorted.length / seconds),
          p50: percentile(sorted, 50).toFixed(1),
          p95: percentile(sorted, 95).toFixed(1),
          p99: percentile(sorted, 99).toFixed(1),
        };
      });
    const all = [...client.stats.values()];
    const total = all.reduce((n, s) => n + s.latencies.length + s.errors, 0);
    const errors = all.reduce((n, s) => n + s.errors, 0) + failedJourneys.count;
    console.table(rows);

    // The database agrees: every order the bench placed is paid, and the stock taken is exactly what those
    // orders bought (no lost or doubled update under concurrency; stock was reset to AMPLE_STOCK at set-up).
    // The server goes first: a PGlite data directory opens in one process at a time.
    client.close();
    await stop();
    const check = await connectDatabase(target);
    let paid = 0;
    let stockMismatches: string[] = [];
    let overbookedWindows: string[] = [];
    let mails = { queued: 0, sent: 0 };
    try {
      const benchOrders = and(
        gte(orders.createdAt, startedAt),
        inArray(
          orders.userUuid,
          fixtures.customers.map((c) => c.uuid),
        ),
      );
      const [row] = await check.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(benchOrders, eq(orders.paymentStatus, 'PAID')));
      paid = row?.n ?? 0;
      const bought = await check.db
        .select({ productUuid: orderLines.productUuid, n: sql<number>`sum(${orderLines.quantity})::int` })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(benchOrders, eq(orders.paymentStatus, 'PAID')))
        .groupBy(orderLines.productUuid);
      const boughtOf = new Map(bought.map((b) => [b.productUuid, b.n]));
      const uuids = fixtures.checkoutProducts.flat().map((p) => p.uuid);
      const stock = await check.db
        .select({ uuid: products.uuid, stock: products.stockQuantity })
        .from(products)
        .where(inArray(products.uuid, uuids));
      // No window holds more bookings than its capacity.
      const overbooked = await check.db
        .select({
          storeId: deliveryHolds.storeId,
          startsAt: deliveryHolds.startsAt,
          n: sql<number>`count(*)::int`,
          capacity: sql<number>`max(${stores.windowCapacity})::int`,
        })
        .from(deliveryHolds)
        .innerJoin(stores, eq(stores.id, deliveryHolds.storeId))
        .where(eq(deliveryHolds.status, 'BOOKED'))
        .groupBy(deliveryHolds.storeId, deliveryHolds.startsAt)
        .having(sql`count(*) > max(${stores.windowCapacity})`);
      // The outbox keeps up, or says how far behind the orders it fell (mails sent by the time the API stopped).
      const [mailed] = await check.db
        .select({
          queued: sql<number>`count(*)::int`,
          sent: sql<number>`(count(*) filter (where ${notifications.deliveredAt} is not null))::int`,
        })
        .from(notifications)
        .innerJoin(orders, eq(orders.id, notifications.orderId))
        .where(and(benchOrders, isNotNull(notifications.deliverTo)));
      mails = mailed ?? mails;
      overbookedWindows = overbooked.map((w) => `store ${w.storeId} at ${w.startsAt.toISOString()}: ${w.n} booked, capacity ${w.capacity}`);
      stockMismatches = stock
        .filter((p) => AMPLE_STOCK - p.stock !== (boughtOf.get(p.uuid) ?? 0))
        .map((p) => `${p.uuid}: ${AMPLE_STOCK - p.stock} taken, ${boughtOf.get(p.uuid) ?? 0} bought`);
    } finally {
      await check.close();
    }

    console.info(
      `${total} calls in ${seconds.toFixed(1)} s = ${Math.round(total / seconds)} req/s; journeys: ${journeys.browse} browse, ${journeys.search} search, ` +
        `${journeys.checkout} checkout (${ordersPlaced} orders placed, ${paid} paid in the database, ${(ordersPlaced / seconds).toFixed(1)} orders/s); errors: ${errors}`,
    );
    console.info(
      `The outbox mailed ${mails.sent} of the ${mails.queued} mails this run's orders queued (confirmations and store mails) by the time the API stopped.`,
    );
    // PGlite runs inside the API process: its share is the API's.
    for (const line of cpuPerOrderLines(cpuBefore, cpuAfter, seconds, ordersPlaced)) console.info(line);
    for (const [name, s] of client.stats) for (const sample of s.samples) console.error(`  ${name}: ${sample}`);
    if (failedJourneys.count > 0)
      console.error(`  ${failedJourneys.count} checkouts ended without an order: ${failedJourneys.samples.join('; ')}`);
    if (paid !== ordersPlaced)
      console.error(`The database has ${paid} paid bench orders from this run, but ${ordersPlaced} were answered as placed.`);
    for (const mismatch of stockMismatches) console.error(`Stock does not match the paid orders: ${mismatch}`);
    if (stockMismatches.length === 0) console.info('Stock taken matches the paid orders for every product bought.');
    for (const window of overbookedWindows) console.error(`Overbooked delivery window: ${window}`);
    if (overbookedWindows.length === 0) console.info('No delivery window has more bookings than its capacity.');
    return errors === 0 && paid === ordersPlaced && stockMismatches.length === 0 && overbookedWindows.length === 0;
  } finally {
    client.close();
    await stop();
  }
}
