// What the table-backed live feeds share (the admins' notifications, the shoppers' order events): the
// set of subscribers, one poller per process that runs only while anyone listens, a nudge when this
// process has just written a row, and close. Each feed keeps its own cursor rule: where a subscriber
// starts, which rows a pass reads and who gets each one.
import type { FastifyBaseLogger } from 'fastify';
import { createPoller } from './poller.ts';

export interface LiveFeed<V, S extends { send: (value: V) => void }> {
  readonly subscribers: ReadonlySet<S>;
  /**
   * Adds a subscriber and reads `now` (it resumes with rows waiting) or at the next poll.
   * The returned function removes it; the poller stops with the last one.
   */
  add: (subscriber: S, when: 'now' | 'at next poll') => () => void;
  /** Hands one value to one subscriber; a subscriber that throws is logged and the others still get theirs. */
  deliver: (subscriber: S, value: V) => void;
  /** This process just wrote a row: read now rather than at the next poll. */
  nudge: () => void;
  /** Stops polling and drops every subscriber (app close). */
  close: () => void;
}

export function createLiveFeed<V, S extends { send: (value: V) => void }>({
  read,
  pollMs,
  log,
  readFailure,
  sendFailure,
}: {
  /** One pass over the table; true when more rows are waiting. */
  read: () => Promise<boolean>;
  pollMs: number;
  log: FastifyBaseLogger;
  /** Logged at warn when a pass throws. */
  readFailure: string;
  /** Logged at warn when a subscriber's send throws. */
  sendFailure: string;
}): LiveFeed<V, S> {
  const subscribers = new Set<S>();
  let closed = false;
  const poller = createPoller({ pass: read, active: () => !closed && subscribers.size > 0, pollMs, log, failure: readFailure });

  return {
    subscribers,
    add(subscriber, when) {
      subscribers.add(subscriber);
      if (when === 'now') void poller.run();
      else poller.schedule();
      return () => {
        subscribers.delete(subscriber);
        if (subscribers.size === 0) void poller.cancel();
      };
    },
    deliver(subscriber, value) {
      try {
        subscriber.send(value);
      } catch (err) {
        log.warn({ err }, sendFailure);
      }
    },
    nudge() {
      if (subscribers.size > 0) void poller.run();
    },
    close() {
      closed = true;
      subscribers.clear();
      void poller.cancel();
    },
  };
}
