// The API's log: one line per request (method, path, status, time), pretty in development and one JSON
// object per line in production, so a walk through the shop stays readable and a log shipper gets
// one record per request. An error's stack is logged once, by whoever handles it (errorHandler.ts),
// never again on the request's line. LOG_VERBOSE=1 brings back Fastify's own two entries per request,
// with the whole request, for debugging.
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, type DestinationStream } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config.ts';

/** The fields of a request's line; the pretty form shows them in the message and hides them. */
const REQUEST_FIELDS = ['method', 'path', 'status', 'ms'] as const;

/**
 * The API's logger: JSON lines in production; elsewhere pino-pretty in this thread (a development
 * log needs no worker), one line per entry. `destination` is stdout unless a test collects the lines.
 */
export function createLogger(
  config: Pick<Config, 'nodeEnv' | 'logLevel' | 'logVerbose'>,
  destination?: DestinationStream,
): FastifyBaseLogger {
  const options = { level: config.logLevel };
  if (config.nodeEnv === 'production') return destination ? pino(options, destination) : pino(options);
  const hidden = ['pid', 'hostname', ...(config.logVerbose ? [] : ['reqId', ...REQUEST_FIELDS])];
  return pino(
    options,
    pretty({
      translateTime: 'HH:MM:ss',
      ignore: hidden.join(','),
      // Written at once, so a line logged just before process.exit() is not lost.
      ...(destination ? { destination, colorize: false } : { sync: true }),
    }),
  );
}

/** The path without its query: a query may carry a search or a one-time ticket, and the path is what one scans for. */
const pathOf = (request: FastifyRequest) => request.url.split('?', 1)[0];

/**
 * Fastify's request logging (its LogController) as one line per request. Errors the app handles are
 * logged with their stack by the error handler; an error only Fastify sees (the response failing
 * while it was sent) rides on the request's line.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const line = { method: request.method, path: pathOf(request), status: reply.statusCode, ms };
    const message = `${line.method} ${line.path} ${line.status} ${ms} ms`;
    if (error) request.log.error({ ...line, err: error }, message);
    else request.log.info(line, message);
  }

  /** The app has its own not-found handler; the request's line says 404. */
  override routeNotFound(): void {}

  /** Fastify's default error handler (unused: app.ts sets ours first): 5xx with the stack, 4xx on the request's line only. */
  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) request.log.error({ err: error }, error.message);
  }
}

/** What app.ts gives Fastify: the one-line log, or Fastify's own with LOG_VERBOSE=1. */
export const logController = (config: Pick<Config, 'logVerbose'>) => (config.logVerbose ? new LogController() : new OneLineRequestLog());
