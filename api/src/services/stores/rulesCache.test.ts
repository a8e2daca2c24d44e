// The stores' rules kept on their own: what is kept, when it is trusted, and the fill race.
import { jest } from '@jest/globals';
import type { FastifyBaseLogger } from 'fastify';
import type { StoreWithRules } from './rules.ts';
import { createStoreRulesCache } from './rulesCache.ts';

const log = { info: jest.fn(), warn: jest.fn() } as unknown as FastifyBaseLogger;
const LOOP = '00000000-0000-4000-8000-000000000001';
const EVANSTON = '00000000-0000-4000-8000-000000000002';
const UNKNOWN = '00000000-0000-4000-8000-00000000000f';
const IDS: Record<string, number> = { [LOOP]: 1, [EVANSTON]: 2 };

const storeOf = (uuid: string, minOrderCents = 0): StoreWithRules => ({
  storeId: IDS[uuid]!,
  uuid,
  name: `Store ${IDS[uuid]}`,
  zip: '60602',
  timeZone: 'America/Chicago',
  minOrderCents,
  deliveryRadiusMiles: 10,
  windowCapacity: 10,
  lowStockThreshold: 5,
  hours: [{ weekday: 1, opensMinute: 420, closesMinute: 1260 }],
});

/** A read that answers the stores asked for (those it knows) and records what it was asked. */
function reader(minOrderCents = 0) {
  return jest.fn(async (uuids: string[]) => new Map(uuids.filter((u) => u in IDS).map((u) => [u, storeOf(u, minOrderCents)])));
}

/** A read that answers only when the test says so. */
function pendingRead() {
  let answer!: (minOrderCents: number) => void;
  const promise = new Promise<number>((resolve) => (answer = resolve));
  const read = jest.fn(async (uuids: string[]) => {
    const cents = await promise;
    return new Map(uuids.map((u) => [u, storeOf(u, cents)]));
  });
  return { read, answer };
}

const trustedCache = (read: Parameters<typeof createStoreRulesCache>[0], maxAgeMs = 60_000) => {
  const cache = createStoreRulesCache(read, log, { maxStores: 100, maxAgeMs });
  cache.up();
  return cache;
};

describe('createStoreRulesCache', () => {
  it('reads each time until notices are confirmed, and again once they are lost', async () => {
    const read = reader();
    const cache = createStoreRulesCache(read, log);
    await cache.byUuid([LOOP]);
    await cache.byUuid([LOOP]);
    expect(read).toHaveBeenCalledTimes(2);

    cache.up();
    await cache.byUuid([LOOP]);
    await cache.byUuid([LOOP]);
    expect(read).toHaveBeenCalledTimes(3);

    cache.down(new Error('connection lost'));
    expect(cache.trusted()).toBe(false);
    await cache.byUuid([LOOP]);
    await cache.byUuid([LOOP]);
    expect(read).toHaveBeenCalledTimes(5);

    // Back up: nothing kept from before counts, since notices may have been missed in between.
    cache.up();
    await cache.byUuid([LOOP]);
    expect(read).toHaveBeenCalledTimes(6);
  });

  it('reads only the stores it does not keep, and forgets one on a notice of its id or a local change', async () => {
    const read = reader();
    const cache = trustedCache(read);
    await cache.byUuid([LOOP]);
    const both = await cache.byUuid([LOOP, EVANSTON]);
    expect([...both.keys()].sort()).toEqual([LOOP, EVANSTON]);
    expect(read.mock.calls).toEqual([[[LOOP]], [[EVANSTON]]]);
    await cache.byUuid([EVANSTON, LOOP]);
    expect(read).toHaveBeenCalledTimes(2);

    // The triggers name a store by id.
    cache.notice('1');
    await cache.byUuid([LOOP, EVANSTON]);
    expect(read.mock.calls[2]).toEqual([[LOOP]]);

    cache.changed(2);
    await cache.byUuid([LOOP, EVANSTON]);
    expect(read.mock.calls[3]).toEqual([[EVANSTON]]);

    cache.notice('*');
    await cache.byUuid([LOOP, EVANSTON]);
    expect(read.mock.calls[4]).toEqual([[LOOP, EVANSTON]]);
  });

  it('does not keep a store that was not found: it is read again, and found once it exists', async () => {
    const read = reader();
    const cache = trustedCache(read);
    expect((await cache.byUuid([UNKNOWN])).size).toBe(0);
    expect((await cache.byUuid([UNKNOWN])).size).toBe(0);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('does not keep a read that started before a change was noticed', async () => {
    const stale = pendingRead();
    const cache = trustedCache(stale.read);
    const reading = cache.byUuid([LOOP]);
    // A change commits and its notice arrives while the read is on its way back. Any store's change spoils
    // the reads under way (stores change rarely), here another store's.
    cache.notice('2');
    stale.answer(100);
    // That call answers what it read (it started before the change), but the next one reads again.
    expect((await reading).get(LOOP)?.minOrderCents).toBe(100);
    await cache.byUuid([LOOP]);
    expect(stale.read).toHaveBeenCalledTimes(2);
  });

  it('does not keep a read under way when notices are lost, nor one that began before they were confirmed', async () => {
    const before = pendingRead();
    const cache = createStoreRulesCache(before.read, log, { maxStores: 100, maxAgeMs: 60_000 });
    const started = cache.byUuid([LOOP]);
    cache.up();
    before.answer(0);
    await started;
    await cache.byUuid([LOOP]);
    expect(before.read).toHaveBeenCalledTimes(2);
    await cache.byUuid([LOOP]);
    expect(before.read).toHaveBeenCalledTimes(2);

    cache.changed(1);
    const during = cache.byUuid([LOOP]);
    cache.down(new Error('connection lost'));
    cache.up();
    await during;
    await cache.byUuid([LOOP]);
    expect(before.read).toHaveBeenCalledTimes(4);
  });

  it('serves nothing older than its max age', async () => {
    const read = reader();
    const cache = trustedCache(read, 50);
    await cache.byUuid([LOOP]);
    await cache.byUuid([LOOP]);
    expect(read).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await cache.byUuid([LOOP]);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('freezes kept rules, which every later call shares', async () => {
    const cache = trustedCache(reader());
    await cache.byUuid([LOOP]);
    const store = (await cache.byUuid([LOOP])).get(LOOP)!;
    expect(Object.isFrozen(store)).toBe(true);
    expect(Object.isFrozen(store.hours)).toBe(true);
    expect(Object.isFrozen(store.hours[0])).toBe(true);
  });
});
