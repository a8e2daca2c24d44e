// Whether the API can serve requests: today that means "the database answers a trivial query".
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { withTimeout } from '../lib/timeout.ts';

/** A health probe must answer quickly even when the database hangs: a 503 within 2 s (load balancers time out too). */
export const HEALTH_DB_TIMEOUT_MS = 1_500;

export type HealthReport = { status: 'ok'; db: 'ok' } | { status: 'unavailable'; db: 'unreachable' };

export interface HealthService {
  check(): Promise<HealthReport>;
}

export function createHealthService(db: Database, log: FastifyBaseLogger): HealthService {
  return {
    async check() {
      try {
        await withTimeout(db.execute(sql`select 1`), HEALTH_DB_TIMEOUT_MS, 'database health check');
        return { status: 'ok', db: 'ok' };
      } catch (err) {
        log.warn({ err }, 'health check: database unreachable');
        return { status: 'unavailable', db: 'unreachable' };
      }
    },
  };
}
