// Tests of one migration start from the database as it was before it: the same migration files in a
// temporary folder, with a journal that ends at the last migration before it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DbConnection } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { MIGRATIONS_DIR } from '../lib/paths.ts';
import { createTestDatabase } from './testApp.ts';

export interface OlderMigrations {
  /** Pass as runMigrations' `migrationsFolder`. */
  dir: string;
  remove(): void;
}

/** The migrations up to and including `lastTag` (e.g. '0004_order_lifecycle'). */
export function migrationsUpTo(lastTag: string): OlderMigrations {
  const dir = mkdtempSync(path.join(tmpdir(), 'grocer-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0) throw new Error(`no migration tagged ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A migration test's database, made before the file's tests and closed after them: `atOlder()` runs
 * the migrations up to `lastTag` (the database the migration under test meets) and gives its db;
 * `migrate()` then runs every migration from there, as a start of the API would.
 */
export function migrationTestDatabase(lastTag: string) {
  let older: OlderMigrations;
  let connection: DbConnection;
  beforeAll(async () => {
    older = migrationsUpTo(lastTag);
    connection = await createTestDatabase({ migrate: false });
  });
  afterAll(async () => {
    await connection.close();
    older.remove();
  });
  return {
    async atOlder() {
      await runMigrations(connection, { migrationsFolder: older.dir });
      return connection.db;
    },
    migrate: () => runMigrations(connection),
  };
}
