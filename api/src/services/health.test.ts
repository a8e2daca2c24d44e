import pino from 'pino';
import type { Database } from '../db/client.ts';
import { createTestDatabase } from '../testing/testApp.ts';
import { createHealthService, HEALTH_DB_TIMEOUT_MS } from './health.ts';

const log = pino({ level: 'silent' });

describe('health service', () => {
  it('reports a closed database as unreachable', async () => {
    const connection = await createTestDatabase({ migrate: false });
    const health = createHealthService(connection.db, log);
    expect(await health.check()).toEqual({ status: 'ok', db: 'ok' });

    await connection.close();
    expect(await health.check()).toEqual({ status: 'unavailable', db: 'unreachable' });
  });

  it('gives up on a database that never answers after the timeout', async () => {
    // A query that never settles, like a server that accepted the connection and then hung.
    const hanging = { execute: () => new Promise(() => undefined) } as unknown as Database;
    const health = createHealthService(hanging, log);
    const started = Date.now();
    expect(await health.check()).toEqual({ status: 'unavailable', db: 'unreachable' });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(HEALTH_DB_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(HEALTH_DB_TIMEOUT_MS + 500);
  });
});
