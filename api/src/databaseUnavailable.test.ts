// Every route with the database unreachable: /health and every
// call that needs the database answer a JSON 503 with a message within 2 s, never a hang, a 500 or a
// 401 for a valid token. The routes are enumerated from the app itself, so a new route without a case
// here fails the suite until someone says what a valid call to it looks like.
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { generateKeyPair, SignJWT } from 'jose';
import type { App } from './app.ts';
import { SERVING_TIMEOUTS } from './db/client.ts';
import { createSessionJwt, createTicketJwt } from './lib/jwt.ts';
import { TICKET_TTL_SECONDS } from './plugins/services.ts';
import { FAST_HASHING, STRONG_PASSWORD } from './testing/accounts.ts';
import { orderPayload, SHOPPER_ADDRESS } from './testing/checkout.ts';
import { createCatalogueService } from './services/catalogue/catalogueService.ts';
import { startTcpProxy, type TcpProxy } from './testing/tcpProxy.ts';
import { buildTestApp, connectUnreachableDatabase, createTestDatabase, TEST_DATABASE_URL } from './testing/testApp.ts';

/** How long any answer may take when the database is away: a shopper waits no longer than this. */
const ANSWER_WITHIN_MS = 2_000;

interface Credentials {
  /** A valid session token for a customer the database would have to confirm. */
  customer: string;
  /** The same for an admin. */
  admin: string;
  /** A valid admin-stream ticket. */
  ticket: string;
  /** A well-formed RS256 ID token; whether the issuer signed it takes the issuer's keys, kept in the database. */
  googleIdToken: string;
}

interface RouteCase {
  request(credentials: Credentials): InjectOptions;
  /** Set when the route legitimately answers without the database, with the reason. */
  noDatabase?: string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const someUuid = '00000000-0000-4000-8000-000000000001';
const cart = [{ productId: someUuid, quantity: 2 }];
const INVENTORY_CSV = `uuid,price,stock\n${someUuid},4.99,12\n`;
const PAYPAL_STAND_IN =
  'the PayPal stand-in answers this before its order book (in the database): a token, its script, or a refusal of a call without one';
const MAIL_AFTER_ANSWER = 'it answers before looking the address up (the same time for every address); the mail is queued';

/** One valid call per route, keyed as the OpenAPI document names it: `METHOD /path/{param}`. */
const ROUTE_CASES: Record<string, RouteCase> = {
  'GET /health': { request: () => ({ method: 'GET', url: '/health' }) },
  'GET /open/stores': { request: () => ({ method: 'GET', url: '/open/stores' }) },
  'GET /open/store/{id}': { request: () => ({ method: 'GET', url: '/open/store/loop-market' }) },
  'GET /open/categories': { request: () => ({ method: 'GET', url: '/open/categories?storeId=loop-market' }) },
  'GET /open/categories/{uuid}': { request: () => ({ method: 'GET', url: `/open/categories/${someUuid}` }) },
  'GET /open/product/{productUuid}': { request: () => ({ method: 'GET', url: `/open/product/${someUuid}` }) },
  'GET /open/product/{productUuid}/also-at': { request: () => ({ method: 'GET', url: `/open/product/${someUuid}/also-at` }) },
  'GET /open/product/{productUuid}/substitutes': { request: () => ({ method: 'GET', url: `/open/product/${someUuid}/substitutes` }) },
  'GET /open/products/search/global': { request: () => ({ method: 'GET', url: '/open/products/search/global?query=milk' }) },
  'GET /open/products/search/global/paginated': {
    request: () => ({ method: 'GET', url: '/open/products/search/global/paginated?query=milk&page=1&limit=20' }),
  },
  'GET /open/products/search/paginated': {
    request: () => ({ method: 'GET', url: '/open/products/search/paginated?query=milk&storeId=loop-market' }),
  },
  'GET /open/products/suggestions': { request: () => ({ method: 'GET', url: '/open/products/suggestions?query=mil' }) },
  'GET /open/products/facets': { request: () => ({ method: 'GET', url: '/open/products/facets?query=milk&inStock=true' }) },
  'GET /open/products/{storePublicId}': { request: () => ({ method: 'GET', url: '/open/products/loop-market' }) },
  'GET /open/products/{storePublicId}/paginated': {
    request: () => ({ method: 'GET', url: '/open/products/loop-market/paginated?page=2' }),
  },
  'GET /open/products/{storePublicId}/{categoryUuid}/paginated': {
    request: () => ({ method: 'GET', url: `/open/products/loop-market/${someUuid}/paginated` }),
  },
  'GET /images/{kind}/{file}': {
    request: () => ({ method: 'GET', url: '/images/stores/none.svg' }),
    noDatabase: 'images are generated from the seed in memory',
  },
  'POST /auth/register': {
    request: () => ({ method: 'POST', url: '/auth/register', payload: { email: 'new@example.com', password: STRONG_PASSWORD } }),
  },
  'POST /auth/login': {
    request: () => ({ method: 'POST', url: '/auth/login', payload: { email: 'shopper@example.com', password: STRONG_PASSWORD } }),
  },
  'POST /auth/google': { request: (c) => ({ method: 'POST', url: '/auth/google', payload: { idToken: c.googleIdToken } }) },
  'GET /auth/email-verification/verify': {
    request: () => ({ method: 'GET', url: `/auth/email-verification/verify?token=${'a'.repeat(64)}` }),
  },
  'POST /auth/email-verification/resend': {
    request: () => ({ method: 'POST', url: '/auth/email-verification/resend?email=shopper%40example.com' }),
    noDatabase: MAIL_AFTER_ANSWER,
  },
  'POST /auth/forgot-password': {
    request: () => ({ method: 'POST', url: '/auth/forgot-password', payload: { email: 'shopper@example.com' } }),
    noDatabase: MAIL_AFTER_ANSWER,
  },
  'POST /auth/logout': { request: (c) => ({ method: 'POST', url: '/auth/logout', headers: bearer(c.customer) }) },
  'POST /auth/logout-all': { request: (c) => ({ method: 'POST', url: '/auth/logout-all', headers: bearer(c.customer) }) },
  'POST /auth/reset-password': {
    request: () => ({ method: 'POST', url: '/auth/reset-password', payload: { token: 'a'.repeat(64), password: STRONG_PASSWORD } }),
  },
  'GET /user/profile': { request: (c) => ({ method: 'GET', url: '/user/profile', headers: bearer(c.customer) }) },
  'POST /user/address': {
    request: (c) => ({ method: 'POST', url: '/user/address', headers: bearer(c.customer), payload: SHOPPER_ADDRESS }),
  },
  'POST /api/user/request-beta': {
    request: (c) => ({ method: 'POST', url: '/api/user/request-beta', headers: bearer(c.customer), payload: { reason: 'I shop daily' } }),
  },
  'GET /api/user/beta-status': { request: (c) => ({ method: 'GET', url: '/api/user/beta-status', headers: bearer(c.customer) }) },
  'GET /favorites': { request: (c) => ({ method: 'GET', url: '/favorites', headers: bearer(c.customer) }) },
  'POST /favorites': {
    request: (c) => ({ method: 'POST', url: '/favorites', headers: bearer(c.customer), payload: { productUuid: someUuid } }),
  },
  'DELETE /favorites/{uuid}': { request: (c) => ({ method: 'DELETE', url: `/favorites/${someUuid}`, headers: bearer(c.customer) }) },
  'GET /user/substitution-preferences': {
    request: (c) => ({ method: 'GET', url: '/user/substitution-preferences', headers: bearer(c.customer) }),
  },
  'PUT /user/substitution-preferences/{productUuid}': {
    request: (c) => ({
      method: 'PUT',
      url: `/user/substitution-preferences/${someUuid}`,
      headers: bearer(c.customer),
      payload: { choice: 'NONE' },
    }),
  },
  'POST /delivery-fees': {
    request: (c) => ({
      method: 'POST',
      url: '/delivery-fees',
      headers: bearer(c.customer),
      payload: { storeUuids: [someUuid], ...SHOPPER_ADDRESS },
    }),
  },
  'GET /open/store-rules': { request: () => ({ method: 'GET', url: '/open/store-rules' }) },
  'GET /open/sitemap.xml': { request: () => ({ method: 'GET', url: '/open/sitemap.xml' }) },
  'GET /open/sitemap/{part}': { request: () => ({ method: 'GET', url: '/open/sitemap/1' }) },
  'GET /open/robots.txt': {
    request: () => ({ method: 'GET', url: '/open/robots.txt' }),
    noDatabase: 'robots.txt is made from the configured shop address alone',
  },
  'GET /delivery/coverage': { request: (c) => ({ method: 'GET', url: '/delivery/coverage', headers: bearer(c.customer) }) },
  'POST /delivery/windows': {
    request: (c) => ({ method: 'POST', url: '/delivery/windows', headers: bearer(c.customer), payload: { storeUuids: [someUuid] } }),
  },
  'POST /delivery/holds': {
    request: (c) => ({
      method: 'POST',
      url: '/delivery/holds',
      headers: bearer(c.customer),
      payload: { storeUuid: someUuid, startsAt: '2026-11-30T17:00:00.000Z' },
    }),
  },
  'DELETE /delivery/holds/{storeUuid}': {
    request: (c) => ({ method: 'DELETE', url: `/delivery/holds/${someUuid}`, headers: bearer(c.customer) }),
  },
  'POST /open/fees/calculate-payment-breakdown': {
    request: () => ({
      method: 'POST',
      url: '/open/fees/calculate-payment-breakdown',
      payload: { subtotal: 12.5, deliveryFee: 3.99, state: 'IL' },
    }),
    noDatabase: 'fees and tax are computed from the request and the configured rates',
  },
  'POST /pricing/calculate': {
    request: (c) => ({ method: 'POST', url: '/pricing/calculate', headers: bearer(c.customer), payload: { items: cart } }),
  },
  'GET /payments/paypal/config': {
    request: () => ({ method: 'GET', url: '/payments/paypal/config' }),
    noDatabase: 'the PayPal client id comes from the configuration',
  },
  'POST /payments/paypal/orders': {
    request: (c) => ({ method: 'POST', url: '/payments/paypal/orders', headers: bearer(c.customer), payload: { items: cart } }),
  },
  'POST /orders/create': {
    request: (c) => ({
      method: 'POST',
      url: '/orders/create',
      headers: { ...bearer(c.customer), 'idempotency-key': randomUUID() },
      payload: orderPayload('PAYPAL-ORDER-1', [
        { product: { uuid: someUuid, name: 'Milk', priceCents: 399, storeUuid: someUuid }, quantity: 1 },
      ]),
    }),
  },
  'POST /orders/paypal/complete': {
    request: (c) => ({ method: 'POST', url: '/orders/paypal/complete', headers: bearer(c.customer), payload: { orderId: someUuid } }),
  },
  'POST /orders/tracking': {
    request: (c) => ({
      method: 'POST',
      url: '/orders/tracking',
      headers: bearer(c.customer),
      payload: { orderId: someUuid, status: 'confirmed' },
    }),
  },
  'GET /orders/user/history': { request: (c) => ({ method: 'GET', url: '/orders/user/history?limit=10', headers: bearer(c.customer) }) },
  'GET /orders/buy-again': { request: (c) => ({ method: 'GET', url: '/orders/buy-again', headers: bearer(c.customer) }) },
  'POST /orders/{id}/reorder': { request: (c) => ({ method: 'POST', url: `/orders/${someUuid}/reorder`, headers: bearer(c.customer) }) },
  'GET /orders/{id}': { request: (c) => ({ method: 'GET', url: `/orders/${someUuid}`, headers: bearer(c.customer) }) },
  'POST /notifications/order-created': {
    request: (c) => ({ method: 'POST', url: '/notifications/order-created', headers: bearer(c.customer), payload: { orderId: someUuid } }),
  },
  'POST /notifications/admin': {
    request: (c) => ({ method: 'POST', url: '/notifications/admin', headers: bearer(c.customer), payload: { orderId: someUuid } }),
  },
  'POST /notifications/stores': {
    request: (c) => ({ method: 'POST', url: '/notifications/stores', headers: bearer(c.customer), payload: { orderId: someUuid } }),
  },
  'GET /admin/notifications': { request: (c) => ({ method: 'GET', url: '/admin/notifications?limit=20', headers: bearer(c.admin) }) },
  'POST /admin/notifications/stream-ticket': {
    request: (c) => ({ method: 'POST', url: '/admin/notifications/stream-ticket', headers: bearer(c.admin) }),
  },
  'GET /admin/notifications/stream': {
    request: (c) => ({ method: 'GET', url: `/admin/notifications/stream?ticket=${encodeURIComponent(c.ticket)}` }),
  },
  'GET /admin/refunds': { request: (c) => ({ method: 'GET', url: '/admin/refunds?limit=20', headers: bearer(c.admin) }) },
  'GET /admin/vitals': { request: (c) => ({ method: 'GET', url: '/admin/vitals', headers: bearer(c.admin) }) },
  'POST /vitals': {
    request: () => ({
      method: 'POST',
      url: '/vitals',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ route: '/', metrics: [{ name: 'LCP', value: 1200 }] }),
    }),
  },
  'POST /auth/accept-invitation': {
    request: () => ({ method: 'POST', url: '/auth/accept-invitation', payload: { token: 'x'.repeat(43), password: 'Tomato-Basil-42' } }),
  },
  'POST /orders/{orderId}/events/ticket': {
    request: (c) => ({ method: 'POST', url: `/orders/${someUuid}/events/ticket`, headers: bearer(c.customer) }),
  },
  'GET /orders/{orderId}/events': { request: (c) => ({ method: 'GET', url: `/orders/${someUuid}/events`, headers: bearer(c.customer) }) },
  'GET /ops/me': { request: (c) => ({ method: 'GET', url: '/ops/me', headers: bearer(c.admin) }) },
  'GET /ops/staff': { request: (c) => ({ method: 'GET', url: '/ops/staff', headers: bearer(c.admin) }) },
  'POST /ops/staff': {
    request: (c) => ({
      method: 'POST',
      url: '/ops/staff',
      headers: bearer(c.admin),
      payload: { email: 'staff@example.com', firstName: 'S', lastName: 'T', storeUuid: someUuid },
    }),
  },
  'POST /ops/staff/{userUuid}/invitation': {
    request: (c) => ({ method: 'POST', url: `/ops/staff/${someUuid}/invitation`, headers: bearer(c.admin) }),
  },
  'GET /ops/orders': { request: (c) => ({ method: 'GET', url: '/ops/orders', headers: bearer(c.admin) }) },
  'GET /ops/orders/{orderId}/stores/{storeUuid}': {
    request: (c) => ({ method: 'GET', url: `/ops/orders/${someUuid}/stores/${someUuid}`, headers: bearer(c.admin) }),
  },
  'POST /ops/orders/{orderId}/stores/{storeUuid}/status': {
    request: (c) => ({
      method: 'POST',
      url: `/ops/orders/${someUuid}/stores/${someUuid}/status`,
      headers: bearer(c.admin),
      payload: { status: 'PREPARING' },
    }),
  },
  'POST /ops/orders/{orderId}/lines/{lineId}': {
    request: (c) => ({ method: 'POST', url: `/ops/orders/${someUuid}/lines/1`, headers: bearer(c.admin), payload: { state: 'FOUND' } }),
  },
  'GET /ops/orders/{orderId}/lines/{lineId}/replacements': {
    request: (c) => ({ method: 'GET', url: `/ops/orders/${someUuid}/lines/1/replacements`, headers: bearer(c.admin) }),
  },
  'POST /ops/orders/{orderId}/cancel': {
    request: (c) => ({
      method: 'POST',
      url: `/ops/orders/${someUuid}/cancel`,
      headers: bearer(c.admin),
      payload: { reason: 'Closed today' },
    }),
  },
  'GET /ops/stores/{storeUuid}/products': {
    request: (c) => ({ method: 'GET', url: `/ops/stores/${someUuid}/products`, headers: bearer(c.admin) }),
  },
  'PATCH /ops/stores/{storeUuid}/products/{productUuid}': {
    request: (c) => ({
      method: 'PATCH',
      url: `/ops/stores/${someUuid}/products/${someUuid}`,
      headers: bearer(c.admin),
      payload: { inStock: true },
    }),
  },
  'GET /ops/stores/{storeUuid}/products/{productUuid}/price-changes': {
    request: (c) => ({ method: 'GET', url: `/ops/stores/${someUuid}/products/${someUuid}/price-changes`, headers: bearer(c.admin) }),
  },
  'GET /ops/stores/{storeUuid}/settings': {
    request: (c) => ({ method: 'GET', url: `/ops/stores/${someUuid}/settings`, headers: bearer(c.admin) }),
  },
  'PUT /ops/stores/{storeUuid}/settings': {
    request: (c) => ({
      method: 'PUT',
      url: `/ops/stores/${someUuid}/settings`,
      headers: bearer(c.admin),
      payload: { minOrderCents: 0, deliveryRadiusMiles: 10, windowCapacity: 10, hours: [] },
    }),
  },
  'GET /ops/notifications': { request: (c) => ({ method: 'GET', url: '/ops/notifications', headers: bearer(c.admin) }) },
  'POST /ops/me/password': {
    request: (c) => ({
      method: 'POST',
      url: '/ops/me/password',
      headers: bearer(c.admin),
      payload: { currentPassword: STRONG_PASSWORD, newPassword: `${STRONG_PASSWORD}x` },
    }),
  },
  'GET /ops/queue': { request: (c) => ({ method: 'GET', url: '/ops/queue', headers: bearer(c.admin) }) },
  'GET /ops/stores/{storeUuid}/products/{productUuid}/stock-changes': {
    request: (c) => ({ method: 'GET', url: `/ops/stores/${someUuid}/products/${someUuid}/stock-changes`, headers: bearer(c.admin) }),
  },
  'POST /ops/stores/{storeUuid}/products/bulk': {
    request: (c) => ({
      method: 'POST',
      url: `/ops/stores/${someUuid}/products/bulk`,
      headers: bearer(c.admin),
      payload: { productUuids: [someUuid], action: 'SET_STOCK', stockQuantity: 3 },
    }),
  },
  'GET /ops/stores/{storeUuid}/inventory.csv': {
    request: (c) => ({ method: 'GET', url: `/ops/stores/${someUuid}/inventory.csv`, headers: bearer(c.admin) }),
  },
  'POST /ops/stores/{storeUuid}/inventory/import/preview': {
    request: (c) => ({
      method: 'POST',
      url: `/ops/stores/${someUuid}/inventory/import/preview`,
      headers: { ...bearer(c.admin), 'content-type': 'text/csv' },
      payload: INVENTORY_CSV,
    }),
  },
  'POST /ops/stores/{storeUuid}/inventory/import': {
    request: (c) => ({
      method: 'POST',
      url: `/ops/stores/${someUuid}/inventory/import`,
      headers: { ...bearer(c.admin), 'content-type': 'text/csv' },
      payload: INVENTORY_CSV,
    }),
  },
  'POST /ops/notifications/{id}/retry': {
    request: (c) => ({ method: 'POST', url: '/ops/notifications/1/retry', headers: bearer(c.admin) }),
  },
  'GET /dev/mailbox': { request: () => ({ method: 'GET', url: '/dev/mailbox?to=shopper%40example.com' }) },
  'POST /dev/paypal/v1/oauth2/token': {
    request: () => ({
      method: 'POST',
      url: '/dev/paypal/v1/oauth2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=client_credentials',
    }),
    noDatabase: PAYPAL_STAND_IN,
  },
  'POST /dev/paypal/v2/checkout/orders': {
    request: () => ({ method: 'POST', url: '/dev/paypal/v2/checkout/orders', payload: {} }),
    noDatabase: PAYPAL_STAND_IN,
  },
  'GET /dev/paypal/v2/checkout/orders/{id}': {
    request: () => ({ method: 'GET', url: '/dev/paypal/v2/checkout/orders/ORDER-1' }),
    noDatabase: PAYPAL_STAND_IN,
  },
  'POST /dev/paypal/v2/checkout/orders/{id}/capture': {
    request: () => ({ method: 'POST', url: '/dev/paypal/v2/checkout/orders/ORDER-1/capture' }),
    noDatabase: PAYPAL_STAND_IN,
  },
  'POST /dev/paypal/v2/payments/captures/{id}/refund': {
    request: () => ({ method: 'POST', url: '/dev/paypal/v2/payments/captures/CAPTURE-1/refund', payload: {} }),
    noDatabase: PAYPAL_STAND_IN,
  },
  'GET /dev/paypal/v2/payments/captures/{id}': {
    request: () => ({ method: 'GET', url: '/dev/paypal/v2/payments/captures/CAPTURE-1' }),
    noDatabase: PAYPAL_STAND_IN,
  },
  'GET /dev/paypal/v2/payments/refunds/{id}': {
    request: () => ({ method: 'GET', url: '/dev/paypal/v2/payments/refunds/REFUND-1' }),
    noDatabase: PAYPAL_STAND_IN,
  },
  'POST /dev/paypal/orders/{id}/approve': {
    request: () => ({ method: 'POST', url: '/dev/paypal/orders/ORDER-1/approve', payload: {} }),
  },
  'POST /dev/paypal/orders/{id}/cancel': {
    request: () => ({ method: 'POST', url: '/dev/paypal/orders/ORDER-1/cancel' }),
  },
  'GET /dev/paypal/orders/{id}/summary': {
    request: () => ({ method: 'GET', url: '/dev/paypal/orders/ORDER-1/summary' }),
  },
  'GET /dev/paypal/sdk/js': {
    request: () => ({ method: 'GET', url: '/dev/paypal/sdk/js?client-id=test&currency=USD&intent=capture' }),
    noDatabase: PAYPAL_STAND_IN,
  },
  // The dev OpenID issuer keeps its signing key in the database (app_meta); its discovery document and sign-in page need none.
  'GET /dev/oidc/.well-known/openid-configuration': {
    request: () => ({ method: 'GET', url: '/dev/oidc/.well-known/openid-configuration' }),
    noDatabase: 'the discovery document is built from the configuration',
  },
  'GET /dev/oidc/jwks': { request: () => ({ method: 'GET', url: '/dev/oidc/jwks' }) },
  'GET /dev/oidc/authorize': {
    request: () => ({ method: 'GET', url: '/dev/oidc/authorize?origin=http%3A%2F%2Flocalhost%3A3000' }),
    noDatabase: 'a static sign-in page; minting the token is what needs the key',
  },
  'POST /dev/oidc/token': { request: () => ({ method: 'POST', url: '/dev/oidc/token', payload: { email: 'shopper@example.com' } }) },
};

/** `METHOD /path` of every route the app serves, from the OpenAPI document Fastify builds as routes are added. */
function registeredRoutes(app: App): string[] {
  const paths = (app.swagger() as { paths?: Record<string, Record<string, unknown>> }).paths ?? {};
  return Object.entries(paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
}

/** Valid credentials for the app's configuration, made without the database. */
async function credentialsFor(app: App): Promise<Credentials> {
  const sessions = createSessionJwt(app.config.jwtSecret, app.config.jwtTtlSeconds);
  const customer = await sessions.sign({ sub: randomUUID(), role: 'CUSTOMER', authMethod: 'email' });
  const adminUuid = randomUUID();
  const admin = await sessions.sign({ sub: adminUuid, role: 'ADMIN', authMethod: 'email' });
  const { ticket } = await createTicketJwt(app.config.jwtSecret, TICKET_TTL_SECONDS).sign(
    { sub: adminUuid, sid: randomUUID(), issuedAtMs: Date.now() },
    'admin-stream',
  );
  const { privateKey } = await generateKeyPair('RS256');
  const googleIdToken = await new SignJWT({ email: 'google.shopper@example.com', email_verified: true, name: 'G Shopper' })
    .setProtectedHeader({ alg: 'RS256', kid: 'dev-key' })
    .setSubject('google-shopper')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(privateKey);
  return { customer, admin, ticket, googleIdToken };
}

/** Calls the route and checks the answer is prompt, and a JSON 503 with a message unless the route needs no database. */
async function expectUnavailableAnswer(app: App, route: string, credentials: Credentials): Promise<void> {
  const routeCase = ROUTE_CASES[route]!;
  const started = performance.now();
  const res = await app.inject(routeCase.request(credentials));
  const tookMs = performance.now() - started;
  const summary = `${route} → ${res.statusCode} in ${Math.round(tookMs)} ms: ${res.body.slice(0, 200)}`;
  expect({ summary, prompt: tookMs < ANSWER_WITHIN_MS }).toEqual({ summary, prompt: true });
  if (routeCase.noDatabase) {
    expect({ summary, ok: res.statusCode < 500 }).toEqual({ summary, ok: true });
    return;
  }
  expect({ summary, status: res.statusCode }).toEqual({ summary, status: 503 });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<{ success: boolean; message: string; error: { code: string; message: string } }>();
  expect(body.success).toBe(false);
  expect(body.message.length).toBeGreaterThan(0);
  expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
  // Nothing of the driver leaks: no SQL, no socket error.
  expect(res.body).not.toMatch(/select |insert |ECONNREFUSED|127\.0\.0\.1/i);
}

describe('every route with the database unreachable', () => {
  let app: App;
  let credentials: Credentials;
  beforeAll(async () => {
    app = await buildTestApp({ db: await connectUnreachableDatabase(), config: FAST_HASHING });
    credentials = await credentialsFor(app);
  });
  afterAll(() => app.close());

  it('has a case for exactly the routes the app serves', () => {
    expect(registeredRoutes(app).sort()).toEqual(Object.keys(ROUTE_CASES).sort());
  });

  it.each(Object.keys(ROUTE_CASES))('%s answers promptly, a JSON 503 when it needs the database', async (route) => {
    await expectUnavailableAnswer(app, route, credentials);
  });
});

/** Routes that need the database, for the cases where the database goes away under a running app. */
const DATABASE_ROUTES = Object.keys(ROUTE_CASES).filter((route) => !ROUTE_CASES[route]!.noDatabase);

// The real process case, on PostgreSQL only (CI runs the suite again with DATABASE_URL): the app is
// up with warm pooled connections when the network under it breaks.
(TEST_DATABASE_URL ? describe : describe.skip)('PostgreSQL going away while the app runs', () => {
  let proxy: TcpProxy;
  let app: App;
  let credentials: Credentials;
  beforeAll(async () => {
    const server = new URL(TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const db = await createTestDatabase({ port: proxy.port, timeouts: SERVING_TIMEOUTS });
    // No catalogue cache, so every call really goes to the database rather than a warm answer.
    app = await buildTestApp({ db, config: FAST_HASHING, services: { catalogue: createCatalogueService(db.db, { cacheTtlMs: 0 }) } });
    credentials = await credentialsFor(app);
  });
  afterEach(() => proxy.restore());
  afterAll(async () => {
    await app.close();
    await proxy.close();
  });

  /** Several requests at once, so the pool holds more than one connection when the network breaks. */
  async function warmPool() {
    const answers = await Promise.all(Array.from({ length: 6 }, () => app.inject({ method: 'GET', url: '/open/stores' })));
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
  }

  async function expectRecovered() {
    // The pool drops the dead connections and opens new ones: no restart needed.
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline && status !== 200) {
      status = (await app.inject({ method: 'GET', url: '/health' })).statusCode;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/open/stores' })).statusCode).toBe(200);
    // Every client the outage touched is back in the pool or gone: none is held by a transaction
    // whose `begin` failed (the pool would stay short of it, and closing would wait for it forever).
    const pool = (app.db as unknown as { $client: { totalCount: number; idleCount: number } }).$client;
    const settled = Date.now() + 5_000;
    while (Date.now() < settled && pool.totalCount > pool.idleCount) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pool.totalCount - pool.idleCount).toBe(0);
  }

  it('server gone (connections reset, new ones refused): every call a JSON 503 within 2 s, then recovers', async () => {
    await warmPool();
    await proxy.cut();
    for (const route of DATABASE_ROUTES) await expectUnavailableAnswer(app, route, credentials);
    await proxy.restore();
    await expectRecovered();
  }, 60_000);

  it('network partition (nothing gets through, nothing is closed): every call a JSON 503 within 2 s, then recovers', async () => {
    await warmPool();
    proxy.blackhole();
    // All at once, as traffic keeps coming during an outage: the pool's wait for a connection is bounded too.
    const results = await Promise.allSettled(DATABASE_ROUTES.map((route) => expectUnavailableAnswer(app, route, credentials)));
    const failures = results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as Error).message] : []));
    expect(failures).toEqual([]);
    await proxy.restore();
    await expectRecovered();
  }, 60_000);
});
