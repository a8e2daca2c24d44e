// The listener says whether delivery works: up once its probe came back, down when the connection goes
// quiet (a partition) or ends, and up again after reconnecting.
import { sql } from 'drizzle-orm';
import { startTcpProxy, type TcpProxy } from '../testing/tcpProxy.ts';
import { createTestDatabase, TEST_DATABASE_URL } from '../testing/testApp.ts';
import { SERVING_TIMEOUTS, type DbConnection } from './client.ts';
import { LISTENER_APPLICATION_NAME, listenOn, type ChannelHandlers, type ListenOptions } from './listen.ts';
import { until } from '../testing/until.ts';

const FAST: ListenOptions = { probeEveryMs: 100, probeTimeoutMs: 300, retryMinMs: 50, retryMaxMs: 200 };

function recorder() {
  const seen = { notices: [] as string[], ups: 0, downs: 0 };
  const handlers: ChannelHandlers = {
    notice: (payload) => seen.notices.push(payload),
    up: () => (seen.ups += 1),
    down: () => (seen.downs += 1),
  };
  return { seen, handlers };
}

const notify = (db: DbConnection, payload: string, channel = 'listen_test') => db.db.execute(sql`select pg_notify(${channel}, ${payload})`);

describe('listenOn', () => {
  let db: DbConnection;
  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
  });
  afterAll(() => db.close());

  it('is up once started, passes on notices from other connections but not its probes, and is down once stopped', async () => {
    const { seen, handlers } = recorder();
    const listener = listenOn(db, { listen_test: handlers }, FAST);
    await listener.started;
    expect(seen.ups).toBe(1);
    await notify(db, 'a');
    expect(await until(() => seen.notices.length === 1)).toBe(true);
    // Several probes go by: none of them is a notice.
    await new Promise((resolve) => setTimeout(resolve, 350));
    await notify(db, 'b');
    expect(await until(() => seen.notices.length === 2)).toBe(true);
    expect(seen.notices).toEqual(['a', 'b']);
    await listener.stop();
    expect(seen.downs).toBe(1);
  });

  it('listens on several channels at once: each notice to its own channel, up and down to all', async () => {
    const first = recorder();
    const second = recorder();
    const listener = listenOn(db, { listen_test: first.handlers, listen_other: second.handlers }, FAST);
    await listener.started;
    expect([first.seen.ups, second.seen.ups]).toEqual([1, 1]);
    if (TEST_DATABASE_URL) {
      // One connection for all of them.
      const { rows } = await db.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
      );
      expect(rows[0]!.n).toBe(1);
    }
    await notify(db, 'a', 'listen_test');
    await notify(db, 'b', 'listen_other');
    // Probes go by meanwhile (on the first channel): none is a notice on either.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await until(() => first.seen.notices.length === 1 && second.seen.notices.length === 1)).toBe(true);
    expect([first.seen.notices, second.seen.notices]).toEqual([['a'], ['b']]);
    await listener.stop();
    expect([first.seen.downs, second.seen.downs]).toEqual([1, 1]);
  });
});

(TEST_DATABASE_URL ? describe : describe.skip)('listenOn, PostgreSQL behind a network that fails', () => {
  let proxy: TcpProxy;
  let db: DbConnection;
  beforeAll(async () => {
    const server = new URL(TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    db = await createTestDatabase({ migrate: false, port: proxy.port, timeouts: SERVING_TIMEOUTS });
  });
  afterAll(async () => {
    await proxy.restore();
    await db.close();
    await proxy.close();
  });

  it('goes down when its probe does not come back (a partition), and up again once the network is back', async () => {
    const { seen, handlers } = recorder();
    const listener = listenOn(db, { listen_test: handlers }, FAST);
    try {
      await listener.started;
      expect(seen.ups).toBe(1);
      proxy.blackhole();
      expect(await until(() => seen.downs >= 1, 2_000)).toBe(true);
      await proxy.restore();
      expect(await until(() => seen.ups === 2, 5_000)).toBe(true);
      await notify(db, 'after');
      expect(await until(() => seen.notices.includes('after'))).toBe(true);
    } finally {
      await listener.stop();
    }
  });
});
