// The session check's answer (a user's row, whether a session is revoked) kept in this process, so an
// authenticated request need not read it from the database each time (decision 017). It is kept only
// while this process is told of every change: triggers NOTIFY 'grocer_sessions' with the user's uuid
// whenever a users row is written or a session revoked (migration 0023), and db/listen.ts confirms that
// those notices reach us. Without that confirmation every request reads, as before.
//
// A read that started before a change to its user was noticed is not kept: its answer may predate the
// change. Writes this process makes are forgotten here at once by the code that made them (changed()),
// so the next request here never waits on the notice's way back from PostgreSQL.
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ChannelHandlers } from '../../db/listen.ts';
import type { UserRow } from '../users.ts';

/** The channel the triggers of migration 0023 notify on. */
export const SESSION_CHANNEL = 'grocer_sessions';

/** A notice's payload for "every user" (a TRUNCATE names no rows). */
const EVERY_USER = '*';

/** What the session check reads for one session: its user's row (null: no such user) and whether it is revoked. */
export interface LiveSession {
  row: UserRow | null;
  revoked: boolean;
}

export interface SessionCacheOptions {
  /** Users kept; the least recently used goes first. */
  maxUsers: number;
  /** A safety net only: should notices stop without the listener knowing, nothing is served older than this. */
  maxAgeMs: number;
}

export const SESSION_CACHE_DEFAULTS: SessionCacheOptions = { maxUsers: 10_000, maxAgeMs: 60_000 };

/** Sessions remembered per user (one per device or sign-in); more are read each time. */
const SESSIONS_PER_USER = 16;

export interface SessionCache extends ChannelHandlers {
  /** The answer for this session: kept, or read() (and kept if nothing about the user changed meanwhile). */
  get(sub: string, sid: string, read: () => Promise<LiveSession>): Promise<LiveSession>;
  /** Forgets the user: call it once this process has committed a write to the user's row or revoked a session. */
  changed(userUuid: string): void;
  /** Whether answers are kept now (delivery of notices confirmed). */
  trusted(): boolean;
}

interface Kept {
  row: UserRow | null;
  /** Revoked or not, by session id. */
  sessions: Map<string, boolean>;
}

/** A read under way; spoiled when its user changes (or trust is lost) before it ends. */
interface Fill {
  spoiled: boolean;
}

export function createSessionCache(log: FastifyBaseLogger, options: SessionCacheOptions = SESSION_CACHE_DEFAULTS): SessionCache {
  const kept = new LRUCache<string, Kept>({ max: options.maxUsers, ttl: options.maxAgeMs });
  const reading = new Map<string, Set<Fill>>();
  let trusted = false;
  let lost = false;

  const spoil = (fills: Iterable<Fill> | undefined) => {
    for (const fill of fills ?? []) fill.spoiled = true;
  };
  const forgetEveryone = () => {
    kept.clear();
    for (const fills of reading.values()) spoil(fills);
  };

  function keep(sub: string, sid: string, found: LiveSession): void {
    // Shared by every request of this user from now on: nothing may change it in place.
    if (found.row) Object.freeze(found.row);
    const entry = kept.get(sub);
    if (!entry || !found.row) {
      kept.set(sub, { row: found.row, sessions: new Map([[sid, found.revoked]]) });
      return;
    }
    entry.row = found.row;
    if (entry.sessions.size >= SESSIONS_PER_USER) entry.sessions.delete(entry.sessions.keys().next().value!);
    entry.sessions.set(sid, found.revoked);
  }

  function changed(userUuid: string): void {
    kept.delete(userUuid);
    spoil(reading.get(userUuid));
  }

  return {
    async get(sub, sid, read) {
      if (trusted) {
        const entry = kept.get(sub);
        if (entry && !entry.row) return { row: null, revoked: false };
        const revoked = entry?.sessions.get(sid);
        if (entry && revoked !== undefined) return { row: entry.row, revoked };
      }
      const fill: Fill = { spoiled: !trusted };
      let fills = reading.get(sub);
      if (!fills) reading.set(sub, (fills = new Set()));
      fills.add(fill);
      try {
        const found = await read();
        if (!fill.spoiled) keep(sub, sid, found);
        return found;
      } finally {
        fills.delete(fill);
        if (fills.size === 0) reading.delete(sub);
      }
    },

    changed,

    notice(payload) {
      if (payload === EVERY_USER) forgetEveryone();
      else changed(payload);
    },

    up() {
      // Whatever was kept before may have missed notices while delivery was not confirmed.
      forgetEveryone();
      trusted = true;
      if (lost) log.info('session cache on again: notices on %s are confirmed', SESSION_CHANNEL);
      lost = false;
    },

    down(err) {
      trusted = false;
      forgetEveryone();
      if (!err) return;
      if (!lost) log.warn({ err }, 'session cache off: notices on %s lost; reading sessions until they are confirmed', SESSION_CHANNEL);
      lost = true;
    },

    trusted: () => trusted,
  };
}
