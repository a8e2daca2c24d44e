// POST /vitals and GET /admin/vitals: what browsers send is stored as sent (within limits), and the
// 75th percentile per route comes back to admins only.
import type { App } from '../../app.ts';
import { webVitals } from '../../db/schema.ts';
import { bearer, FAST_HASHING, registerUser, type Registered } from '../../testing/accounts.ts';
import { makeAdmin, registerShopper } from '../../testing/checkout.ts';
import { buildTestApp } from '../../testing/testApp.ts';
import { VITALS_RETENTION_HOURS } from '../../services/vitals.ts';

let app: App;
let admin: Registered;
let shopper: Registered;

beforeAll(async () => {
  app = await buildTestApp({ config: FAST_HASHING });
  shopper = await registerUser(app);
  admin = await registerShopper(app, 'Ada', 'Admin');
  await makeAdmin(app, admin);
});
afterAll(() => app.close());
beforeEach(() => app.db.delete(webVitals));

const report = (payload: unknown, contentType = 'text/plain;charset=UTF-8') =>
  app.inject({
    method: 'POST',
    url: '/vitals',
    headers: { 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
const readP75 = (token = admin.token, query = '') => app.inject({ method: 'GET', url: `/admin/vitals${query}`, headers: bearer(token) });

test('a beacon sent as text/plain JSON is stored, and admins read the 75th percentile per route and metric', async () => {
  // LCP 1..8 s on the product route: p75 of 1000..8000 in steps of 1000 is 6250 (linear interpolation).
  for (let i = 1; i <= 8; i++) {
    const sent = await report({
      route: '/store/:pathName/product/:productUuid',
      metrics: [
        { name: 'LCP', value: i * 1000 },
        { name: 'CLS', value: i / 100 },
      ],
    });
    expect(sent.statusCode).toBe(204);
  }
  expect((await report({ route: '/', metrics: [{ name: 'TTFB', value: 120 }] }, 'application/json')).statusCode).toBe(204);

  const answer = await readP75();
  expect(answer.statusCode).toBe(200);
  expect(answer.json()).toEqual({
    hours: 24,
    vitals: [
      { route: '/', name: 'TTFB', p75: 120, count: 1 },
      { route: '/store/:pathName/product/:productUuid', name: 'CLS', p75: 0.063, count: 8 },
      { route: '/store/:pathName/product/:productUuid', name: 'LCP', p75: 6250, count: 8 },
    ],
  });
});

test('only the last hours count: older figures are left out of p75 and deleted after the retention', async () => {
  const now = Date.now();
  await app.db.insert(webVitals).values([
    { route: '/cart', name: 'LCP', value: 9000, recordedAt: new Date(now - 30 * 3_600_000) },
    { route: '/cart', name: 'LCP', value: 1000, recordedAt: new Date(now - 60_000) },
  ]);
  expect((await readP75()).json().vitals).toEqual([{ route: '/cart', name: 'LCP', p75: 1000, count: 1 }]);
  expect((await readP75(admin.token, '?hours=48')).json().vitals).toEqual([{ route: '/cart', name: 'LCP', p75: 7000, count: 2 }]);

  await app.services.vitals.record(
    { route: '/cart', metrics: [{ name: 'INP', value: 40 }] },
    new Date(now + VITALS_RETENTION_HOURS * 3_600_000 - 3_600_000),
  );
  const left = await app.db.select({ value: webVitals.value }).from(webVitals);
  // The 30-hour-old figure is past the retention at that moment; the others are not.
  expect(left.map((r) => r.value).sort((a, b) => a - b)).toEqual([40, 1000]);
});

test('implausible figures are dropped, not stored', async () => {
  expect(
    (
      await report({
        route: '/',
        metrics: [
          { name: 'LCP', value: 500_000 },
          { name: 'CLS', value: 0.01 },
        ],
      })
    ).statusCode,
  ).toBe(204);
  expect((await readP75()).json().vitals).toEqual([{ route: '/', name: 'CLS', p75: 0.01, count: 1 }]);
});

test.each([
  ['not JSON', 'LCP=1200'],
  ['a concrete URL with a query', { route: '/search?q=milk', metrics: [{ name: 'LCP', value: 1 }] }],
  ['an unknown metric', { route: '/', metrics: [{ name: 'FID', value: 1 }] }],
  ['a negative value', { route: '/', metrics: [{ name: 'LCP', value: -1 }] }],
  ['no metrics', { route: '/', metrics: [] }],
  ['too many metrics', { route: '/', metrics: Array.from({ length: 11 }, () => ({ name: 'LCP', value: 1 })) }],
])('a report with %s is a 400 JSON error with a message', async (_what, payload) => {
  const answer = await report(payload);
  expect(answer.statusCode).toBe(400);
  expect(answer.json().message).toEqual(expect.any(String));
});

test('a report larger than 4 KB is refused', async () => {
  const answer = await report({ route: `/${'a'.repeat(5000)}`, metrics: [{ name: 'LCP', value: 1 }] });
  expect(answer.statusCode).toBe(413);
  expect(answer.json().message).toEqual(expect.any(String));
});

test('reports have their own rate limit per address', async () => {
  const body = JSON.stringify({ route: '/', metrics: [{ name: 'LCP', value: 1 }] });
  const codes: number[] = [];
  for (let i = 0; i < 61; i++) {
    codes.push(
      (
        await app.inject({
          method: 'POST',
          url: '/vitals',
          remoteAddress: '203.0.113.9',
          headers: { 'content-type': 'text/plain' },
          payload: body,
        })
      ).statusCode,
    );
  }
  expect(codes.filter((c) => c === 204)).toHaveLength(60);
  expect(codes.at(-1)).toBe(429);
});

test('p75 is for admins: 401 without a session, 403 for a shopper', async () => {
  expect((await app.inject({ method: 'GET', url: '/admin/vitals' })).statusCode).toBe(401);
  const forShopper = await readP75(shopper.token);
  expect(forShopper.statusCode).toBe(403);
  expect((await readP75(admin.token, '?hours=0')).statusCode).toBe(400);
});
