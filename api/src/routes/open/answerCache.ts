// Serialized catalogue answers, reused per URL. The catalogue service already keeps answers as
// objects, but every hit still paid for query validation, JSON serialization and the ETag hash —
// most of a listing's cost once the database is out of the way (the bench's p95 showed it). A hit
// here is sent from the onRequest hook as the exact bytes and ETag of the first answer.
//
// Freshness is the service's: an entry lives at most the service's TTL and dies with any
// `catalogue.invalidate()` (a stock change, a product switched off), through `cacheGeneration()`.
// lru-cache bounds the count and expires each entry by the service's TTL of the moment.
import { LRUCache } from 'lru-cache';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogueService } from '../../services/catalogue/catalogueService.ts';

interface Entry {
  body: string;
  etag: string;
  contentType: string;
  generation: number;
}

/** Bounded like the service's own cache: the hot pages and suggestions fit many times over. */
const MAX_ENTRIES = 2_000;

const servedFromCache = new WeakSet<FastifyRequest>();
/** The generation when a miss started: an invalidation while it was loading must not be papered over. */
const generationAtStart = new WeakMap<FastifyRequest, number>();

/** What the answer cache needs of the catalogue service: its freshness. */
export type CacheFreshness = Pick<CatalogueService, 'cacheGeneration' | 'cacheTtlMs'>;

export function registerAnswerCache(app: FastifyInstance, catalogue: () => CacheFreshness): void {
  const entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES });

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET') return;
    const service = catalogue();
    const generation = service.cacheGeneration();
    const hit = entries.get(request.url);
    if (!hit || hit.generation !== generation) {
      if (hit) entries.delete(request.url);
      generationAtStart.set(request, generation);
      return;
    }
    servedFromCache.add(request);
    // @fastify/etag sees the ETag already set and only answers 304 when it matches If-None-Match.
    return reply.header('etag', hit.etag).type(hit.contentType).send(hit.body);
  });

  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const service = catalogue();
    const generation = generationAtStart.get(request);
    if (generation === undefined || reply.statusCode !== 200 || servedFromCache.has(request)) return payload;
    if (service.cacheTtlMs <= 0 || typeof payload !== 'string') return payload;
    const etag = reply.getHeader('etag');
    if (typeof etag !== 'string') return payload;
    entries.set(
      request.url,
      {
        body: payload,
        etag,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        generation,
      },
      { ttl: service.cacheTtlMs },
    );
    return payload;
  });
}
