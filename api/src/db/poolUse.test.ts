// The bench's pool counter on a real PostgreSQL pool: each request's statements, transactions and
// check-outs land on that request, also when requests run at once and queue for one connection.
// PostgreSQL only (PGlite has no pool); runs with DATABASE_URL.
import { Pool } from './pool.ts';
import { emptyPoolUse, trackPoolUse } from './poolUse.ts';
import { TEST_DATABASE_URL } from '../testing/testApp.ts';

(TEST_DATABASE_URL ? describe : describe.skip)('trackPoolUse', () => {
  let pool: Pool;
  beforeAll(() => {
    // One connection: the second request must wait for the first one's release.
    pool = new Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
  });
  afterAll(() => pool.end());

  it('counts each request its own statements, transactions and lock time', async () => {
    const tracker = trackPoolUse(pool);
    const reader = emptyPoolUse();
    const writer = emptyPoolUse();
    const read = tracker.run(reader, async () => {
      await pool.query('select 1');
      await pool.query('select 2');
    });
    const write = tracker.run(writer, async () => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('create temporary table pool_use_probe (n int) on commit drop');
        await client.query('insert into pool_use_probe values (1)');
        await client.query('select pg_sleep(0.05)');
        await client.query('commit');
      } finally {
        client.release();
      }
    });
    await Promise.all([read, write]);

    expect(reader).toMatchObject({ queries: 2, transactions: 0, inTransaction: 0, checkouts: 2, lockMs: 0 });
    expect(writer).toMatchObject({ queries: 3, transactions: 1, inTransaction: 3, checkouts: 1 });
    // From the insert to the commit's answer, the sleep included.
    expect(writer.lockMs).toBeGreaterThanOrEqual(45);
    expect(writer.heldMs).toBeGreaterThanOrEqual(writer.lockMs);
    expect(tracker.waits[0]).toHaveLength(3);
    // With one connection someone waited for it.
    expect(reader.waitMs + writer.waitMs).toBeGreaterThan(0);
  });
});
