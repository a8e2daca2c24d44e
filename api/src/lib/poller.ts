// A job polled on a timer, one pass at a time per process: a nudge while a pass runs asks for another
// right after it, a pass that reports more waiting runs again at once, a failed pass is logged and
// retried at the next poll, and the timer never keeps the process alive. The live feeds (liveFeed.ts)
// poll this way, and the background workers (the outbox, the reconciler) through createWorker.
import type { FastifyBaseLogger } from 'fastify';

export interface Poller {
  /** A pass now, or right after the running one; resolves when no pass is left to run. */
  run(): Promise<void>;
  /** Arms the timer for the next pass, unless one is armed or running or the poller is not active. */
  schedule(): void;
  /** Disarms the timer; a running pass finishes, and the returned promise waits for it. */
  cancel(): Promise<void>;
}

export function createPoller({
  pass,
  active,
  pollMs,
  log,
  failure,
}: {
  /** One batch; true when more is waiting. */
  pass: () => Promise<boolean>;
  /** Whether passes may run and the timer may be armed. */
  active: () => boolean;
  pollMs: number;
  log: FastifyBaseLogger;
  /** Logged at warn when a pass throws. */
  failure: string;
}): Poller {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  function disarm() {
    if (timer) clearTimeout(timer);
    timer = null;
  }

  function schedule() {
    if (timer || running || !active()) return;
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, pollMs);
    timer.unref();
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    disarm();
    running = (async () => {
      try {
        do {
          again = false;
          if (!active()) break;
          if (await pass()) again = true;
        } while (again);
      } catch (err) {
        log.warn({ err }, failure);
      } finally {
        running = null;
        schedule();
      }
    })();
    return running;
  }

  return {
    run,
    schedule,
    async cancel() {
      disarm();
      await running;
    },
  };
}

export interface Worker {
  /** A pass now (or right after the running one), if started and not stopped. */
  nudge(): void;
  /** Starts polling with a first pass now; once. */
  start(): void;
  /** Stops polling and waits for the pass in progress (app close). */
  stop(): Promise<void>;
}

/** A poller that runs from start() until stop(): a background worker of the API process. */
export function createWorker(options: Omit<Parameters<typeof createPoller>[0], 'active'>): Worker {
  let started = false;
  let stopped = false;
  const poller = createPoller({ ...options, active: () => started && !stopped });
  return {
    nudge() {
      if (started && !stopped) void poller.run();
    },
    start() {
      if (started) return;
      started = true;
      void poller.run();
    },
    async stop() {
      stopped = true;
      await poller.cancel();
    },
  };
}
