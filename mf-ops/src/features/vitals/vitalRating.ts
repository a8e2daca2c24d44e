// Google's thresholds for each Core Web Vital (web.dev/articles/vitals, the same as web-vitals'
// *Thresholds): at or under the first a figure is good, over the second it is poor. They are
// written out here rather than imported, so the operations remote does not bundle web-vitals.
import type { VitalName } from '@grocer/shared';

export type VitalRating = 'good' | 'needs-improvement' | 'poor';

/** [good up to, poor above]: milliseconds, CLS unitless. */
export const VITAL_THRESHOLDS: Record<VitalName, readonly [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

export function rateVital(name: VitalName, value: number): VitalRating {
  const [good, poor] = VITAL_THRESHOLDS[name];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

/** A figure as it is read: seconds for the paints and the first byte, milliseconds for INP, a score for CLS. */
export function formatVital(name: VitalName, value: number): string {
  if (name === 'CLS') return value.toFixed(value < 1 ? 2 : 1);
  if (name === 'INP') return `${Math.round(value)} ms`;
  return `${(value / 1000).toFixed(2)} s`;
}
