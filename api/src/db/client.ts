// Opens the database: PostgreSQL through node-postgres when a URL is given, otherwise the embedded
// PGlite (files under .data/, or in memory). Both speak PostgreSQL, share one schema and one
// migration set, and are used through the same Drizzle `Database` type.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import { PGLITE_IN_MEMORY } from '../config.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;

/** What services use: the driver-independent Drizzle API (select/insert/update/delete/transaction/execute). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** The open database plus what only its owner needs: the concrete driver (for migrations) and close(). */
export type DbConnection =
  | { driver: 'pglite'; db: PgliteDatabase<Schema> & { $client: PGlite }; close(): Promise<void> }
  | { driver: 'postgres'; db: NodePgDatabase<Schema> & { $client: pg.Pool }; close(): Promise<void> };

export interface ConnectOptions {
  /** postgres:// URL; when undefined PGlite is used. */
  databaseUrl: string | undefined;
  /** PGlite data directory (absolute) or PGLITE_IN_MEMORY. */
  pgliteDataDir: string;
  /** Called when an idle pooled PostgreSQL connection fails (server restart, network drop). */
  onPoolError?: (err: Error) => void;
}

/** Fail fast instead of queueing forever when PostgreSQL does not answer (health must answer within 2 s). */
export const PG_CONNECT_TIMEOUT_MS = 2_000;
/** Server-side cap for one statement; a runaway query is cancelled rather than holding a connection. */
export const PG_STATEMENT_TIMEOUT_MS = 10_000;
/** Client-side cap for one query, a little above the server's, for when the server itself stops answering. */
export const PG_QUERY_TIMEOUT_MS = 12_000;

export async function connectDatabase(options: ConnectOptions): Promise<DbConnection> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
      statement_timeout: PG_STATEMENT_TIMEOUT_MS,
      query_timeout: PG_QUERY_TIMEOUT_MS,
    });
    // Without a listener an idle client's error (e.g. PostgreSQL restarting) would crash the process;
    // the pool drops that client and the next query gets a fresh connection.
    pool.on('error', (err) => options.onPoolError?.(err));
    const db = drizzleNodePg({ client: pool, schema });
    return { driver: 'postgres', db, close: () => pool.end() };
  }

  const dataDir = options.pgliteDataDir;
  if (dataDir !== PGLITE_IN_MEMORY) mkdirSync(dataDir, { recursive: true });
  // PGlite.create resolves once the data directory is initialised (first run) or opened (later runs),
  // so a broken or locked directory fails here, at boot, not on the first request.
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite({ client, schema });
  return {
    driver: 'pglite',
    db,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
