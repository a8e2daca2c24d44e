// What the table-backed live feeds share (the admins' notifications, the shoppers' order events): the
// set of subscribers, one poller per process that runs only while anyone listens, a nudge when this
// process has just written a row, and close. Each feed keeps its own cursor rule: where a subscriber
// starts, which rows a pass reads and who gets each one.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { createPoller } from './poller.ts';

/** How long a row stored by another API process may take to reach this one's subscribers. */
export const FEED_POLL_MS = 2_000;

/** What a feed service is made from: the table's database, the log, and how often it polls (tests poll faster). */
export interface FeedDeps {
  db: Database;
  log: FastifyBaseLogger;
  pollMs?: number;
}

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
  name,
  log,
  pollMs = FEED_POLL_MS,
}: Omit<FeedDeps, 'db'> & {
  /** One pass over the table; true when more rows are waiting. */
  read: () => Promise<boolean>;
  /** What the warnings call the feed when a pass or a subscriber's send throws. */
  name: string;
}): LiveFeed<V, S> {
  const readFailure = `${name} read failed; retrying at the next poll`;
  const sendFailure = `${name} subscriber failed`;
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
