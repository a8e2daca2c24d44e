// Test helpers: a fresh, migrated database per test file and the real app built on it.
//
// By default the database is an in-memory PGlite. With DATABASE_URL set (e.g.
// postgres://postgres@127.0.0.1:5432/test) each call creates its own PostgreSQL database and drops
// it on close, so parallel jest workers never see each other's rows. Same tests, both drivers.
//
//   const app = await buildTestApp();
//   afterAll(() => app.close());
//   const res = await app.inject({ method: 'GET', url: '/health' });
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp, type App, type BuildAppOptions } from '../app.ts';
import { loadConfig, PGLITE_IN_MEMORY, type Config } from '../config.ts';
import { connectDatabase, MAINTENANCE_TIMEOUTS, type DbConnection, type PgTimeouts } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { MIGRATIONS_DIR } from '../lib/paths.ts';
import { seedCatalogue } from '../seed/seedCatalogue.ts';
import { holdToContract } from './contractCheck.ts';

/** A PostgreSQL URL nothing listens on: port 1 refuses connections at once. */
export const UNREACHABLE_DATABASE_URL = 'postgres://postgres@127.0.0.1:1/unreachable';

/** The PostgreSQL server the suite runs against, or undefined for PGlite. */
export const TEST_DATABASE_URL = process.env.DATABASE_URL?.trim() || undefined;

/** Where app.services.paypal points in tests: nothing. A test that wants PayPal passes a fake or uses testing/paypal.ts. */
export const UNREACHABLE_PAYPAL_API_BASE = 'http://127.0.0.1:1/dev/paypal';

/** Config as the tests see it: defaults, NODE_ENV=test, in-memory PGlite, plus `overrides`. Never reads process.env. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  // PAYPAL_API_BASE: never a developer's API that happens to run on :4000. Loopback, as tests listen
  // (the stand-ins are served); a fresh random key per app, as the API would make on a first start.
  const env = {
    NODE_ENV: 'test',
    API_HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(32).toString('base64url'),
    PGLITE_DATA_DIR: PGLITE_IN_MEMORY,
    PAYPAL_API_BASE: UNREACHABLE_PAYPAL_API_BASE,
  };
  return { ...loadConfig(env), ...overrides };
}

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** PGlite's own version: a dump is only loaded by the PGlite that made it. */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const root = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Every file of the migrations folder, by name and content: a new or edited migration changes it. */
function migrationsDigest(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 16);
}

/** Read once per test file: a file that makes several databases need not hash the migrations each time. */
let templateKeys: { version: string; migrations: string } | undefined;

/**
 * What a PGlite test database starts from: a dump of a new cluster, migrated or not, made once and
 * kept in the temp folder under a name that changes with the migrations and PGlite's version.
 * Starting each database with initdb and every migration took seconds each, most of the API suite's
 * time on a 2-core machine; loading the dump skips both. Written beside, then renamed, so a parallel
 * worker never reads half a file (two workers making it at once both write the same content).
 */
async function pgliteTemplate(migrated: boolean): Promise<Blob> {
  templateKeys ??= { version: pgliteVersion(), migrations: migrationsDigest() };
  const file = path.join(tmpdir(), `grocer-test-pglite-${templateKeys.version}-${migrated ? templateKeys.migrations : 'empty'}.tar`);
  if (!existsSync(file)) {
    const connection = await connectDatabase({ databaseUrl: undefined, pgliteDataDir: PGLITE_IN_MEMORY });
    try {
      if (migrated) await runMigrations(connection);
      const dump = await (connection.db.$client as PGlite).dumpDataDir('none');
      const partial = `${file}.${process.pid}.tmp`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await connection.close();
    }
  }
  return new Blob([readFileSync(file)]);
}

/**
 * A new database for one test file, migrated unless `migrate: false`: in-memory PGlite, or a new
 * PostgreSQL database on TEST_DATABASE_URL's server that `close()` drops (reached on `port` when given).
 */
export async function createTestDatabase(options: { migrate?: boolean; port?: number; timeouts?: PgTimeouts } = {}): Promise<DbConnection> {
  let connection: DbConnection;
  if (!TEST_DATABASE_URL) {
    const migrated = options.migrate !== false;
    connection = await connectDatabase({
      databaseUrl: undefined,
      pgliteDataDir: PGLITE_IN_MEMORY,
      pgliteFrom: await pgliteTemplate(migrated),
    });
    // Already migrated; running them again would only find nothing pending.
    if (migrated) return connection;
  } else {
    // Unique per worker process and call; only [a-z0-9_] so it needs no quoting rules beyond "".
    const name = `grocer_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await withAdminClient((admin) => admin.query(`create database "${name}"`));
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    // A proxy in front of the server (testing/tcpProxy.ts), for tests that cut the connection.
    if (options.port !== undefined) url.port = String(options.port);
    // Suites seed whole catalogues through this connection on a loaded CI machine: the long timeouts,
    // unless a test asks for the serving ones (databaseUnavailable.test.ts).
    const inner = await connectDatabase({
      databaseUrl: url.href,
      pgliteDataDir: PGLITE_IN_MEMORY,
      timeouts: options.timeouts ?? MAINTENANCE_TIMEOUTS,
    });
    connection = {
      ...inner,
      close: async () => {
        await inner.close();
        // FORCE (PostgreSQL 13+) ends any connection a failed test left behind.
        await withAdminClient((admin) => admin.query(`drop database if exists "${name}" with (force)`));
      },
    } as DbConnection;
  }
  if (options.migrate !== false) await runMigrations(connection);
  return connection;
}

export interface TestAppOptions {
  /** Config overrides on top of testConfig(). */
  config?: Partial<Config>;
  /** Use this database instead of a fresh createTestDatabase(); the app closes it on app.close(). */
  db?: DbConnection;
  extraRoutes?: BuildAppOptions['extraRoutes'];
  /** Replacements for some services, e.g. `{ paypal: fakePaypal }`. */
  services?: BuildAppOptions['services'];
  onRoute?: BuildAppOptions['onRoute'];
  rateLimitMax?: BuildAppOptions['rateLimitMax'];
}

/**
 * Injected requests carry the Host a browser sends to the API's configured address, where
 * light-my-request's default (localhost:80) is an address the API is not at (the /dev stand-ins refuse
 * it, as they refuse any Host but their own). A request that names its own Host keeps it.
 */
function injectingAsBrowsers(app: App): App {
  const authority = `localhost:${app.config.port}`;
  const inject = app.inject.bind(app) as (...args: unknown[]) => unknown;
  const withHost = (options: InjectOptions | string) =>
    typeof options === 'string' ? { url: options, authority } : { authority, ...options };
  app.inject = ((options?: InjectOptions | string, ...rest: unknown[]) =>
    options === undefined ? inject() : inject(withHost(options), ...rest)) as App['inject'];
  return app;
}

/**
 * The real app, logging off, on a fresh migrated test database. `app.close()` also disposes the database.
 * Every answer is held to its contract (testing/contractCheck.ts): one that does not match is a 500.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<App> {
  const db = options.db ?? (await createTestDatabase());
  try {
    const { extraRoutes, services, rateLimitMax } = options;
    const onRoute = (route: Parameters<typeof holdToContract>[0]) => {
      options.onRoute?.(route);
      holdToContract(route);
    };
    return injectingAsBrowsers(
      await buildApp({ config: testConfig(options.config), db, logger: false, extraRoutes, services, onRoute, rateLimitMax }),
    );
  } catch (err) {
    await db.close();
    throw err;
  }
}

/** A test app on a seeded catalogue of about `products` products, its catalogue caches fresh. */
export async function buildSeededApp(products: number): Promise<App> {
  const app = await buildTestApp();
  await seedCatalogue(app.db, { products });
  app.services.catalogue.invalidate();
  return app;
}

/** A connection to a database that does not answer, for 503 tests. */
export function connectUnreachableDatabase(): Promise<DbConnection> {
  return connectDatabase({ databaseUrl: UNREACHABLE_DATABASE_URL, pgliteDataDir: PGLITE_IN_MEMORY });
}

/** Two apps on one database, as two API replicas: one JWT secret, so a token of either is good on the other. */
export async function buildReplicas(config: Partial<Config> = {}): Promise<{ a: App; b: App; close(): Promise<void> }> {
  const shared = await createSharedTestDatabase();
  const both = { ...config, jwtSecret: randomBytes(32).toString('base64url') };
  const a = await buildTestApp({ db: await shared.open(), config: both });
  const b = await buildTestApp({ db: await shared.open(), config: both });
  return {
    a,
    b,
    close: async () => {
      await b.close();
      await a.close();
      await shared.drop();
    },
  };
}

/** A database that outlives the apps built on it: restart and replica tests. */
export interface SharedTestDatabase {
  /** A connection for one app (its close() is the app's). On PGlite, apps open at the same time share one instance. */
  open(): Promise<DbConnection>;
  /** Removes the database (after every app on it has closed). */
  drop(): Promise<void>;
  /** How an API process of its own reaches it: DATABASE_URL or PGLITE_DATA_DIR (PGlite: only while no app here has it open). */
  env: Record<string, string>;
}

/**
 * PostgreSQL (TEST_DATABASE_URL): a new database that each open() connects to with a pool of its own,
 * as separate API processes would. PGlite: a data directory on disk; apps open at once share its one
 * instance (PGlite takes one connection), and reopening after they all closed reads the same files.
 */
export async function createSharedTestDatabase(): Promise<SharedTestDatabase> {
  if (TEST_DATABASE_URL) {
    const name = `grocer_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await withAdminClient((admin) => admin.query(`create database "${name}"`));
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    const open = () => connectDatabase({ databaseUrl: url.href, pgliteDataDir: PGLITE_IN_MEMORY, timeouts: MAINTENANCE_TIMEOUTS });
    const first = await open();
    await runMigrations(first);
    await first.close();
    return {
      open,
      drop: () => withAdminClient((admin) => admin.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
      env: { DATABASE_URL: url.href },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'grocer-shared-db-'));
  let current: { connection: DbConnection; users: number } | null = null;
  const open = async (): Promise<DbConnection> => {
    if (!current) {
      const connection = await connectDatabase({ databaseUrl: undefined, pgliteDataDir: dir });
      await runMigrations(connection);
      current = { connection, users: 0 };
    }
    const shared = current;
    shared.users += 1;
    return {
      ...shared.connection,
      close: async () => {
        shared.users -= 1;
        if (shared.users > 0) return;
        if (current === shared) current = null;
        await shared.connection.close();
      },
    } as DbConnection;
  };
  return { open, drop: async () => rmSync(dir, { recursive: true, force: true }), env: { PGLITE_DATA_DIR: dir } };
}
