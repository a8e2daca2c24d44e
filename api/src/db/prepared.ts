// A read the database prepares once, whichever the driver. node-postgres prepares a named statement once
// per connection; PGlite sends every statement unnamed and plans it each time, which for a short
// primary-key read costs about as much as the read itself (0.7 of 1.7 ms for a listing page's 20 rows at
// 100k products), so there the statement is PREPAREd once in its single session and EXECUTEd. Rows come
// as the driver parses them (timestamps as Date), keyed by the statement's column names.
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Database } from './client.ts';

export interface PreparedRead<Row> {
  /** Runs the statement with `params` for its $1, $2, ... */
  execute(params: readonly (string | number)[]): Promise<Row[]>;
}

/** PostgreSQL's code for "a prepared statement of that name exists" (another service on the same PGlite). */
const DUPLICATE_PREPARED_STATEMENT = '42P05';

/** A parameter as an SQL literal: a finite number as is, a string quoted with its quotes doubled. */
function literal(value: string | number): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  // standard_conforming_strings is on (the default since PostgreSQL 9.1): a backslash is just a character.
  return `'${value.replaceAll("'", "''")}'`;
}

export function preparedRead<Row>(db: Database, name: string, query: SQL): PreparedRead<Row> {
  const { sql: text } = new PgDialect().sqlToQuery(query);
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (client instanceof PGlite) {
    let prepared: Promise<unknown> | undefined;
    const prepare = () =>
      client.query(`prepare ${name} as ${text}`).catch((err: unknown) => {
        if ((err as { code?: string }).code === DUPLICATE_PREPARED_STATEMENT) return;
        prepared = undefined;
        throw err;
      });
    return {
      async execute(params) {
        await (prepared ??= prepare());
        return (await client.query<Row>(`execute ${name}(${params.map(literal).join(', ')})`)).rows;
      },
    };
  }
  return {
    async execute(params) {
      return (await client.query<Row & pg.QueryResultRow>({ name, text, values: [...params] })).rows;
    },
  };
}

/**
 * `prepare(db)` made once per database handle and kept with it: drizzle's prepared statements are named, and
 * node-postgres parses a name once per connection, so building the statement again on every call only costs
 * the API's CPU. A transaction is a handle of its own, so what is prepared on it runs in it.
 */
export function perDatabase<T>(prepare: (db: Database) => T): (db: Database) => T {
  const made = new WeakMap<Database, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) made.set(db, (value = prepare(db)));
    return value;
  };
}
