// LISTEN on one channel, for a process that keeps something in memory that another process may change.
// PostgreSQL: a connection of its own, outside the serving pool (a pooled connection goes back to the
// pool, and its LISTEN with it), that reconnects with backoff. PGlite: the instance's own listen(),
// which delivers a notice before the statement that sent it (or its commit) resolves.
//
// What the owner is told is whether delivery works, not merely whether the connection is open: LISTEN
// through a transaction-mode pooler (PgBouncer) succeeds and then delivers nothing. So delivery is
// confirmed by a probe, a NOTIFY this listener sends itself and must receive, when it connects and
// every `probeEveryMs` after; a probe not back within `probeTimeoutMs` counts as a lost connection.
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

export interface ChannelListener {
  /** Settles once the first attempt has come up or failed (a failure is retried in the background). */
  started: Promise<void>;
  stop(): Promise<void>;
}

/** The application_name of the listening connection, as pg_stat_activity shows it. */
export const LISTENER_APPLICATION_NAME = 'grocer-listener';

const PROBE = 'probe:';

export function listenOn(
  connection: DbConnection,
  channel: string,
  handlers: ChannelHandlers,
  options: ListenOptions = LISTEN_DEFAULTS,
): ChannelListener {
  if (connection.driver === 'pglite') {
    const unlisten = connection.db.$client.listen(channel, (payload) => handlers.notice(payload));
    const started = unlisten.then(
      () => handlers.up(),
      (err: Error) => handlers.down(err),
    );
    return {
      started,
      stop: async () => {
        handlers.down();
        // Already closed (the app closes the database after its listeners stop): nothing to undo.
        if (!connection.db.$client.closed) await (await unlisten)();
      },
    };
  }
  return listenOnPostgres(connection.db.$client.options, channel, handlers, options);
}

function listenOnPostgres(poolOptions: pg.PoolConfig, channel: string, handlers: ChannelHandlers, options: ListenOptions): ChannelListener {
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
    handlers.down(err);
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
        () => reject(new Error(`no notification on ${channel} within ${options.probeTimeoutMs} ms`)),
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
      current.query('select pg_notify($1, $2)', [channel, payload]).catch((err: Error) => {
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
    current.on('notification', ({ channel: from, payload = '' }) => {
      if (from !== channel) return;
      if (!payload.startsWith(PROBE)) handlers.notice(payload);
      else if (payload === probe?.payload) probe.arrived();
    });
    try {
      await current.connect();
      await current.query(`listen ${pg.escapeIdentifier(channel)}`);
      await sendProbe(current);
    } catch (err) {
      lose(current, err as Error);
      return;
    }
    if (client !== current) return;
    failures = 0;
    handlers.up();
    keepProbing(current);
  }

  return {
    started: connect(),
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      const current = client;
      if (current) lose(current);
      else handlers.down();
      // A connection cut off without a word (a partition) may never confirm its end: do not hold the app's close for it.
      await new Promise<void>((resolve) => {
        setTimeout(resolve, options.probeTimeoutMs).unref();
        void ending.then(resolve);
      });
    },
  };
}
