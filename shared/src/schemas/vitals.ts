// The Core Web Vitals wire shapes: the shell's report and the admins' 75th percentiles. Their types
// stand beside them; contracts/vitals.ts re-exports them.
import { Type, type Static } from 'typebox';
import { MAX_VITALS_PER_REPORT, VITAL_NAMES, VITAL_ROUTE_PATTERN } from '../contracts/vitals.ts';

export const VitalNameSchema = Type.Enum([...VITAL_NAMES], { description: 'LCP, INP, FCP, TTFB in milliseconds; CLS unitless' });

export const VitalsReportSchema = Type.Object(
  {
    route: Type.String({ pattern: VITAL_ROUTE_PATTERN, description: 'The route pattern the page matched, e.g. /store/:pathName' }),
    metrics: Type.Array(Type.Object({ name: VitalNameSchema, value: Type.Number({ minimum: 0 }) }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: MAX_VITALS_PER_REPORT,
    }),
  },
  { additionalProperties: false, title: 'VitalsReport' },
);
/** POST /vitals: one page view's figures, by the pattern of the route it loaded on. */
export type VitalsReport = Static<typeof VitalsReportSchema>;

export const RouteVitalSchema = Type.Object(
  {
    route: Type.String(),
    name: VitalNameSchema,
    p75: Type.Number({ description: '75th percentile' }),
    count: Type.Integer({ description: 'Figures it was computed from' }),
  },
  { title: 'RouteVital' },
);
/** One route's 75th percentile of one metric, and how many figures it was computed from. */
export type RouteVital = Static<typeof RouteVitalSchema>;

export const AdminVitalsSchema = Type.Object(
  {
    hours: Type.Integer({ description: 'How far back it looked' }),
    vitals: Type.Array(RouteVitalSchema, { description: 'By route, then metric' }),
  },
  { title: 'AdminVitals' },
);
/** GET /admin/vitals (admins). */
export type AdminVitals = Static<typeof AdminVitalsSchema>;
