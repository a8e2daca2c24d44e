import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { App } from './app.ts';
import { appMeta } from './db/schema.ts';
import { errorResponses, httpError } from './db/errors.ts';
import { storeLogoPath } from './seed/images.ts';
import { buildTestApp, connectUnreachableDatabase } from './testing/testApp.ts';

// Throwaway routes that exercise each kind of failure the error handler must shape.
const probeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/probe/items',
    {
      schema: {
        body: Type.Object({
          email: Type.String({ format: 'email' }),
          quantity: Type.Integer({ minimum: 1 }),
          address: Type.Optional(Type.Object({ zip: Type.String({ pattern: '^[0-9]{5}$' }) })),
        }),
        response: { 200: Type.Object({ quantity: Type.Integer() }), ...errorResponses },
      },
    },
    async (request) => ({ quantity: request.body.quantity }),
  );
  app.get(
    '/probe/items/:id',
    {
      schema: {
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: { 200: Type.Object({ id: Type.String() }), ...errorResponses },
      },
    },
    async (request) => ({ id: request.params.id }),
  );
  app.get('/probe/conflict', { schema: { response: errorResponses } }, async () => {
    throw httpError(409, 'ALREADY_FAVOURITE', 'This product is already a favourite', 'productUuid');
  });
  app.get('/probe/bug', { schema: { response: errorResponses } }, async () => {
    throw new Error('secret internal detail');
  });
  app.get('/probe/db', { schema: { response: { 200: Type.Object({ rows: Type.Integer() }), ...errorResponses } } }, async () => {
    const rows = await app.db.select().from(appMeta);
    return { rows: rows.length };
  });
};

describe('the app', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ extraRoutes: probeRoutes });
  });
  afterAll(() => app.close());

  describe('error shape', () => {
    it('answers an unknown route with a JSON 404', async () => {
      const res = await app.inject({ method: 'GET', url: '/no/such/route?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({
        success: false,
        message: 'Route GET /no/such/route not found',
        error: { code: 'NOT_FOUND', message: 'Route GET /no/such/route not found' },
      });
    });

    it('names the offending body property in a validation error', async () => {
      const res = await app.inject({ method: 'POST', url: '/probe/items', payload: { email: 'a@b.co', quantity: 0 } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: 'quantity must be >= 1',
        error: { code: 'VALIDATION_ERROR', message: 'quantity must be >= 1', field: 'quantity' },
      });
    });

    it('names a missing property and a nested one', async () => {
      const missing = await app.inject({ method: 'POST', url: '/probe/items', payload: { quantity: 2 } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error).toEqual({ code: 'VALIDATION_ERROR', message: 'email is required', field: 'email' });

      const nested = await app.inject({
        method: 'POST',
        url: '/probe/items',
        payload: { email: 'a@b.co', quantity: 1, address: { zip: 'abc' } },
      });
      expect(nested.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'address.zip' });
      expect(nested.json().error.message).toMatch(/^address\.zip must match pattern/);
    });

    it('names the offending path parameter', async () => {
      const res = await app.inject({ method: 'GET', url: '/probe/items/not-a-uuid' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'id must match format "uuid"',
        field: 'id',
      });
    });

    it('rejects a body that is not JSON with a 400', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/probe/items',
        headers: { 'content-type': 'application/json' },
        payload: '{"email": ',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: 'Request body is not valid JSON',
        error: { code: 'INVALID_JSON', message: 'Request body is not valid JSON' },
      });
    });

    it('rejects a body over 1 MiB with a 413', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/probe/items',
        payload: { email: 'a@b.co', quantity: 1, padding: 'x'.repeat(1024 * 1024) },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' });
    });

    it('passes a service error through with its status, code and field', async () => {
      const res = await app.inject({ method: 'GET', url: '/probe/conflict' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        message: 'This product is already a favourite',
        error: { code: 'ALREADY_FAVOURITE', message: 'This product is already a favourite', field: 'productUuid' },
      });
    });

    it('hides the details of an unexpected error', async () => {
      const res = await app.inject({ method: 'GET', url: '/probe/bug' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        success: false,
        message: 'Internal server error',
        error: { code: 'INTERNAL_ERROR', message: 'Internal server error' },
      });
      expect(res.body).not.toContain('secret');
    });

    it('rejects a malformed URL in the same shape', async () => {
      const res = await app.inject({ method: 'GET', url: '/probe/items/%E0%A4%A' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } });
    });
  });

  describe('CORS', () => {
    it('allows the shell origin', async () => {
      const res = await app.inject({ method: 'GET', url: '/health', headers: { origin: 'http://localhost:3000' } });
      expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    });

    it('does not allow another origin', async () => {
      const res = await app.inject({ method: 'GET', url: '/health', headers: { origin: 'http://evil.example' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('answers a preflight for an authenticated DELETE from the shell', async () => {
      const res = await app.inject({
        method: 'OPTIONS',
        url: '/favorites/123',
        headers: {
          origin: 'http://localhost:3000',
          'access-control-request-method': 'DELETE',
          'access-control-request-headers': 'authorization,content-type,x-client-domain',
        },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');
      expect(res.headers['access-control-allow-methods']).toContain('DELETE');
      expect(res.headers['access-control-allow-headers']).toBe('authorization,content-type,x-client-domain');
    });
  });

  it('rate-limits ordinary routes and sets security headers', async () => {
    const res = await app.inject({ method: 'POST', url: '/probe/items', payload: { email: 'a@b.co', quantity: 3 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ quantity: 3 });
    expect(res.headers['x-ratelimit-limit']).toBe('1000');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a client over the rate limit with a 429 in the error shape', async () => {
    // A fresh app so the other tests' requests don't count; 404s are rate limited like any route.
    const limited = await buildTestApp();
    try {
      for (let i = 0; i < 1000; i++) await limited.inject({ method: 'GET', url: `/scan/${i}` });
      const res = await limited.inject({ method: 'GET', url: '/scan/last' });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
      // The wait is what is left of the minute's window: '1 minute' unless the thousand took seconds.
      const message = expect.stringMatching(/^Too many requests\. Please try again in (1 minute|[1-5]?\d seconds)\.$/);
      const body = res.json<{ message: string; error: { message: string } }>();
      expect(body).toEqual({ success: false, message, error: { code: 'RATE_LIMITED', message } });
      expect(body.error.message).toBe(body.message);
      // Health probes and the catalogue's pictures are never throttled.
      expect((await limited.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      expect((await limited.inject({ method: 'GET', url: storeLogoPath('lakeview-fresh') })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
    // A thousand requests: seconds, not milliseconds, on a loaded 2-core CI machine.
  }, 30_000);

  it('exposes the config it was built with', () => {
    expect(app.config.corsOrigins).toEqual(['http://localhost:3000']);
    expect(app.config.nodeEnv).toBe('test');
  });

  it('serves the OpenAPI document and the docs page built from route schemas', async () => {
    const spec = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(Object.keys(spec.json().paths)).toContain('/health');
    const page = await app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it('compresses what the client accepts, and leaves small answers and other clients alone', async () => {
    const plain = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accepted, expected, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: '/docs/json', headers: { 'accept-encoding': accepted } });
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
    }
    // Under 1 KB the bytes saved do not pay for the work.
    const small = await app.inject({
      method: 'POST',
      url: '/probe/items',
      payload: { email: 'a@b.co', quantity: 3 },
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('the app without a database', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp({ db: await connectUnreachableDatabase(), extraRoutes: probeRoutes });
  });
  afterAll(() => app.close());

  it('answers a route that needs the database with a 503, fast, without internals', async () => {
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/probe/db' });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      success: false,
      message: 'The service is temporarily unavailable. Please try again later.',
      error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable. Please try again later.' },
    });
    expect(res.body).not.toMatch(/select|ECONNREFUSED/i);
  });
});

describe('behind a reverse proxy', () => {
  const ipRoute: FastifyPluginAsyncTypebox = async (app) => {
    app.get('/probe/ip', { schema: { response: { 200: Type.Object({ ip: Type.String() }) } } }, (request) => ({ ip: request.ip }));
  };
  const ipOf = async (proxy: App) =>
    (
      await proxy.inject({ method: 'GET', url: '/probe/ip', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '203.0.113.7' } })
    ).json<{ ip: string }>().ip;

  it('takes the client address from X-Forwarded-For only from a proxy it was told to trust', async () => {
    const direct = await buildTestApp({ extraRoutes: ipRoute });
    const proxied = await buildTestApp({ extraRoutes: ipRoute, config: { trustProxy: ['10.0.0.0/8'] } });
    try {
      // Without a trusted proxy a forged header changes nothing; behind the gateway it is the shopper's address.
      expect(await ipOf(direct)).toBe('10.0.0.2');
      expect(await ipOf(proxied)).toBe('203.0.113.7');
    } finally {
      await Promise.all([direct.close(), proxied.close()]);
    }
  });
});
