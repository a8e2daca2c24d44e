// What each request does with the PostgreSQL pool, counted by the pool itself: statements sent,
// transactions opened, how long it waited for and held connections, and how long it held row locks.
// The mixed bench installs it (bench-server.ts) to show per checkout step where connections go; the
// API does not, since it costs a wrapper per query. A request is whatever `run` wraps; the pool's
// callback and promise check-outs both keep the request they were asked for in, even when pg-pool hands
// the connection over from another request's release.
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';

/** One request's use of the pool. */
export interface PoolUse {
  /** Statements sent, `begin`/`commit`/`rollback` excluded. */
  queries: number;
  /** `begin`s. */
  transactions: number;
  /** Statements sent inside transactions: round trips made while the transaction's locks and connection are held. */
  inTransaction: number;
  /** Connection check-outs. */
  checkouts: number;
  /** Time spent waiting for a free connection. */
  waitMs: number;
  /** Time from check-out to release, summed over check-outs. */
  heldMs: number;
  /**
   * Time row locks were held: in a transaction, from its first write or `for update`/`for share` to the
   * release after commit; outside one, a write statement's whole check-out.
   */
  lockMs: number;
  /** The statements' texts, in order, when the caller asks for them (an empty array to fill). */
  texts?: string[];
}

export const emptyPoolUse = (): PoolUse => ({
  queries: 0,
  transactions: 0,
  inTransaction: 0,
  checkouts: 0,
  waitMs: 0,
  heldMs: 0,
  lockMs: 0,
});

const statementText = (config: unknown): string => {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text.trimStart().toLowerCase() : '';
};
const CONTROL = /^(begin|commit|rollback|savepoint|release)\b/;
/** A statement that takes row locks it keeps until the transaction ends. */
const LOCKING = /^(insert|update|delete|with\b[\s\S]*\b(insert|update|delete)\b)|\bfor (update|share|no key update)\b/;

export interface PoolUseTracker {
  /** Runs `fn` as one request: what it does through the pools is added to `use`. */
  run<T>(use: PoolUse, fn: () => T): T;
  /** Per pool (in the order given), every check-out's wait for a connection (ms), in or outside a request. */
  waits: number[][];
}

type Callback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * Wraps each pool's `connect` (callback and promise forms) so every check-out is counted for the request it
 * serves; a request's use of all the pools adds up in one PoolUse.
 */
export function trackPoolUse(...pools: pg.Pool[]): PoolUseTracker {
  const requests = new AsyncLocalStorage<PoolUse>();
  const waits = pools.map((pool) => countCheckouts(pool, requests));
  return { run: (use, fn) => requests.run(use, fn), waits };
}

/** Counts one pool's check-outs for the request in `requests`; returns the list of its waits. */
function countCheckouts(pool: pg.Pool, requests: AsyncLocalStorage<PoolUse>): number[] {
  const connect = pool.connect.bind(pool) as {
    (): Promise<pg.PoolClient>;
    (callback: Callback): void;
  };

  const waits: number[] = [];

  function counted(client: pg.PoolClient, use: PoolUse | undefined, asked: number): void {
    const checkedOut = performance.now();
    waits.push(checkedOut - asked);
    if (!use) return;
    use.checkouts += 1;
    use.waitMs += checkedOut - asked;
    const { query, release } = client;
    let lockedAt: number | undefined;
    // Set at `begin`, cleared at `commit`/`rollback`; drizzle runs one transaction per check-out.
    let inTransaction = false;
    let lockedInTransaction = false;
    client.query = function (this: pg.PoolClient, ...args: unknown[]) {
      const text = statementText(args[0]);
      use.texts?.push(text.replace(/\s+/g, ' ').slice(0, 240));
      if (text.startsWith('begin')) {
        use.transactions += 1;
        inTransaction = true;
      } else if (/^(commit|rollback)\b/.test(text)) {
        inTransaction = false;
      } else if (!CONTROL.test(text)) {
        use.queries += 1;
        if (inTransaction) use.inTransaction += 1;
        if (lockedAt === undefined && LOCKING.test(text)) {
          lockedAt = performance.now();
          lockedInTransaction = inTransaction;
        }
      }
      return (query as (...a: unknown[]) => unknown).apply(client, args);
    } as pg.PoolClient['query'];
    client.release = (err?: Error | boolean) => {
      const now = performance.now();
      use.heldMs += now - checkedOut;
      // A transaction's locks last until its commit answered, just before this release; outside one, a
      // write's locks last its statement, which is (nearly) the whole check-out.
      if (lockedAt !== undefined) use.lockMs += now - (lockedInTransaction ? lockedAt : checkedOut);
      client.query = query;
      client.release = release;
      return release.call(client, err);
    };
  }

  pool.connect = ((callback?: Callback) => {
    const use = requests.getStore();
    const asked = performance.now();
    if (callback) {
      return connect((err, client, done) => {
        if (client) counted(client, use, asked);
        // pg-pool's own query() releases through client.release, which now carries the count.
        callback(err, client, client ? (release?: unknown) => client.release(release as Error | boolean | undefined) : done);
      });
    }
    return connect().then((client) => {
      counted(client, use, asked);
      return client;
    });
  }) as typeof pool.connect;

  return waits;
}
