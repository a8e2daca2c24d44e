// Hostile input, route group "auth": sign-up, sign-in, Google, e-mail verification and password reset
// (testing/hostile.ts says how requests are made and what must hold).
import type { App } from '../app.ts';
import { FAST_HASHING, registerUser, STRONG_PASSWORD, tokenFromMail, uniqueEmail } from '../testing/accounts.ts';
import { attackerTokens, buildAppWithRoutes, fuzzGroup, type RouteInfo, type Tokens } from '../testing/hostile.ts';

let app: App;
let routes: RouteInfo[];
let tokens: Tokens;
const emails: string[] = [];
const mailTokens: string[] = [];
const idTokens: string[] = [];

beforeAll(async () => {
  ({ app, routes } = await buildAppWithRoutes({ config: FAST_HASHING }));
  const shopper = await registerUser(app);
  tokens = { ...(await attackerTokens(app)), customer: () => shopper.token };
  emails.push(shopper.email, shopper.email.toUpperCase(), ` ${shopper.email} `, 'shopper@grocer.test');
  mailTokens.push(await tokenFromMail(app, shopper.email, '/verify-email'));
  await app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email: shopper.email } });
  mailTokens.push(await tokenFromMail(app, shopper.email, '/reset-password'));
  const minted = await app.inject({
    method: 'POST',
    url: '/dev/oidc/token',
    payload: { email: 'gina.google@grocer.test', name: 'Gina Google' },
  });
  idTokens.push(minted.json<{ idToken: string }>().idToken);
}, 60_000);
afterAll(() => app.close());

test('10,000 hostile requests: no 5xx, every 4xx a JSON error with a message, invariants hold', async () => {
  await fuzzGroup('auth', app, routes, {
    tokens,
    pool: {
      email: () => [...emails, uniqueEmail('fuzz')],
      password: () => [STRONG_PASSWORD, 'Another-Strong-Pass-9', 'password', 'short'],
      firstName: () => ['Ada', "O'Brien"],
      token: () => mailTokens,
      idToken: () => idTokens,
    },
  });
}, 300_000);
