// Where a run's CPU went on this machine, read from /proc (Linux only; elsewhere nothing is printed):
// the API process, PostgreSQL's processes when the database runs here, this load generator, and the
// machine as a whole. The mixed bench divides each by the paid orders, so a run says which of them
// the cores went to and how many paid orders this machine could place at most with this mix.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** CPU seconds used so far. */
export interface CpuSnapshot {
  api: number;
  /** The PayPal stand-in's own process, when it runs apart from the API (bench-paypal.ts). */
  paypal: number;
  postgres: number;
  generator: number;
  /** Every core's busy time (not idle, not waiting for I/O). */
  machine: number;
}

/** Linux's USER_HZ: /proc counts CPU time in these ticks on every platform Node runs on. */
const TICKS_PER_SECOND = 100;

function processSeconds(pid: string): { name: string; seconds: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name is in parentheses and may hold spaces; the fields after it are space-separated.
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, 12th and 13th after the name.
    return { name: stat.slice(stat.indexOf('(') + 1, close), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    // Gone between the listing and the read.
    return null;
  }
}

export function cpuSnapshot(apiPid: number, paypalPid?: number): CpuSnapshot | null {
  let machineLine: string | undefined;
  try {
    machineLine = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  } catch {
    return null;
  }
  // cpu user nice system idle iowait irq softirq steal ...
  const ticks = machineLine!.trim().split(/\s+/).slice(1).map(Number);
  const busy = ticks.reduce((a, b) => a + b, 0) - ticks[3]! - ticks[4]!;
  let postgres = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const p = processSeconds(pid);
    if (p?.name === 'postgres') postgres += p.seconds;
  }
  const own = process.cpuUsage();
  return {
    api: processSeconds(String(apiPid))?.seconds ?? 0,
    paypal: paypalPid === undefined ? 0 : (processSeconds(String(paypalPid))?.seconds ?? 0),
    postgres,
    generator: (own.user + own.system) / 1e6,
    machine: busy / TICKS_PER_SECOND,
  };
}

/**
 * Lines for the report: each one's CPU per paid order between two snapshots, and the paid orders a
 * second this machine's cores could give at most if they did nothing else.
 */
export function cpuPerOrderLines(before: CpuSnapshot | null, after: CpuSnapshot | null, seconds: number, paidOrders: number): string[] {
  if (!before || !after || paidOrders === 0) return [];
  const used = (key: keyof CpuSnapshot) => after[key] - before[key];
  const perOrder = (key: keyof CpuSnapshot) => (1000 * used(key)) / paidOrders;
  const cores = availableParallelism();
  const share = (key: keyof CpuSnapshot) => `${((100 * used(key)) / seconds).toFixed(0)}% of a core`;
  const other = used('machine') - used('api') - used('paypal') - used('postgres') - used('generator');
  return [
    `CPU per paid order, with the browsing and searching that came with it: API ${perOrder('api').toFixed(1)} ms (${share('api')}), ` +
      `PostgreSQL ${perOrder('postgres').toFixed(1)} ms (${share('postgres')}), PayPal stand-in ${perOrder('paypal').toFixed(1)} ms (${share('paypal')}), load generator ${perOrder('generator').toFixed(1)} ms (${share('generator')}), ` +
      `everything else ${((1000 * other) / paidOrders).toFixed(1)} ms; the machine's ${cores} cores were ${((100 * used('machine')) / (seconds * cores)).toFixed(0)}% busy.`,
    `At that cost, the most paid orders/s with this mix: ${((cores * paidOrders) / used('machine')).toFixed(0)} with all of it on these ${cores} cores; ` +
      `${(paidOrders / used('api')).toFixed(0)} from one API process given a core of its own (it runs on one).`,
  ];
}
