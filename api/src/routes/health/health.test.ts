import type { App } from '../../app.ts';
import { buildTestApp, connectUnreachableDatabase } from '../../testing/testApp.ts';

describe('GET /health', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('is 200 with the database answering', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('is not rate limited', async () => {
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('is a 503 in the error shape, quickly, when the database is unreachable', async () => {
    const offline = await buildTestApp({ db: await connectUnreachableDatabase() });
    try {
      const started = Date.now();
      const res = await offline.inject({ method: 'GET', url: '/health' });
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        message: 'The database is unreachable',
        error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is unreachable' },
        status: 'unavailable',
        db: 'unreachable',
      });
    } finally {
      await offline.close();
    }
  });
});
