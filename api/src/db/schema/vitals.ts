// Core Web Vitals that shoppers' browsers report (POST /vitals): one row per figure, kept a week.
// No user, session or address is stored: a route pattern, a metric name, a value and when.
import { sql } from 'drizzle-orm';
import { bigserial, check, doublePrecision, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const webVitals = pgTable(
  'web_vitals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The route pattern the page matched ("/store/:pathName"), never the concrete URL. */
    route: text('route').notNull(),
    /** LCP, INP, CLS, FCP or TTFB. */
    name: text('name').notNull(),
    /** Milliseconds, except CLS (unitless). */
    value: doublePrecision('value').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('web_vitals_recorded_at_idx').on(t.recordedAt), check('web_vitals_value_check', sql`${t.value} >= 0`)],
);
