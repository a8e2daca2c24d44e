// The stores' rules (a store with its opening hours, stores/rules.ts) kept in this process, so the delivery
// windows, a window hold and the delivery fees need not read them from the database each time (decision
// 018). As with the session check (auth/sessionCache.ts, decision 017), they are kept only while this
// process is told of every change: triggers NOTIFY 'grocer_stores' with the store's id whenever a store's
// rules or hours are written (migration 0025), and db/listen.ts confirms that those notices reach us.
// Without that confirmation every call reads, as before.
//
// Stores change rarely (an admin's edit, the seed), so any change spoils every read under way: a read
// that started before a change (or before delivery was confirmed) answers its own call but is not kept.
// Writes this process makes are forgotten here at once by the code that made them (changed()).
// A store that is not found is not kept: it is read again each time, and found once it exists.
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ChannelHandlers } from '../../db/listen.ts';
import type { StoreWithRules } from './rules.ts';

/** The channel the triggers of migration 0025 notify on. */
export const STORE_CHANNEL = 'grocer_stores';

/** A notice's payload for "every store" (a TRUNCATE names no rows). */
const EVERY_STORE = '*';

/** Stores' rules by uuid (lower case); a store that does not exist is absent. */
export interface StoreRulesReader {
  byUuid(uuids: string[]): Promise<Map<string, StoreWithRules>>;
}

export interface StoreRulesCacheOptions {
  /** Stores kept; the least recently used goes first. */
  maxStores: number;
  /** A safety net only: should notices stop without the listener knowing, nothing is served older than this. */
  maxAgeMs: number;
}

export const STORE_RULES_CACHE_DEFAULTS: StoreRulesCacheOptions = { maxStores: 1_000, maxAgeMs: 60_000 };

export interface StoreRulesCache extends StoreRulesReader, ChannelHandlers {
  /** Forgets the store: call it once this process has committed a write to its row or its hours. */
  changed(storeId: number): void;
  /** Whether rules are kept now (delivery of notices confirmed). */
  trusted(): boolean;
}

/** `read` reads the rules of these stores (lower-case uuids) from the database. */
export function createStoreRulesCache(
  read: (uuids: string[]) => Promise<Map<string, StoreWithRules>>,
  log: FastifyBaseLogger,
  options: StoreRulesCacheOptions = STORE_RULES_CACHE_DEFAULTS,
): StoreRulesCache {
  const kept = new LRUCache<string, StoreWithRules>({ max: options.maxStores, ttl: options.maxAgeMs });
  let trusted = false;
  let lost = false;
  // Counts changes, losses and confirmations: a read keeps its answer only if none came while it ran.
  let generation = 0;

  const forgetEvery = () => {
    kept.clear();
    generation += 1;
  };

  function changed(storeId: number): void {
    generation += 1;
    // Kept by uuid: a store's uuid is found by looking, there being few stores and fewer changes.
    for (const [uuid, store] of kept.entries()) if (store.storeId === storeId) kept.delete(uuid);
  }

  return {
    async byUuid(uuids) {
      const found = new Map<string, StoreWithRules>();
      const missing: string[] = [];
      for (const uuid of uuids) {
        const store = trusted ? kept.get(uuid) : undefined;
        if (store) found.set(uuid, store);
        else missing.push(uuid);
      }
      if (missing.length === 0) return found;
      const began = generation;
      const keep = trusted;
      for (const [uuid, store] of await read(missing)) {
        if (keep && generation === began) kept.set(uuid, frozen(store));
        found.set(uuid, store);
      }
      return found;
    },

    changed,

    notice(payload) {
      if (payload === EVERY_STORE) forgetEvery();
      else changed(Number(payload));
    },

    up() {
      // Whatever was kept before may have missed notices while delivery was not confirmed.
      forgetEvery();
      trusted = true;
      if (lost) log.info('store rules cache on again: notices on %s are confirmed', STORE_CHANNEL);
      lost = false;
    },

    down(err) {
      trusted = false;
      forgetEvery();
      if (!err) return;
      if (!lost)
        log.warn({ err }, 'store rules cache off: notices on %s lost; reading store rules until they are confirmed', STORE_CHANNEL);
      lost = true;
    },

    trusted: () => trusted,
  };
}

/** Shared by every later call for this store: nothing may change it in place. */
function frozen(store: StoreWithRules): StoreWithRules {
  for (const day of store.hours) Object.freeze(day);
  Object.freeze(store.hours);
  return Object.freeze(store);
}
