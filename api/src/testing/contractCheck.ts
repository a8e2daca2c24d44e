// Holds every answer of the test apps to its contract. Fastify's serializer writes only the fields a
// response schema names: a field a service adds but the contract lacks would vanish from the wire
// without a test noticing. So, before serialisation, the object a route returns (as JSON, the way the
// wire sees dates) must match the route's schema for its status exactly: no field the schema does not
// name, none it requires missing. A mismatch turns the answer into a 500, which fails the test.
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

/** A copy of `schema` in which every object schema refuses properties it does not name. */
export function closed(schema: unknown): TSchema {
  const close = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(close);
    if (node === null || typeof node !== 'object') return node;
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) copy[key] = close(value);
    const isObjectSchema = copy.type === 'object' && (copy.properties !== undefined || copy.patternProperties !== undefined);
    if (isObjectSchema && copy.additionalProperties === undefined) copy.additionalProperties = false;
    return copy;
  };
  return close(schema) as TSchema;
}

/** Where `value` departs from `schema` held closed, one line per problem; empty when it matches. */
export function contractViolations(schema: unknown, value: unknown): string[] {
  return violationsOf(closed(schema), value);
}

function violationsOf(closedSchema: TSchema, value: unknown): string[] {
  const json: unknown = value === undefined ? undefined : JSON.parse(JSON.stringify(value));
  return Value.Errors(closedSchema, json)
    .filter((error) => error.keyword !== 'boolean') // the same extra field, once more as `schema is false`
    .map((error) => {
      const extra = (error.params as { additionalProperties?: string[] }).additionalProperties;
      const detail = extra ? `${error.message}: ${extra.join(', ')}` : error.message;
      return `${error.instancePath || '/'} ${detail}`;
    });
}

function schemaFor(responses: Record<string, unknown>, status: number): unknown {
  return responses[String(status)] ?? responses[`${String(status).charAt(0)}xx`] ?? responses.default;
}

/** For `onRoute`: checks each answer of the route against its response schema before it is serialised. */
export function holdToContract(route: RouteOptions): void {
  const responses = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (!responses) return;
  // Each schema is closed once per route, not on every answer.
  const closedSchemas = new Map<unknown, TSchema>();
  const check = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const schema = schemaFor(responses, reply.statusCode);
    if (schema === undefined) return payload;
    let closedSchema = closedSchemas.get(schema);
    if (!closedSchema) closedSchemas.set(schema, (closedSchema = closed(schema)));
    const violations = violationsOf(closedSchema, payload);
    if (violations.length > 0) {
      const message = `${request.method} ${route.url} ${reply.statusCode}: the answer does not match its contract: ${violations.join('; ')}`;
      // The 500 the test sees says nothing; this says why.
      console.error(message);
      throw new Error(message);
    }
    return payload;
  };
  const existing = route.preSerialization;
  route.preSerialization = [...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]), check];
}
