// The mixed bench's table of pool use per step (bench-server.ts counts it with trackPoolUse): per
// request, the statements and transactions it sent, how long it waited for and held connections, and
// how long it held row locks.
import type { PoolUse } from '../src/db/poolUse.ts';
import { percentile } from './bench-lib.ts';

/** The p-th percentile of `values` (any order), one decimal. */
export const at = (values: number[], p: number) =>
  (
    percentile(
      [...values].sort((a, b) => a - b),
      p,
    ) || 0
  ).toFixed(1);

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

export function poolUseRows(usesByStep: Map<string, PoolUse[]>) {
  return [...usesByStep.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([step, uses]) => {
      const field = (f: Exclude<keyof PoolUse, 'texts'>) => uses.map((u) => u[f]);
      return {
        step,
        requests: uses.length,
        'queries/req': mean(field('queries')).toFixed(1),
        'txns/req': mean(field('transactions')).toFixed(2),
        'in txns/req': mean(field('inTransaction')).toFixed(1),
        'checkouts/req': mean(field('checkouts')).toFixed(1),
        // What the step took of the pool's time in all: the pool's connections times the run's length is the whole.
        'held s': (field('heldMs').reduce((a, b) => a + b, 0) / 1000).toFixed(1),
        'held p50': at(field('heldMs'), 50),
        'held p95': at(field('heldMs'), 95),
        'locks p50': at(field('lockMs'), 50),
        'locks p95': at(field('lockMs'), 95),
        'wait p95': at(field('waitMs'), 95),
      };
    });
}
