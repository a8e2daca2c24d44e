// The PostgreSQL pool the API runs on: pg's, with one guard for how drizzle-orm uses it.
import pg from 'pg';

/**
 * drizzle-orm (0.45) opens a transaction with `begin` before the try/finally that gives its client
 * back, so a `begin` that fails (its query timeout during a network partition) never releases the
 * client. After one outage the pool was short of those clients for good, and closing the app waited
 * for them forever (databaseUnavailable.test.ts on PostgreSQL). Here a failed `begin` releases its
 * client, destroyed, since it may still be waiting for a reply. A release is taken once per checkout,
 * so a drizzle that releases such a client itself would not release it twice. Likewise a client
 * whose query timed out (a `rollback` after a failed statement) is destroyed when it is released,
 * not handed to the next request still waiting for that reply.
 */
export class Pool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: Parameters<pg.Pool['connect']>[0]): Promise<pg.PoolClient> | void {
    // pg's own pool.query() checks out with a callback and releases on every path: left as it is.
    if (callback) return super.connect(callback);
    return super.connect().then(releasedOnFailedBegin);
  }
}

function releasedOnFailedBegin(client: pg.PoolClient): pg.PoolClient {
  const { query, release } = client;
  let checkedOut = true;
  let timedOut: Error | undefined;
  client.release = (err?: Error | boolean) => {
    if (!checkedOut) return;
    checkedOut = false;
    client.query = query;
    client.release = release;
    release.call(client, err || timedOut);
  };
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    const result = (query as (...a: unknown[]) => unknown).apply(client, args);
    if (result instanceof Promise)
      result.catch((err: unknown) => {
        if (err instanceof Error && /timeout/i.test(err.message)) timedOut = err;
        if (isBegin(args[0])) client.release(err instanceof Error ? err : true);
      });
    return result;
  } as pg.PoolClient['query'];
  return client;
}

function isBegin(config: unknown): boolean {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*begin\b/i.test(text);
}
