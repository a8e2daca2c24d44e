// Core Web Vitals as shoppers get them (the browser's own measurements, sampled and sent by the shell),
// and their 75th percentile per route: the figure Google's field data reports, so ours compare to it.
import { and, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import type { RouteVital, VitalName, VitalsReport } from '@grocer/shared/contracts';
import { webVitals } from '../db/schema.ts';

/** Above these a figure is a broken clock or a tab left in the background, not a page load. */
export const VITAL_MAX: Record<VitalName, number> = { LCP: 120_000, INP: 60_000, CLS: 100, FCP: 120_000, TTFB: 120_000 };
/** Figures older than this are deleted; the dashboard reads the last 24 hours. */
export const VITALS_RETENTION_HOURS = 24 * 8;
export const VITALS_DEFAULT_HOURS = 24;

export interface VitalsService {
  /** Stores a report's figures; figures past VITAL_MAX are dropped, not clipped. Returns how many were kept. */
  record(report: VitalsReport, now?: Date): Promise<number>;
  /** p75 and sample count per route and metric over the `hours` before `now`, routes in order. */
  p75(hours: number, now?: Date): Promise<RouteVital[]>;
}

const HOUR_MS = 3_600_000;

export function createVitalsService(db: Database): VitalsService {
  // Old rows go at most once an hour per process, in the writer's path but never in its way.
  let nextPurge = 0;
  const purge = async (now: Date) => {
    if (now.getTime() < nextPurge) return;
    nextPurge = now.getTime() + HOUR_MS;
    await db.delete(webVitals).where(lt(webVitals.recordedAt, new Date(now.getTime() - VITALS_RETENTION_HOURS * HOUR_MS)));
  };

  return {
    async record(report, now = new Date()) {
      const rows = report.metrics
        .filter((m) => Number.isFinite(m.value) && m.value >= 0 && m.value <= VITAL_MAX[m.name])
        .map((m) => ({ route: report.route, name: m.name, value: m.value, recordedAt: now }));
      if (rows.length > 0) await db.insert(webVitals).values(rows);
      await purge(now);
      return rows.length;
    },

    async p75(hours, now = new Date()) {
      const since = new Date(now.getTime() - hours * HOUR_MS);
      const rows = await db
        .select({
          route: webVitals.route,
          name: webVitals.name,
          p75: sql<number>`percentile_cont(0.75) within group (order by ${webVitals.value})`.mapWith(Number),
          count: sql<number>`count(*)`.mapWith(Number),
        })
        .from(webVitals)
        .where(and(gte(webVitals.recordedAt, since), lt(webVitals.recordedAt, new Date(now.getTime() + 1))))
        .groupBy(webVitals.route, webVitals.name)
        .orderBy(webVitals.route, webVitals.name);
      return rows.map((r) => ({ ...r, name: r.name as VitalName, p75: Math.round(r.p75 * 1000) / 1000 }));
    },
  };
}
