// The catalogue's answer cache: what the service relies on, beyond "a second read is a hit".
import { createTtlCache } from './cache.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A load that counts its calls and settles when told. */
function deferredLoads() {
  const pending: { resolve: (value: { n: number }) => void; reject: (err: Error) => void }[] = [];
  let calls = 0;
  const load = () =>
    new Promise<{ n: number }>((resolve, reject) => {
      calls += 1;
      pending.push({ resolve, reject });
    });
  return { load, pending, calls: () => calls };
}

it('reuses an answer within its TTL and loads again after it', async () => {
  const cache = createTtlCache({ ttlMs: 50, maxEntries: 10 });
  let calls = 0;
  const load = async () => ({ n: ++calls });
  expect(await cache.get('a', load)).toEqual({ n: 1 });
  expect(await cache.get('a', load)).toEqual({ n: 1 });
  expect(await cache.get('b', load)).toEqual({ n: 2 });
  await sleep(80);
  expect(await cache.get('a', load)).toEqual({ n: 3 });
});

it("counts an answer's TTL from when it came, not from when its load began", async () => {
  const cache = createTtlCache({ ttlMs: 50, maxEntries: 10 });
  const { load, pending, calls } = deferredLoads();
  const first = cache.get('a', load);
  await sleep(80);
  expect(calls()).toBe(1);
  pending[0]!.resolve({ n: 1 });
  expect(await first).toEqual({ n: 1 });
  const second = cache.get('a', load);
  expect(calls()).toBe(1);
  expect(await second).toEqual({ n: 1 });
});

it('shares one load between concurrent misses', async () => {
  const cache = createTtlCache({ ttlMs: 60_000, maxEntries: 10 });
  const { load, pending, calls } = deferredLoads();
  const first = cache.get('a', load);
  const second = cache.get('a', load);
  expect(calls()).toBe(1);
  pending[0]!.resolve({ n: 1 });
  expect(await first).toEqual({ n: 1 });
  expect(await second).toEqual({ n: 1 });
});

it('does not keep a failure: every waiter sees it, and the next read loads again', async () => {
  const cache = createTtlCache({ ttlMs: 60_000, maxEntries: 10 });
  const { load, pending, calls } = deferredLoads();
  const first = cache.get('a', load);
  const second = cache.get('a', load);
  pending[0]!.reject(new Error('database away'));
  await expect(first).rejects.toThrow('database away');
  await expect(second).rejects.toThrow('database away');
  const third = cache.get('a', load);
  expect(calls()).toBe(2);
  pending[1]!.resolve({ n: 2 });
  expect(await third).toEqual({ n: 2 });
});

it('drops everything on clear and counts the clears', async () => {
  const cache = createTtlCache({ ttlMs: 60_000, maxEntries: 10 });
  let calls = 0;
  const load = async () => ({ n: ++calls });
  await cache.get('a', load);
  expect(cache.generation()).toBe(0);
  cache.clear();
  expect(cache.generation()).toBe(1);
  expect(await cache.get('a', load)).toEqual({ n: 2 });
});

it('answers a load under way when cleared, but does not keep it: it may have read the old catalogue', async () => {
  const cache = createTtlCache({ ttlMs: 60_000, maxEntries: 10 });
  const { load, pending, calls } = deferredLoads();
  const before = cache.get('a', load);
  cache.clear();
  pending[0]!.resolve({ n: 1 });
  expect(await before).toEqual({ n: 1 });
  const after = cache.get('a', load);
  expect(calls()).toBe(2);
  pending[1]!.resolve({ n: 2 });
  expect(await after).toEqual({ n: 2 });
});

it('keeps at most maxEntries answers', async () => {
  const cache = createTtlCache({ ttlMs: 60_000, maxEntries: 2 });
  let calls = 0;
  const load = async () => ({ n: ++calls });
  await cache.get('a', load);
  await cache.get('b', load);
  await cache.get('c', load);
  expect(await cache.get('c', load)).toEqual({ n: 3 });
  expect(await cache.get('a', load)).toEqual({ n: 4 });
});

it('with a TTL of 0 keeps nothing', async () => {
  const cache = createTtlCache({ ttlMs: 0, maxEntries: 10 });
  let calls = 0;
  const load = async () => ({ n: ++calls });
  await cache.get('a', load);
  expect(await cache.get('a', load)).toEqual({ n: 2 });
});
