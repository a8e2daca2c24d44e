import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { MIGRATIONS_DIR } from '../lib/paths.ts';
import { createTestDatabase, TEST_DATABASE_URL } from '../testing/testApp.ts';
import { connectDatabase, type DbConnection } from './client.ts';
import { runMigrations } from './migrate.ts';
import { appMeta } from './schema.ts';

describe('runMigrations', () => {
  let connection: DbConnection;
  beforeAll(async () => {
    connection = await createTestDatabase({ migrate: false });
  });
  afterAll(() => connection.close());

  it('creates app_meta, and running it again is a no-op', async () => {
    await runMigrations(connection);
    await runMigrations(connection);

    const { db } = connection;
    await db.insert(appMeta).values({ key: 'seeded', value: 'yes' });
    const rows = await db.select().from(appMeta).where(eq(appMeta.key, 'seeded'));
    expect(rows).toEqual([{ key: 'seeded', value: 'yes', updatedAt: expect.any(Date) }]);

    const applied = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    // One row per migration in the journal, however many features have added since.
    const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    expect(applied.rows[0]).toEqual({ n: journal.entries.length });
  });

  it('runs first-start work after the migrations, inside the same call (and lock)', async () => {
    const seen: number[] = [];
    await runMigrations(connection, {
      afterMigrate: async () => {
        // The schema is complete by now: the seed may write to any table.
        const { rows } = await connection.db.execute<{ n: number }>(sql`select count(*)::int as n from app_meta`);
        seen.push(rows[0]!.n);
      },
    });
    expect(seen).toEqual([1]);
  });
});

// The data directory is what makes `npm start` keep its data between runs.
(TEST_DATABASE_URL ? describe.skip : describe)('PGlite on disk', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'grocer-pglite-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps migrations and rows across a close and reopen', async () => {
    const dataDir = path.join(dir, 'pglite');
    const first = await connectDatabase({ databaseUrl: undefined, pgliteDataDir: dataDir });
    await runMigrations(first);
    await first.db.insert(appMeta).values({ key: 'survives', value: 'restart' });
    await first.close();

    const second = await connectDatabase({ databaseUrl: undefined, pgliteDataDir: dataDir });
    try {
      await runMigrations(second);
      const rows = await second.db.select({ value: appMeta.value }).from(appMeta);
      expect(rows).toEqual([{ value: 'restart' }]);
    } finally {
      await second.close();
    }
  });
});
