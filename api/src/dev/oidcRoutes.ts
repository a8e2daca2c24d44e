// The local OpenID issuer's endpoints (./oidc.ts): discovery, keys, the popup that plays Google's
// account chooser for "Sign in with Google", and a token endpoint for tests and e2e.
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { validateEmail } from '@grocer/shared/validation';
import { Type } from 'typebox';
import { errorResponses, httpError } from '../db/errors.ts';
import type { DevOidcService } from './oidc.ts';

/** Ready-made identities on the authorize page; the demo shopper's links to the seeded account. */
const TEST_IDENTITIES = [
  { name: 'Gina Google', email: 'gina.google@grocer.test' },
  { name: 'Casey Shopper', email: 'shopper@grocer.test' },
];
/** Offered only with DEV_OIDC_ALLOW_STAFF=1: the issuer refuses staff accounts otherwise (./oidc.ts). */
const ADMIN_IDENTITY = { name: 'Ada Admin', email: 'admin@grocer.test' };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function authorizePage(origin: string, nonce: string, withAdmin: boolean): string {
  const buttons = [...TEST_IDENTITIES, ...(withAdmin ? [ADMIN_IDENTITY] : [])]
    .map(
      (id) =>
        `<li><button type="button" data-email="${escapeHtml(id.email)}" data-name="${escapeHtml(id.name)}">${escapeHtml(id.name)} <small>${escapeHtml(id.email)}</small></button></li>`,
    )
    .join('');
  // JSON in a script: escape "<" so the origin cannot close the tag.
  const originJson = JSON.stringify(origin).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev sign-in (Google stand-in)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}ul{list-style:none;padding:0}
li{margin:.5rem 0}button{width:100%;padding:.6rem;text-align:left;cursor:pointer}label{display:block;margin:.5rem 0}
input{width:100%;padding:.4rem;box-sizing:border-box}#error{color:#b00020}</style></head>
<body><h1>Choose an account</h1><p>Local OpenID issuer standing in for Google (development only).</p>
<ul>${buttons}</ul>
<form id="custom"><h2>Or another identity</h2>
<label>Email <input name="email" type="email" required></label>
<label>Name <input name="name" type="text"></label>
<button type="submit">Continue</button></form><p id="error" role="alert"></p>
<script nonce="${nonce}">
const ORIGIN = ${originJson};
async function signIn(email, name) {
  const res = await fetch('token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, name }) });
  const body = await res.json();
  if (!res.ok) { document.getElementById('error').textContent = body.message || 'Sign-in failed'; return; }
  if (window.opener) { window.opener.postMessage({ type: 'grocer:oidc', idToken: body.idToken }, ORIGIN); window.close(); }
  else document.getElementById('error').textContent = 'No opener window: the ID token is ' + body.idToken;
}
document.querySelectorAll('button[data-email]').forEach((b) => b.addEventListener('click', () => signIn(b.dataset.email, b.dataset.name)));
document.getElementById('custom').addEventListener('submit', (e) => { e.preventDefault(); const f = new FormData(e.target); signIn(f.get('email'), f.get('name')); });
</script></body></html>`;
}

export const oidcRoutes: FastifyPluginAsyncTypebox<{ oidc: DevOidcService }> = async (app, { oidc: devOidc }) => {
  const tags = ['dev'];

  app.get(
    '/dev/oidc/.well-known/openid-configuration',
    {
      schema: {
        tags,
        summary: 'OpenID discovery for the dev issuer',
        response: { 200: Type.Record(Type.String(), Type.Unknown()), ...errorResponses },
      },
    },
    async () => ({
      issuer: devOidc.issuer,
      authorization_endpoint: `${devOidc.issuer}/authorize`,
      token_endpoint: `${devOidc.issuer}/token`,
      jwks_uri: `${devOidc.issuer}/jwks`,
      response_types_supported: ['id_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      claims_supported: ['sub', 'email', 'email_verified', 'name', 'given_name', 'family_name'],
    }),
  );

  app.get(
    '/dev/oidc/jwks',
    {
      schema: {
        tags,
        summary: "The dev issuer's public signing keys",
        response: { 200: Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) }), ...errorResponses },
      },
    },
    async () => ({ keys: (await devOidc.jwks()).keys.map((key) => ({ ...key })) }),
  );

  app.get(
    '/dev/oidc/authorize',
    {
      schema: {
        tags,
        summary: 'Popup page: pick a test identity; posts {type: "grocer:oidc", idToken} to the opener at `origin`',
        querystring: Type.Object({ origin: Type.String({ maxLength: 200 }) }),
        response: { 200: Type.String(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { origin } = request.query;
      // Only the shop's own origins may receive a token.
      if (!app.config.corsOrigins.includes(origin)) throw httpError(400, 'VALIDATION_ERROR', 'origin is not an allowed origin', 'origin');
      const nonce = randomBytes(16).toString('base64');
      return (
        reply
          .header(
            'content-security-policy',
            `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
          )
          // helmet's same-origin COOP would cut the popup off from its opener (the shop, another origin).
          .header('cross-origin-opener-policy', 'unsafe-none')
          .type('text/html; charset=utf-8')
          .send(authorizePage(origin, nonce, app.config.devOidcAllowStaff))
      );
    },
  );

  app.post(
    '/dev/oidc/token',
    {
      schema: {
        tags,
        summary: 'Mint an ID token for an identity (tests, e2e and the authorize page); 403 for admin and staff accounts',
        body: Type.Object({
          email: Type.String({ maxLength: 320 }),
          name: Type.Optional(Type.String({ maxLength: 200 })),
          sub: Type.Optional(Type.String({ maxLength: 255 })),
        }),
        response: { 200: Type.Object({ idToken: Type.String() }), ...errorResponses },
      },
    },
    async (request) => {
      const problem = validateEmail(request.body.email);
      if (problem) throw httpError(400, 'VALIDATION_ERROR', problem, 'email');
      return { idToken: await devOidc.mintIdToken(request.body) };
    },
  );
};
