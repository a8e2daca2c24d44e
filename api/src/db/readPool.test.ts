// The catalogue's reads run on a pool of their own (client.ts READ_POOL_MAX), so browsing never queues behind
// checkouts' transactions and checkouts never queue behind browsing. PostgreSQL only (PGlite has one connection).
import type { App } from '../app.ts';
import { seedCatalogue } from '../seed/seedCatalogue.ts';
import { buildTestApp, createTestDatabase, TEST_DATABASE_URL } from '../testing/testApp.ts';
import { BACKGROUND_POOL_MAX, MAINTENANCE_TIMEOUTS, POOL_MAX, READ_POOL_MAX, type DbConnection } from './client.ts';
import { emptyPoolUse, trackPoolUse, type PoolUseTracker } from './poolUse.ts';

(TEST_DATABASE_URL ? describe : describe.skip)('the read pool', () => {
  let connection: DbConnection & { driver: 'postgres' };
  let app: App;
  let tracker: PoolUseTracker;

  beforeAll(async () => {
    connection = (await createTestDatabase()) as DbConnection & { driver: 'postgres' };
    await seedCatalogue(connection.db, { products: 60 });
    tracker = trackPoolUse(connection.db.$client, connection.reads.$client, connection.background.$client);
    app = await buildTestApp({ db: connection });
  });
  afterAll(() => app.close());

  /** Check-outs of [the request pool, the read pool, the background pool] made while `fn` ran. */
  async function checkouts(fn: () => Promise<unknown>): Promise<[number, number, number]> {
    const before = tracker.waits.map((w) => w.length);
    await tracker.run(emptyPoolUse(), fn);
    const [requests, reads, background] = tracker.waits.map((w, i) => w.length - before[i]!);
    return [requests!, reads!, background!];
  }

  it('has its own connections', () => {
    expect(connection.db.$client.options.max).toBe(POOL_MAX);
    expect(connection.reads.$client.options.max).toBe(READ_POOL_MAX);
    expect(connection.reads.$client).not.toBe(connection.db.$client);
  });

  it("loads the catalogue's in-memory indexes on connections of their own, with the maintenance timeouts", async () => {
    const background = connection.background.$client;
    expect(background.options.max).toBe(BACKGROUND_POOL_MAX);
    expect(background.options).toMatchObject({
      query_timeout: MAINTENANCE_TIMEOUTS.queryMs,
      statement_timeout: MAINTENANCE_TIMEOUTS.statementMs,
    });
    // The app's first search waits for the search index, which loads there and nowhere else.
    const [, , loads] = await checkouts(async () => {
      const res = await app.inject({ method: 'GET', url: '/open/products/search/global/paginated?query=milk&limit=5' });
      expect(res.statusCode).toBe(200);
    });
    expect(loads).toBeGreaterThan(0);
  });

  it('serves listings and search, and nothing else uses it', async () => {
    app.services.catalogue.invalidate();
    const stores = await app.inject({ method: 'GET', url: '/open/stores' });
    expect(stores.statusCode).toBe(200);
    const store = (stores.json() as { publicId: string }[])[0]!.publicId;

    const [listingOnRequests, listingOnReads] = await checkouts(async () => {
      app.services.catalogue.invalidate();
      const res = await app.inject({ method: 'GET', url: `/open/products/${store}/paginated?page=2&limit=5&sort=price&order=desc` });
      expect(res.statusCode).toBe(200);
    });
    expect(listingOnRequests).toBe(0);
    expect(listingOnReads).toBeGreaterThan(0);

    const [searchOnRequests, searchOnReads] = await checkouts(async () => {
      app.services.catalogue.invalidate();
      const res = await app.inject({ method: 'GET', url: '/open/products/search/global/paginated?query=milk&limit=5' });
      expect(res.statusCode).toBe(200);
    });
    expect(searchOnRequests).toBe(0);
    expect(searchOnReads).toBeGreaterThan(0);

    const [healthOnRequests, healthOnReads] = await checkouts(async () => {
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    });
    expect(healthOnRequests).toBeGreaterThan(0);
    expect(healthOnReads).toBe(0);
  });

  it('is closed with the app', async () => {
    const other = (await createTestDatabase()) as DbConnection & { driver: 'postgres' };
    await other.close();
    expect(other.db.$client.ended).toBe(true);
    expect(other.reads.$client.ended).toBe(true);
    expect(other.background.$client.ended).toBe(true);
  });
});
