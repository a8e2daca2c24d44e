// Builds the Fastify app (DESIGN.md "API"): external plugins, then app plugins (services), then routes,
// one folder per resource. It does not listen and does not migrate: server.ts and the tests do that.
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { constants as zlibConstants } from 'node:zlib';
import { devStandIns, type Config } from './config.ts';
import type { DbConnection } from './db/client.ts';
import devStandInsPlugin from './dev/index.ts';
import { httpError } from './db/errors.ts';
import dbPlugin from './plugins/db.ts';
import { errorHandler, notFoundHandler, plainTextErrorsAsJson } from './plugins/errorHandler.ts';
import { rejectNonFiniteNumbers, rejectNulCharacters } from './plugins/inputGuards.ts';
import { createLogger, logController } from './plugins/requestLog.ts';
import servicesPlugin, { type Services } from './plugins/services.ts';
import authenticatePlugin from './plugins/authenticate.ts';
import redisPlugin from './plugins/redis.ts';
import adminRoutes from './routes/admin/index.ts';
import authRoutes from './routes/auth/index.ts';
import favouriteRoutes from './routes/favourites/index.ts';
import userRoutes from './routes/user/index.ts';
import healthRoutes from './routes/health/index.ts';
import imageRoutes from './routes/images/index.ts';
import openRoutes from './routes/open/index.ts';
import deliveryFeeRoutes from './routes/delivery-fees/index.ts';
import deliveryRoutes from './routes/delivery/index.ts';
import feeRoutes from './routes/fees/index.ts';
import notificationRoutes from './routes/notifications/index.ts';
import orderRoutes from './routes/orders/index.ts';
import opsRoutes from './routes/ops/index.ts';
import orderEventRoutes from './routes/orders/events.ts';
import paymentRoutes from './routes/payments/index.ts';
import pricingRoutes from './routes/pricing/index.ts';
import vitalsRoutes from './routes/vitals/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated configuration, for plugins and services that need it (e.g. publicShellUrl for mail links). */
    config: Config;
    /** Whether the /dev stand-ins are served, and why (config.ts devStandIns). */
    devStandIns: ReturnType<typeof devStandIns>;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** The open database; the app owns it from now on and closes it on `app.close()`. */
  db: DbConnection;
  /**
   * Defaults to createLogger(config) (plugins/requestLog.ts); server.ts passes the one it logged start-up with.
   * Tests pass `false`, or pino options with a stream of their own.
   */
  logger?: FastifyBaseLogger | FastifyServerOptions['logger'];
  /** Throwaway routes registered after the real ones; only tests use this (e.g. to exercise error handling). */
  extraRoutes?: FastifyPluginAsyncTypebox;
  /** Requests per minute per client IP; only the load benchmark raises it (all its traffic comes from one address). */
  rateLimitMax?: number;
  /** Replacements for some services; only tests use this (e.g. a fake PayPal). */
  services?: Partial<Services>;
  /** Called for every route as it is added; only tests use this (the hostile suite fuzzes and checks every route). */
  onRoute?: (route: RouteOptions) => void;
}

/** Fastify's default, stated here because the 413 contract depends on it. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** Per client IP; generous so a shopper's browsing never hits it, tight enough to blunt scripted abuse. */
const RATE_LIMIT = { max: 1000, timeWindow: '1 minute' };

export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  // Never fall back to a known key (server.ts fills it in development from the database).
  if (Buffer.byteLength(config.jwtSecret) < 32) throw new Error('buildApp: config.jwtSecret must be set (at least 32 bytes)');
  const logger = options.logger ?? createLogger(config);
  const app = Fastify({
    ...(typeof logger === 'object' && 'child' in logger ? { loggerInstance: logger } : { logger }),
    // One line per request (method, path, status, time); LOG_VERBOSE=1 for Fastify's own request log.
    logController: logController(config),
    bodyLimit: BODY_LIMIT_BYTES,
    // Named proxies, never `true`: only the proxies we run may set the client address (config.ts).
    ...(config.trustProxy.length > 0 ? { trustProxy: config.trustProxy.join(',') } : {}),
    // Malformed URLs are rejected before routing; route them through the same error shape.
    frameworkErrors: errorHandler,
    // Fastify's built-in closing reply has its own body; the onRequest hook below answers in our shape instead.
    return503OnClosing: false,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // First, before any plugin adds routes: a route keeps the error handler that was set when it was added.
  app.setErrorHandler(errorHandler);
  // Input the schemas pass but the database cannot take (plugins/inputGuards.ts).
  app.addHook('preValidation', rejectNulCharacters);
  app.addHook('preHandler', rejectNonFiniteNumbers);
  // A plugin's plain-text error (the CORS preflight's) leaves in the error shape too.
  app.addHook('onSend', plainTextErrorsAsJson);
  const { onRoute } = options;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route as RouteOptions));

  // During graceful shutdown, refuse new work on kept-alive connections while in-flight requests finish.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) throw httpError(503, 'SERVICE_UNAVAILABLE', 'The server is shutting down. Please try again.');
  });

  // 1. External plugins (config first: everything after may read it).
  app.decorate('config', config);
  // server.ts listens on config.host only.
  app.decorate('devStandIns', devStandIns(config, [config.host]));
  if (app.devStandIns.forced) {
    app.log.warn(
      `DEV STAND-INS ARE ON (${app.devStandIns.reason}): /dev/oidc mints a sign-in for ANY account, admins included, for anyone who can reach ${config.host}:${config.port}. Never expose this API.`,
    );
  } else if (!app.devStandIns.serve && config.nodeEnv !== 'production') {
    app.log.warn(
      `/dev stand-ins off (${app.devStandIns.reason}): PayPal and Google sign-in without real credentials will fail. Set NODE_ENV=development and API_HOST=127.0.0.1, or ALLOW_DEV_STANDINS=1.`,
    );
  }
  await app.register(cors, {
    // An explicit allowlist: the shell and remotes run on other origins (DESIGN.md "The house").
    origin: config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // Auth is a bearer token, never a cookie, so credentialed CORS stays off.
    credentials: false,
    // Order history pages by cursor; the browser may read the header only if it is exposed.
    exposedHeaders: ['x-next-cursor'],
    maxAge: 600,
  });
  await app.register(helmet);
  // JSON and the catalogue's SVGs are sent compressed to clients that ask (a listing page: 17.5 KB raw,
  // a fifth of that in brotli), so `npm start` sends what compose's gateway sends. Brotli's quality
  // is lowered from its archive-grade default to one cheap enough per response; event streams are
  // never compressed (the plugin's default types leave them out), so each event leaves at once.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    // An answer is compressed in one call (a 12 KB listing page: 0.06 ms) rather than through a zlib
    // stream on the thread pool, whose setup and hops cost more than that; the plugin's default
    // allows that only up to 8 KB on 2 cores, below a listing page.
    syncThreshold: 65_536,
  });
  await app.register(redisPlugin);
  // In-memory counters are per process; when the API runs as several replicas, pass a shared store
  // here (`redis` option, from a future REDIS_URL) so the limit is per client, not per replica.
  await app.register(rateLimit, {
    ...RATE_LIMIT,
    max: options.rateLimitMax ?? RATE_LIMIT.max,
    // Shared counters across API instances when REDIS_URL is set (in memory otherwise).
    ...(app.redis ? { redis: app.redis } : {}),
    errorResponseBuilder: (_request, context) => httpError(429, 'RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`),
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Grocer API', version: '0.1.0', description: 'Generated from the route schemas.' },
    },
  });
  // staticCSP swaps helmet's policy on /docs for the page's own; Swagger UI also injects <style> blocks,
  // so inline styles (never scripts) are allowed there.
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/style-src ([^;]*);/, "style-src $1 'unsafe-inline';"),
  });
  await app.register(dbPlugin, { connection: options.db });

  // 2. App plugins. The dev stand-ins (mailbox, OpenID issuer, PayPal, with their /dev routes) come
  // first, so the services take their ports; only where devStandIns() allows, never in production.
  if (app.devStandIns.serve) await app.register(devStandInsPlugin);
  const ports = app.devStandIns.serve ? app.standIns.ports : {};
  await app.register(servicesPlugin, { ports, overrides: options.services });
  await app.register(authenticatePlugin);

  // 3. Routes, one folder per resource.
  await app.register(healthRoutes);
  await app.register(openRoutes);
  await app.register(imageRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(favouriteRoutes);
  await app.register(deliveryFeeRoutes);
  await app.register(deliveryRoutes);
  await app.register(feeRoutes);
  await app.register(pricingRoutes);
  await app.register(paymentRoutes);
  await app.register(orderRoutes);
  await app.register(orderEventRoutes);
  await app.register(notificationRoutes);
  await app.register(adminRoutes);
  await app.register(vitalsRoutes);
  await app.register(opsRoutes);
  if (options.extraRoutes) await app.register(options.extraRoutes);

  // Rate-limited too, so scanning for routes costs the scanner (@fastify/rate-limit README).
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, notFoundHandler);

  await app.ready();
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
