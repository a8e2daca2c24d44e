// LISTEN on some channels, for a process that keeps things in memory that another process may change.
// PostgreSQL: one connection of its own for all of them, outside the serving pool (a pooled connection
// goes back to the pool, and its LISTEN with it), that reconnects with backoff. PGlite: the instance's
// own listen(), which delivers a notice before the statement that sent it (or its commit) resolves.
//
// What the owners are told is whether delivery works, not merely whether the connection is open: LISTEN
// through a transaction-mode pooler (PgBouncer) succeeds and then delivers nothing. So delivery is
// confirmed by a probe, a NOTIFY this listener sends itself and must receive, when it connects and
// every `probeEveryMs` after; a probe not back within `probeTimeoutMs` counts as a lost connection.
// One probe speaks for every channel: they share the connection, so they arrive or are lost together,
// and every channel's owner hears the same up() and down().
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { DbConnection } from './client.ts';

export interface ChannelHandlers {
  /** A notification's payload (probes excluded). */
  notice(payload: string): void;
  /** Delivery is confirmed: every notice committed from now on reaches notice(), until down(). */
  up(): void;
  /** Delivery is lost (or stopped): notices may be missed until the next up(). */
  down(err?: Error): void;
}

export interface ListenOptions {
  probeEveryMs: number;
  probeTimeoutMs: number;
  /** First and longest wait before reconnecting; it doubles in between. */
  retryMinMs: number;
  retryMaxMs: number;
}

export const LISTEN_DEFAULTS: ListenOptions = { probeEveryMs: 10_000, probeTimeoutMs: 2_000, retryMinMs: 250, retryMaxMs: 10_000 };

/** What every channel's owner is told alike: whether delivery works. */
type Delivery = Pick<ChannelHandlers, 'up' | 'down'>;

/** The channels to listen on, each with the handlers of what it invalidates. */
export type Channels = Readonly<Record<string, ChannelHandlers>>;

export interface ChannelListener {
  /** Settles once the first attempt has come up or failed (a failure is retried in the background). */
  started: Promise<void>;
  stop(): Promise<void>;
}

/** The application_name of the listening connection, as pg_stat_activity shows it. */
export const LISTENER_APPLICATION_NAME = 'grocer-listener';

const PROBE = 'probe:';

export function listenOn(connection: DbConnection, channels: Channels, options: ListenOptions = LISTEN_DEFAULTS): ChannelListener {
  const byName = new Map(Object.entries(channels));
  if (byName.size === 0) throw new Error('listenOn: no channel to listen on');
  const every: Delivery = {
    up: () => byName.forEach((h) => h.up()),
    down: (err) => byName.forEach((h) => h.down(err)),
  };
  if (connection.driver === 'pglite') {
    const client = connection.db.$client;
    const listening = Promise.allSettled([...byName].map(([channel, h]) => client.listen(channel, (payload) => h.notice(payload))));
    const started = listening.then((settled) => {
      const failed = settled.find((s) => s.status === 'rejected');
      if (failed) every.down(failed.reason as Error);
      else every.up();
    });
    return {
      started,
      stop: async () => {
        every.down();
        // Already closed (the app closes the database after its listeners stop): nothing to undo.
        if (client.closed) return;
        for (const s of await listening) if (s.status === 'fulfilled') await s.value();
      },
    };
  }
  return listenOnPostgres(connection.db.$client.options, byName, every, options);
}

function listenOnPostgres(
  poolOptions: pg.PoolConfig,
  byName: ReadonlyMap<string, ChannelHandlers>,
  every: Delivery,
  options: ListenOptions,
): ChannelListener {
  // Probes go on the first channel: any would do, since they share the connection.
  const probeChannel = byName.keys().next().value!;
  let stopped = false;
  let client: pg.Client | undefined;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let probing: NodeJS.Timeout | undefined;
  let probe: { payload: string; arrived: () => void } | undefined;

  let ending: Promise<void> = Promise.resolve();

  const lose = (lost: pg.Client, err?: Error) => {
    if (client !== lost) return;
    client = undefined;
    probe = undefined;
    clearTimeout(probing);
    lost.removeAllListeners('notification');
    // Its 'error' and 'end' handlers stay: what follows (the socket closing) lands in this function's first line.
    ending = lost.end().catch(() => undefined);
    every.down(err);
    if (stopped) return;
    const wait = Math.min(options.retryMaxMs, options.retryMinMs * 2 ** failures);
    failures += 1;
    // Jitter, so replicas that lost PostgreSQL together do not all come back in the same instant.
    retry = setTimeout(() => void connect(), wait / 2 + Math.random() * (wait / 2));
    retry.unref();
  };

  /** Sends a probe and resolves once it has come back, or rejects after probeTimeoutMs. */
  const sendProbe = (current: pg.Client) =>
    new Promise<void>((resolve, reject) => {
      const payload = `${PROBE}${randomUUID()}`;
      const late = setTimeout(
        () => reject(new Error(`no notification on ${probeChannel} within ${options.probeTimeoutMs} ms`)),
        options.probeTimeoutMs,
      );
      late.unref();
      probe = {
        payload,
        arrived: () => {
          clearTimeout(late);
          resolve();
        },
      };
      current.query('select pg_notify($1, $2)', [probeChannel, payload]).catch((err: Error) => {
        clearTimeout(late);
        reject(err);
      });
    });

  const keepProbing = (current: pg.Client) => {
    probing = setTimeout(() => {
      sendProbe(current).then(
        () => keepProbing(current),
        (err: Error) => lose(current, err),
      );
    }, options.probeEveryMs);
    probing.unref();
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    const current = new pg.Client({ ...poolOptions, application_name: LISTENER_APPLICATION_NAME, keepAlive: true });
    client = current;
    current.on('error', (err) => lose(current, err));
    current.on('end', () => lose(current, new Error('the listening connection ended')));
    current.on('notification', ({ channel, payload = '' }) => {
      const handlers = byName.get(channel);
      if (!handlers) return;
      if (!payload.startsWith(PROBE)) handlers.notice(payload);
      else if (payload === probe?.payload) probe.arrived();
    });
    try {
      await current.connect();
      await current.query([...byName.keys()].map((channel) => `listen ${pg.escapeIdentifier(channel)}`).join('; '));
      await sendProbe(current);
    } catch (err) {
      lose(current, err as Error);
      return;
    }
    if (client !== current) return;
    failures = 0;
    every.up();
    keepProbing(current);
  }

  return {
    started: connect(),
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      const current = client;
      if (current) lose(current);
      else every.down();
      // A connection cut off without a word (a partition) may never confirm its end: do not hold the app's close for it.
      await new Promise<void>((resolve) => {
        setTimeout(resolve, options.probeTimeoutMs).unref();
        void ending.then(resolve);
      });
    },
  };
}
