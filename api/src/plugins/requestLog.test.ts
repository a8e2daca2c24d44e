import { Writable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { buildApp, type App } from '../app.ts';
import type { Config } from '../config.ts';
import { errorResponses } from '../db/errors.ts';
import { connectUnreachableDatabase, testConfig } from '../testing/testApp.ts';
import { createLogger } from './requestLog.ts';

const failingRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/probe/boom', { schema: { response: { 200: Type.Object({}), ...errorResponses } } }, async () => {
    throw new Error('kaboom');
  });
};

/** The app as server.ts builds it, its log collected: `text()` is everything written so far. */
async function loggedApp(config: Partial<Config>) {
  let written = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      written += chunk.toString();
      done();
    },
  });
  const full = testConfig({ logLevel: 'info', ...config });
  const app = await buildApp({
    config: full,
    db: await connectUnreachableDatabase(),
    logger: createLogger(full, destination),
    extraRoutes: failingRoute,
  });
  // pino-pretty formats in a stream of its own: give it a turn before reading.
  const text = async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
    return written;
  };
  return { app, text };
}

/** Two requests every format must show: a 404 with a query that must not be logged, and an unhandled error. */
async function walk(app: App) {
  expect((await app.inject({ method: 'GET', url: '/nowhere?ticket=one-time-secret' })).statusCode).toBe(404);
  expect((await app.inject({ method: 'GET', url: '/probe/boom' })).statusCode).toBe(500);
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('the request log', () => {
  let app: App | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('is one JSON object per line in production, one per request, the stack once on the error entry', async () => {
    const logged = await loggedApp({ nodeEnv: 'production' });
    app = logged.app;
    await walk(app);
    const entries = (await logged.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);

    const notFound = entries.filter((entry) => entry.path === '/nowhere');
    expect(notFound).toEqual([
      expect.objectContaining({
        level: 30,
        method: 'GET',
        path: '/nowhere',
        status: 404,
        ms: expect.any(Number),
        msg: expect.stringMatching(/^GET \/nowhere 404 [\d.]+ ms$/),
      }),
    ]);
    const failed = entries.filter((entry) => entry.reqId === notFound[0]!.reqId);
    expect(failed).toHaveLength(1);

    const boom = entries.filter((entry) => entry.path === '/probe/boom');
    expect(boom).toEqual([
      expect.objectContaining({ level: 30, method: 'GET', status: 500, msg: expect.stringMatching(/^GET \/probe\/boom 500 [\d.]+ ms$/) }),
    ]);
    expect(boom[0]).not.toHaveProperty('err');
    const sameRequest = entries.filter((entry) => entry.reqId === boom[0]!.reqId);
    expect(sameRequest).toHaveLength(2);
    const error = sameRequest.find((entry) => entry !== boom[0]) as { level: number; err: { stack: string } };
    expect(error.level).toBe(50);
    expect(error.err.stack).toMatch(/^Error: kaboom\n\s+at /);

    const text = JSON.stringify(entries);
    expect(occurrences(text, 'Error: kaboom')).toBe(1);
    expect(text).not.toContain('one-time-secret');
    // Fastify's verbose entries are off.
    expect(entries.some((entry) => 'req' in entry || 'res' in entry)).toBe(false);
  });

  it('is one readable line per request in development', async () => {
    const logged = await loggedApp({ nodeEnv: 'development' });
    app = logged.app;
    await walk(app);
    const lines = (await logged.text()).trimEnd().split('\n');
    const requestLines = lines.filter((line) => / (GET|POST) \//.test(line));
    expect(requestLines).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/nowhere 404 [\d.]+ ms$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/probe\/boom 500 [\d.]+ ms$/),
    ]);
    // Each request line is followed by the next entry, not by its fields.
    for (const line of requestLines) expect(lines[lines.indexOf(line) + 1] ?? '[').toMatch(/^\[/);
    const all = lines.join('\n');
    expect(all).toMatch(/ERROR: unhandled error\n/);
    expect(occurrences(all, 'Error: kaboom')).toBe(1);
    expect(all).not.toContain('one-time-secret');
  });

  it('is Fastify’s own, with the whole request, when LOG_VERBOSE=1', async () => {
    const logged = await loggedApp({ nodeEnv: 'production', logVerbose: true });
    app = logged.app;
    await app.inject({ method: 'GET', url: '/nowhere' });
    const entries = (await logged.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; req?: { method: string; url: string }; res?: { statusCode: number } });
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ msg: 'incoming request', req: expect.objectContaining({ method: 'GET', url: '/nowhere' }) }),
        expect.objectContaining({ msg: 'request completed', res: { statusCode: 404 } }),
      ]),
    );
  });
});
