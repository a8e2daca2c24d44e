// Hostile input, route group "misc": health, images, the dev stand-ins (mailbox, OpenID issuer,
// PayPal) and the docs pages (testing/hostile.ts says how requests are made and what must hold).
import type { App } from '../app.ts';
import { DEV_PAYPAL_CLIENT_ID, DEV_PAYPAL_CLIENT_SECRET } from '../config.ts';
import { FAST_HASHING, registerUser } from '../testing/accounts.ts';
import { createShop } from '../testing/checkout.ts';
import { attackerTokens, buildAppWithRoutes, fuzzGroup, type RouteInfo, type Tokens } from '../testing/hostile.ts';

let app: App;
let routes: RouteInfo[];
let tokens: Tokens;
const paypalOrderIds: string[] = [];
const images: string[] = [];
let paypalAccessToken = '';
const paypalAuth = [`Basic ${Buffer.from(`${DEV_PAYPAL_CLIENT_ID}:${DEV_PAYPAL_CLIENT_SECRET}`).toString('base64')}`];

beforeAll(async () => {
  ({ app, routes } = await buildAppWithRoutes({ config: FAST_HASHING }));
  const shopper = await registerUser(app);
  tokens = { ...(await attackerTokens(app)), customer: () => shopper.token, others: () => paypalAuth };
  await createShop(app);
  const stores = (await app.inject({ method: 'GET', url: '/open/stores' })).json<{ logo: string }[]>();
  images.push(...stores.map((s) => s.logo.split('/').pop()!));
  // The stand-in's own bearer token, so its Orders API is reached, not only its 401.
  const token = await app.inject({
    method: 'POST',
    url: '/dev/paypal/v1/oauth2/token',
    headers: { authorization: paypalAuth[0]! },
    payload: { grant_type: 'client_credentials' },
  });
  paypalAccessToken = token.json<{ access_token: string }>().access_token;
  paypalAuth.push(`Bearer ${paypalAccessToken}`);
}, 60_000);
afterAll(() => app.close());

test('10,000 hostile requests: no 5xx, every 4xx a JSON error with a message, invariants hold', async () => {
  await fuzzGroup('misc', app, routes, {
    tokens,
    // The stand-in's Orders API takes its own bearer tokens, not the shop's sessions.
    tokensFor: (route) =>
      route.url.startsWith('/dev/paypal/v2/')
        ? { ...tokens, customer: () => paypalAccessToken, admin: () => paypalAccessToken }
        : undefined,
    pool: {
      id: () => paypalOrderIds,
      file: () => images,
      kind: () => ['stores', 'products'],
      to: () => ['shopper@grocer.test'],
      origin: () => app.config.corsOrigins,
      email: () => ['gina.google@grocer.test', 'new.person@example.com'],
      grant_type: () => ['client_credentials'],
      intent: () => ['CAPTURE'],
      purchase_units: () => [[{ amount: { currency_code: 'USD', value: '12.34' }, invoice_id: 'inv-1' }]],
      'POST /dev/paypal/v2/checkout/orders body': () => [
        { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '12.34' } }] },
      ],
      outcome: () => ['complete', 'decline'],
      'client-id': () => [DEV_PAYPAL_CLIENT_ID],
      currency: () => ['USD'],
      components: () => ['buttons', 'buttons,funding-eligibility'],
    },
    // Orders the stand-in created are approved, captured, cancelled and read by later requests.
    harvest: (route, _request, body) => {
      if (route.key === 'POST /dev/paypal/v2/checkout/orders') paypalOrderIds.push((JSON.parse(body) as { id: string }).id);
    },
  });
}, 300_000);
