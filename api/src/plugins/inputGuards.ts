// Input the schemas let through but the database cannot take, refused at the edge for every route
// as a 400 that names the field (found by the hostile suite, src/hostile/):
// - U+0000: PostgreSQL text cannot hold it, so /open/products/%00 failed in the database as a 500;
// - Infinity: Ajv coerces the query value "Infinity" to a number that passes `integer`, `minimum` and
//   `maximum`, so ?page=Infinity reached SQL as OFFSET Infinity, a 500.
import type { FastifyRequest } from 'fastify';
import { httpError } from '../db/errors.ts';

/** The dotted path of the first value under `value` that `bad` flags (keys included), or null. */
function findBad(value: unknown, bad: (v: unknown) => boolean, path: string, depth = 0): string | null {
  if (bad(value)) return path;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (bad(key)) return at;
    const found = findBad(inner, bad, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function refuse(request: FastifyRequest, bad: (v: unknown) => boolean, message: string): void {
  const field = findBad(request.params, bad, '') ?? findBad(request.query, bad, '') ?? findBad(request.body, bad, '');
  if (field !== null) throw httpError(400, 'VALIDATION_ERROR', `${field || 'request'} ${message}`, field || undefined);
}

const hasNul = (v: unknown) => typeof v === 'string' && v.includes('\u0000');
const notFinite = (v: unknown) => typeof v === 'number' && !Number.isFinite(v);

/** preValidation hook: no NUL character in params, query or body. */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  refuse(request, hasNul, 'must not contain NUL characters');
}

/** preHandler hook, after the schemas coerced the input: every number is finite. */
export async function rejectNonFiniteNumbers(request: FastifyRequest): Promise<void> {
  refuse(request, notFinite, 'must be a finite number');
}
