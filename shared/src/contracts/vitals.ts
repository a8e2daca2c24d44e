// Real-user Core Web Vitals: what the shell sends (POST /vitals) and what the operations screen reads
// back (GET /admin/vitals). The shapes are written once, as TypeBox schemas in ../schemas/vitals.ts;
// their types are declared beside them and re-exported here (type-only: the browser never loads TypeBox).
export type * from '../schemas/vitals.ts';

/** LCP, INP, FCP and TTFB are milliseconds; CLS is a unitless score. */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** A route pattern as the shell's route table names it ("/", "/store/:pathName"): never a page's own URL. */
export const VITAL_ROUTE_PATTERN = '^/[A-Za-z0-9/:._-]{0,119}$';
export const MAX_VITALS_PER_REPORT = 10;

export const vitalsApiPaths = {
  report: () => '/vitals',
  admin: () => '/admin/vitals',
} as const;
