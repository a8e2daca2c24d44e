// The session check's copy on its own: what it keeps, when it trusts what it keeps, and the fill race.
import { jest } from '@jest/globals';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../users.ts';
import { createSessionCache, type LiveSession } from './sessionCache.ts';

const log = { info: jest.fn(), warn: jest.fn() } as unknown as FastifyBaseLogger;
const USER = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const rowOf = (uuid: string, firstName = 'Ann') => ({ uuid, firstName }) as UserRow;

/** A read that counts its calls and answers the row it is given now. */
function reader(uuid: string) {
  const read = jest.fn(async (): Promise<LiveSession> => ({ row: rowOf(uuid), revoked: false }));
  return read;
}

/** A read that answers only when the test says so. */
function pendingRead() {
  let answer!: (found: LiveSession) => void;
  const promise = new Promise<LiveSession>((resolve) => (answer = resolve));
  return { read: () => promise, answer };
}

function trustedCache(maxAgeMs = 60_000) {
  const cache = createSessionCache(log, { maxUsers: 100, maxAgeMs });
  cache.up();
  return cache;
}

describe('createSessionCache', () => {
  it('reads each time until notices are confirmed, and again once they are lost', async () => {
    const cache = createSessionCache(log);
    const read = reader(USER);
    await cache.get(USER, 's1', read);
    await cache.get(USER, 's1', read);
    expect(read).toHaveBeenCalledTimes(2);

    cache.up();
    await cache.get(USER, 's1', read);
    await cache.get(USER, 's1', read);
    expect(read).toHaveBeenCalledTimes(3);

    cache.down(new Error('connection lost'));
    expect(cache.trusted()).toBe(false);
    await cache.get(USER, 's1', read);
    await cache.get(USER, 's1', read);
    expect(read).toHaveBeenCalledTimes(5);

    // Back up: nothing kept from before counts, since notices may have been missed in between.
    cache.up();
    await cache.get(USER, 's1', read);
    expect(read).toHaveBeenCalledTimes(6);
  });

  it('keeps each session of a user, and forgets them all on a notice or a local change of that user', async () => {
    const cache = trustedCache();
    const read = reader(USER);
    const other = reader(OTHER);
    await cache.get(USER, 's1', read);
    await cache.get(USER, 's2', read);
    await cache.get(OTHER, 's3', other);
    await cache.get(USER, 's1', read);
    await cache.get(USER, 's2', read);
    expect(read).toHaveBeenCalledTimes(2);

    cache.notice(USER);
    await cache.get(USER, 's1', read);
    await cache.get(USER, 's2', read);
    expect(read).toHaveBeenCalledTimes(4);

    cache.changed(USER);
    await cache.get(USER, 's2', read);
    expect(read).toHaveBeenCalledTimes(5);
    // The other user was not touched.
    await cache.get(OTHER, 's3', other);
    expect(other).toHaveBeenCalledTimes(1);

    cache.notice('*');
    await cache.get(OTHER, 's3', other);
    expect(other).toHaveBeenCalledTimes(2);
  });

  it('keeps a revoked session and a missing user as answers too', async () => {
    const cache = trustedCache();
    const revoked = jest.fn(async (): Promise<LiveSession> => ({ row: rowOf(USER), revoked: true }));
    const missing = jest.fn(async (): Promise<LiveSession> => ({ row: null, revoked: false }));
    expect((await cache.get(USER, 's1', revoked)).revoked).toBe(true);
    expect((await cache.get(USER, 's1', revoked)).revoked).toBe(true);
    expect(revoked).toHaveBeenCalledTimes(1);
    expect((await cache.get(OTHER, 's1', missing)).row).toBeNull();
    expect((await cache.get(OTHER, 's2', missing)).row).toBeNull();
    expect(missing).toHaveBeenCalledTimes(1);
  });

  it('does not keep a read that started before its user changed, and does keep one of another user', async () => {
    const cache = trustedCache();
    const stale = pendingRead();
    const untouched = pendingRead();
    const reading = cache.get(USER, 's1', stale.read);
    const readingOther = cache.get(OTHER, 's1', untouched.read);
    // The change commits and its notice arrives while the read is on its way back with the old row.
    cache.notice(USER);
    stale.answer({ row: rowOf(USER, 'Old'), revoked: false });
    untouched.answer({ row: rowOf(OTHER), revoked: false });
    // That request answers what it read (it started before the change), but the next one reads again.
    expect((await reading).row?.firstName).toBe('Old');
    await readingOther;
    const fresh = jest.fn(async (): Promise<LiveSession> => ({ row: rowOf(USER, 'New'), revoked: true }));
    expect(await cache.get(USER, 's1', fresh)).toMatchObject({ row: { firstName: 'New' }, revoked: true });
    expect(fresh).toHaveBeenCalledTimes(1);
    const again = reader(OTHER);
    await cache.get(OTHER, 's1', again);
    expect(again).not.toHaveBeenCalled();
  });

  it('does not keep a read under way when notices are lost, nor one that began before they were confirmed', async () => {
    const cache = createSessionCache(log, { maxUsers: 100, maxAgeMs: 60_000 });
    const before = pendingRead();
    const started = cache.get(USER, 's1', before.read);
    cache.up();
    before.answer({ row: rowOf(USER), revoked: false });
    await started;
    const read = reader(USER);
    await cache.get(USER, 's1', read);
    expect(read).toHaveBeenCalledTimes(1);

    cache.changed(USER);
    const during = pendingRead();
    const pending = cache.get(USER, 's1', during.read);
    cache.down(new Error('connection lost'));
    cache.up();
    during.answer({ row: rowOf(USER), revoked: false });
    await pending;
    await cache.get(USER, 's1', read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('serves nothing older than its max age', async () => {
    const cache = trustedCache(50);
    const read = reader(USER);
    await cache.get(USER, 's1', read);
    await cache.get(USER, 's1', read);
    expect(read).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await cache.get(USER, 's1', read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('freezes a kept row, which every later request of its user shares', async () => {
    const cache = trustedCache();
    const { row } = await cache.get(USER, 's1', reader(USER));
    expect(Object.isFrozen(row)).toBe(true);
  });
});
