// Entry point (`tsx src/server.ts`): config → database → migrations → app → listen, and a graceful stop.
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { connectDatabase, MAINTENANCE_TIMEOUTS, SERVING_TIMEOUTS, type DbConnection, type PgTimeouts } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { createLogger } from './plugins/requestLog.ts';
import { seedCatalogueIfNeeded } from './seed/seedCatalogue.ts';
import { demoAccountsStartProblem } from './services/demoAccounts.ts';
import { keptDevJwtSecret } from './services/devSecret.ts';
import { createPasswordHasher } from './services/passwords.ts';
import { DEMO_PASSWORD, seedDemoAccounts } from './services/users.ts';

/** If closing hangs (a stuck request or database), exit anyway rather than block a deploy. */
const FORCE_EXIT_AFTER_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      // No logger yet (its level is part of the config): plain stderr, then a failing exit code.
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  // One logger from the first line on, so production's output is JSON throughout.
  const log = createLogger(config);

  let db: DbConnection;
  const connect = (timeouts: PgTimeouts) =>
    connectDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDataDir: config.pgliteDataDir,
      onPoolError: (err) => log.error(`PostgreSQL idle connection error: ${err.message}`),
      timeouts,
    });
  try {
    const database = await connect(MAINTENANCE_TIMEOUTS);
    await runMigrations(database, {
      // A fresh database gets the demo catalogue; an existing one is left alone. Under the migration
      // lock: API replicas starting together on an empty PostgreSQL would otherwise collide on unique keys.
      afterMigrate: async () => {
        if (await seedCatalogueIfNeeded(database.db)) log.info('Seeded the demo catalogue.');
        if (config.seedDemoAccounts && (await seedDemoAccounts(database.db, createPasswordHasher(config.passwordHashLogN))) > 0) {
          log.info(`Created the demo accounts (password ${DEMO_PASSWORD}; see api/README.md).`);
        }
      },
    });
    // PostgreSQL: requests get their own pool with the short serving timeouts (PGlite has none).
    if (database.driver === 'postgres') {
      await database.close();
      db = await connect(SERVING_TIMEOUTS);
    } else {
      db = database;
    }
  } catch (err) {
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.pgliteDataDir}`;
    log.error({ err }, `Could not open and migrate the database: ${where}.`);
    process.exit(1);
  }

  // Before anything listens: a demo admin with its public password must never face production traffic.
  const unsafe = await demoAccountsStartProblem(db.db, config);
  if (unsafe) {
    console.error(unsafe);
    await db.close();
    process.exit(1);
  }

  const app = await buildApp({
    config: config.jwtSecret ? config : { ...config, jwtSecret: await keptDevJwtSecret(db.db) },
    db,
    logger: log,
  });
  const database = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.pgliteDataDir})`;

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // Ctrl-C reaches both tsx and this process, and tsx relays it too: close once, ignore the repeats.
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received, shutting down`);
    setTimeout(() => {
      app.log.error(`still closing after ${FORCE_EXIT_AFTER_MS / 1000} s, forcing exit`);
      process.exit(1);
    }, FORCE_EXIT_AFTER_MS).unref();
    // app.close() stops accepting connections, waits for in-flight requests, then its onClose hook closes the database.
    app.close().then(
      () => {
        app.log.info('stopped');
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    app.log.error({ err }, `could not listen on ${config.host}:${config.port}`);
    await app.close();
    process.exit(1);
  }
  // 0.0.0.0 is not an address to open in a browser; print the local one.
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(`Grocer API ready at http://${shownHost}:${config.port} (docs: /docs) using ${database}`);
}

void main();
