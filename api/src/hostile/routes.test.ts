// Every route of the app, as the app lists them (onRoute): each is fuzzed by one hostile group, and
// each declares a schema for every part of the request it reads and for its answers, so Fastify
// validates its input and OpenAPI (/docs) describes it. A new route without either fails here, by name.
import type { App } from '../app.ts';
import { buildAppWithRoutes, groupOf, type RouteInfo } from '../testing/hostile.ts';

let app: App;
let routes: RouteInfo[];

beforeAll(async () => {
  ({ app, routes } = await buildAppWithRoutes());
});
afterAll(() => app.close());

/** Routes that plugins add, not us: Swagger UI's pages (/docs) and the CORS preflight answer. */
const PLUGIN_ROUTES = (r: RouteInfo) => r.url === '/docs' || r.url.startsWith('/docs/') || (r.method === 'OPTIONS' && r.url === '*');

type Schema = { type?: unknown; properties?: Record<string, unknown>; anyOf?: unknown[] };

/** The code that runs for a request before and in the handler, as text: what it reads is what needs a schema. */
function codeOf(route: RouteInfo): string {
  const hooks = [route.options.preValidation, route.options.preHandler].flat().filter(Boolean);
  return [route.options.handler, ...hooks].map((f) => String(f)).join('\n');
}

const isObjectSchema = (s: unknown): s is Schema =>
  typeof s === 'object' && s !== null && ((s as Schema).type === 'object' || Array.isArray((s as Schema).anyOf));

/** What is missing from a route's schema, in words; empty when nothing is. */
function schemaProblems(route: RouteInfo): string[] {
  const schema = (route.options.schema ?? {}) as Record<string, unknown>;
  const problems: string[] = [];
  const code = codeOf(route);
  const params = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  if (params.length > 0) {
    const declared = isObjectSchema(schema.params) ? Object.keys(schema.params.properties ?? {}) : [];
    const undeclared = params.filter((p) => !declared.includes(p));
    if (undeclared.length > 0) problems.push(`no params schema for ${undeclared.join(', ')}`);
  }
  if (/\brequest\.query\b/.test(code) && !isObjectSchema(schema.querystring))
    problems.push('reads the query string without a querystring schema');
  if (/\brequest\.body\b/.test(code) && !(typeof schema.body === 'object' && schema.body !== null && 'type' in schema.body)) {
    problems.push('reads the body without a body schema');
  }
  const response = (schema.response ?? {}) as Record<string, unknown>;
  const statuses = Object.keys(response);
  if (!statuses.some((s) => /^[23]/.test(s))) problems.push('no response schema for success');
  if (!statuses.includes('4xx')) problems.push('no 4xx response schema (the error shape)');
  return problems;
}

test('every route belongs to a hostile route group', () => {
  expect(routes.length).toBeGreaterThan(40);
  expect(routes.filter((r) => groupOf(r) === undefined).map((r) => r.key)).toEqual([]);
});

test('every route declares a schema for what it reads and for its answers', () => {
  const ours = routes.filter((r) => !PLUGIN_ROUTES(r));
  const missing = ours.map((r) => ({ route: r.key, problems: schemaProblems(r) })).filter((r) => r.problems.length > 0);
  expect(missing).toEqual([]);
});

test('a route without schemas is named by the check', async () => {
  const { app: bare, routes: withBare } = await buildAppWithRoutes({
    extraRoutes: async (extra) => {
      extra.post('/bare/:id', async (request) => ({ id: (request.params as { id: string }).id, body: request.body, q: request.query }));
    },
  });
  try {
    const route = withBare.find((r) => r.key === 'POST /bare/:id')!;
    expect(schemaProblems(route)).toEqual([
      'no params schema for id',
      'reads the query string without a querystring schema',
      'reads the body without a body schema',
      'no response schema for success',
      'no 4xx response schema (the error shape)',
    ]);
    expect(groupOf(route)).toBeUndefined();
  } finally {
    await bare.close();
  }
});
