// Server-Sent Event streams for routes that follow a feed (the admin notifications, a shopper's
// order): a cap per client, the stream's headers, a heartbeat, and one way to end it, whoever ends
// first (the client closing, the server shutting down, the feed failing to subscribe).
//
// Hand-written because the plugins cover little of it. @fastify/sse (0.6, MIT, Fastify 5) would take
// over the headers, the heartbeat timer and the close listener, about 15 lines here. It leaves out the
// per-client cap (429 before the stream starts), ending open streams when the server closes, and the
// subscribe-failure path. For Last-Event-ID it only passes the header on, and the admin feed also
// takes ?lastEventId=. And it would change what the wire carries: ': heartbeat' comments at one
// plugin-wide interval instead of the documented ': ping'.
// fastify-sse-v2 has neither heartbeats nor Last-Event-ID.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RetryLaterError } from '../db/errors.ts';

/** A comment line this often keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** What EventSource waits before reconnecting after the stream drops. */
export const RETRY_MS = 3_000;

export interface SseStreams {
  /**
   * Opens one stream for `owner` (429 TOO_MANY_STREAMS past the cap, before anything is sent) and
   * subscribes it: `subscribe` gets the writer and returns what unsubscribes.
   */
  open(
    request: FastifyRequest,
    reply: FastifyReply,
    owner: string,
    subscribe: (write: (chunk: string) => void) => Promise<() => void>,
  ): Promise<void>;
}

/**
 * The streams of one route, at most `maxPerOwner` per owner, all ended when `app` closes (open streams
 * never end on their own). `what` names them in the 429's message and in the log.
 */
export function createSseStreams(app: FastifyInstance, { maxPerOwner, what }: { maxPerOwner: number; what: string }): SseStreams {
  const tooMany = `At most ${maxPerOwner} ${what} streams may be open at once. Close one and try again.`;
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  const streamsByOwner = new Map<string, number>();

  return {
    async open(request, reply, owner, subscribe) {
      const streams = streamsByOwner.get(owner) ?? 0;
      if (streams >= maxPerOwner) throw new RetryLaterError(429, 'TOO_MANY_STREAMS', tooMany, RETRY_MS / 1000);
      streamsByOwner.set(owner, streams + 1);

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        // CORS, helmet and rate-limit headers set by the hooks so far.
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx and similar proxies must pass each event on at once.
        'x-accel-buffering': 'no',
      });
      res.write(`retry: ${RETRY_MS}\n: connected\n\n`);

      let unsubscribe: (() => void) | undefined;
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      let ended = false;
      const end = () => {
        if (!ended) {
          ended = true;
          const left = (streamsByOwner.get(owner) ?? 1) - 1;
          if (left > 0) streamsByOwner.set(owner, left);
          else streamsByOwner.delete(owner);
        }
        clearInterval(heartbeat);
        unsubscribe?.();
        open.delete(end);
        if (!res.writableEnded) res.end();
      };
      open.add(end);
      res.on('close', end);
      try {
        const stop = await subscribe((chunk) => res.write(chunk));
        if (res.writableEnded) stop();
        else unsubscribe = stop;
      } catch (err) {
        // The client's EventSource reconnects after `retry`.
        request.log.error({ err }, `${what} stream could not subscribe`);
        end();
      }
    },
  };
}
