// The serialized-answer cache in front of the catalogue routes: the same bytes and ETag while fresh,
// and nothing kept past the service's TTL, an invalidation, or an answer that is not a 200.
import etag from '@fastify/etag';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerAnswerCache, type CacheFreshness } from './answerCache.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let app: FastifyInstance;
let calls: number;
let generation: number;
let service: CacheFreshness;

beforeEach(async () => {
  calls = 0;
  generation = 0;
  service = { cacheGeneration: () => generation, cacheTtlMs: 60_000 };
  app = Fastify();
  await app.register(etag);
  registerAnswerCache(app, () => service);
  app.get('/answer', async () => ({ call: ++calls }));
  app.get('/missing', async (_request, reply) => reply.code(404).send({ call: ++calls }));
  app.post('/answer', async () => ({ call: ++calls }));
  // An invalidation while the route runs: its answer may predate it, so it must not be kept.
  app.get('/racing', async () => {
    generation += 1;
    return { call: ++calls };
  });
  await app.ready();
});

afterEach(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

it('sends a fresh answer again as the same bytes and ETag, without running the route', async () => {
  const first = await get('/answer');
  const again = await get('/answer');
  expect(again.body).toBe(first.body);
  expect(again.headers.etag).toBe(first.headers.etag);
  expect(again.headers['content-type']).toBe(first.headers['content-type']);
  expect(calls).toBe(1);
  // Another URL is another answer.
  expect((await get('/answer?page=2')).json()).toEqual({ call: 2 });
});

it('answers 304 from the cache when the ETag matches', async () => {
  const first = await get('/answer');
  const revalidated = await get('/answer', { 'if-none-match': first.headers.etag as string });
  expect(revalidated.statusCode).toBe(304);
  expect(calls).toBe(1);
});

it('loads again after an invalidation, even one during the first load', async () => {
  await get('/answer');
  generation += 1;
  expect((await get('/answer')).json()).toEqual({ call: 2 });
  expect((await get('/answer')).json()).toEqual({ call: 2 });

  expect((await get('/racing')).json()).toEqual({ call: 3 });
  expect((await get('/racing')).json()).toEqual({ call: 4 });
});

it("keeps an answer no longer than the service's TTL, and nothing with a TTL of 0", async () => {
  service = { ...service, cacheTtlMs: 50 };
  await get('/answer');
  expect((await get('/answer')).json()).toEqual({ call: 1 });
  await sleep(80);
  expect((await get('/answer')).json()).toEqual({ call: 2 });

  service = { ...service, cacheTtlMs: 0 };
  await get('/answer?off');
  expect((await get('/answer?off')).json()).toEqual({ call: 4 });
});

it('keeps only 200 answers to GET', async () => {
  await get('/missing');
  expect((await get('/missing')).json()).toEqual({ call: 2 });
  await app.inject({ method: 'POST', url: '/answer' });
  expect((await app.inject({ method: 'POST', url: '/answer' })).json()).toEqual({ call: 4 });
});
