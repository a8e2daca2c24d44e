// Opens the database: PostgreSQL through node-postgres when a URL is given, otherwise the embedded
// PGlite (files under .data/, or in memory). Both speak PostgreSQL, share one schema and one
// migration set, and are used through the same Drizzle `Database` type.
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { PGLITE_IN_MEMORY } from '../config.ts';
import { Pool } from './pool.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;

/** What services use: the driver-independent Drizzle API (select/insert/update/delete/transaction/execute). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** The open database plus what only its owner needs: the concrete driver (for migrations) and close(). */
export type DbConnection =
  | { driver: 'pglite'; db: PgliteDatabase<Schema> & { $client: PGlite }; reads: Database; background: Database; close(): Promise<void> }
  | {
      driver: 'postgres';
      db: NodePgDatabase<Schema> & { $client: pg.Pool };
      /** The catalogue's reads for shoppers (READ_POOL_MAX connections of their own). */
      reads: NodePgDatabase<Schema> & { $client: pg.Pool };
      /** Work no request waits for (the in-memory indexes' loads): BACKGROUND_POOL_MAX connections, maintenance timeouts. */
      background: NodePgDatabase<Schema> & { $client: pg.Pool };
      close(): Promise<void>;
    };

export interface ConnectOptions {
  /** postgres:// URL; when undefined PGlite is used. */
  databaseUrl: string | undefined;
  /** PGlite data directory (absolute) or PGLITE_IN_MEMORY. */
  pgliteDataDir: string;
  /** Called when an idle pooled PostgreSQL connection fails (server restart, network drop). */
  onPoolError?: (err: Error) => void;
  /** PostgreSQL only; SERVING_TIMEOUTS unless the connection migrates or seeds. */
  timeouts?: PgTimeouts;
  /**
   * PGlite only: a data directory dump (PGlite's dumpDataDir) to start from instead of an empty
   * cluster. Loading one skips initdb, most of a new database's start-up.
   */
  pgliteFrom?: Blob;
}

/** How long node-postgres waits: for a connection (new, or a free one from the pool), and for one statement. */
export interface PgTimeouts {
  /** Opening a connection, or waiting for a pooled one: past this, fail instead of queueing forever. */
  connectMs: number;
  /** Server-side cap for one statement: a runaway query is cancelled rather than holding a connection. */
  statementMs: number;
  /** Client-side cap for one query, for when the server itself stops answering (a network partition). */
  queryMs: number;
}

/**
 * Serving requests: every call answers within 2 s, a 503 if need be, even when the
 * network to PostgreSQL goes silent. A call waits for a connection or for one query, not both in a row
 * in practice, so either bound alone stays under 2 s with room for the rest of the request.
 */
export const SERVING_TIMEOUTS: PgTimeouts = { connectMs: 1_500, statementMs: 1_200, queryMs: 1_500 };

/** Migrations and seeding (at boot, `npm run seed`): index builds and bulk inserts outlast any request. */
export const MAINTENANCE_TIMEOUTS: PgTimeouts = { connectMs: 2_000, statementMs: 10_000, queryMs: 12_000 };

/**
 * The planner's cost of a random page read. PostgreSQL's default (4) prices a spinning disk; our data
 * is in memory or on SSD, and at that price the planner seq-scans 100k products for a search word the
 * GIN index answers 10× faster ("milk": 49 ms → 5 ms). 1.1 is the usual SSD setting.
 */
export const RANDOM_PAGE_COST = 1.1;

/** Connections of an API process's pool for everything but the catalogue's reads (node-postgres' default). */
export const POOL_MAX = 10;

/**
 * Connections of a second pool, for the catalogue's reads (listings, search, suggestions, products by id).
 * They are single statements that need no transaction; sharing the pool, they queued behind checkouts'
 * transactions at a busy hour (a listing waited ~100 ms for a connection before its 1 ms read), and
 * checkouts queued behind them. With a pool of their own, browsing stays quick while checkouts fill
 * theirs. Small: the reads are short, and PostgreSQL runs best with few active connections per core. Six,
 * not four: once checkouts got quicker, four were busy in 95% of samples under the mixed bench and a
 * listing waited p50 160 ms for one (six: busy in 31–33%, p50 0 ms).
 */
export const READ_POOL_MAX = 6;

/** Connections for work no request waits for: one per in-memory index that loads at once (catalogueService.ts). */
export const BACKGROUND_POOL_MAX = 2;

export async function connectDatabase(options: ConnectOptions): Promise<DbConnection> {
  if (options.databaseUrl) {
    const openPool = (max: number, timeouts = options.timeouts ?? SERVING_TIMEOUTS) => {
      const pool = new Pool({
        connectionString: options.databaseUrl,
        max,
        connectionTimeoutMillis: timeouts.connectMs,
        statement_timeout: timeouts.statementMs,
        query_timeout: timeouts.queryMs,
        options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
      });
      // Without a listener an idle client's error (e.g. PostgreSQL restarting) would crash the process;
      // the pool drops that client and the next query gets a fresh connection.
      pool.on('error', (err) => options.onPoolError?.(err));
      return drizzleNodePg({ client: pool, schema });
    };
    const db = openPool(POOL_MAX);
    const reads = openPool(READ_POOL_MAX);
    // An index load reads the whole catalogue (a group-by over every product): at a busy hour it outlasts
    // the serving timeouts, and each failed load left the searches waiting on it with a 503 and started
    // another. The two indexes (search, shelves) load at once, each a few statements in a row, so each gets a
    // connection rather than waiting past the connect timeout for the other's. They close after 10 s idle
    // (the pool's default), so they count only while a load runs.
    const background = openPool(BACKGROUND_POOL_MAX, MAINTENANCE_TIMEOUTS);
    return {
      driver: 'postgres',
      db,
      reads,
      background,
      close: async () => {
        await Promise.all([db.$client.end(), reads.$client.end(), background.$client.end()]);
      },
    };
  }

  const dataDir = options.pgliteDataDir;
  if (dataDir !== PGLITE_IN_MEMORY) mkdirSync(dataDir, { recursive: true });
  // PGlite.create resolves once the data directory is initialised (first run) or opened (later runs),
  // so a broken or locked directory fails here, at boot, not on the first request.
  const client = await PGlite.create(dataDir, options.pgliteFrom ? { loadDataDir: options.pgliteFrom } : {});
  await client.exec(`set random_page_cost = ${RANDOM_PAGE_COST}`);
  const db = drizzlePglite({ client, schema });
  return {
    driver: 'pglite',
    db,
    // One connection in the process: nothing to keep apart.
    reads: db,
    background: db,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
