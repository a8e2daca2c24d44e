// Turns every failure into the one error shape (db/errors.ts) with the right status. Internal
// details (stack traces, SQL, driver messages) are logged, never sent to the client.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, errorBody, HttpError, RetryLaterError, type ErrorBody } from '../db/errors.ts';
import { TimeoutError } from '../lib/timeout.ts';

const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again later.';
const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/** Codes for 4xx errors raised by Fastify or plugins rather than by our services. */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'RATE_LIMITED',
};

/** Fastify's body-parser errors, reworded for API clients. */
const FASTIFY_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: 'Request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', message: 'Request body is empty but declared as JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported Content-Type' },
};

type ValidationIssue = NonNullable<FastifyError['validation']>[number];

/** The first schema violation as `{ field, message }`: field is a dotted property path (`address.zip`) or a parameter name. */
function describeValidation(issues: ValidationIssue[], context: string | undefined): { field: string; message: string } {
  const issue = issues[0];
  // instancePath is a JSON pointer ("/address/zip"); ~1 and ~0 escape "/" and "~".
  const path = (issue?.instancePath ?? '')
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const missing = issue?.params?.missingProperty;
  if (typeof missing === 'string') path.push(missing);
  // A violation of the whole part (e.g. no body at all) is reported against the part itself.
  const field = path.join('.') || context || 'request';
  if (typeof missing === 'string') return { field, message: `${field} is required` };
  return { field, message: `${field} ${issue?.message ?? 'is invalid'}` };
}

function toResponse(error: FastifyError | Error, request: FastifyRequest): { status: number; body: ErrorBody } {
  if (error instanceof HttpError) {
    return { status: error.statusCode, body: errorBody(error.code, error.message, error.field, error.details) };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const { field, message } = describeValidation(fastifyError.validation, fastifyError.validationContext);
    return { status: 400, body: errorBody('VALIDATION_ERROR', message, field) };
  }
  if (error instanceof TimeoutError || isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'dependency unavailable');
    return { status: 503, body: errorBody('SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE) };
  }
  const status = fastifyError.statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    const known = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined;
    if (known) return { status, body: errorBody(known.code, known.message) };
    return { status, body: errorBody(CODE_BY_STATUS[status] ?? 'BAD_REQUEST', error.message) };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { status: 500, body: errorBody('INTERNAL_ERROR', INTERNAL_ERROR_MESSAGE) };
}

/** Also Fastify's `frameworkErrors` handler, so malformed URLs rejected before routing get the same shape. */
export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = toResponse(error, request);
  if (error instanceof RetryLaterError) void reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
  else if (status >= 500 && error instanceof HttpError) request.log.error({ err: error }, 'server error');
  void reply.code(status).send(body);
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
  const path = request.url.split('?')[0];
  void reply.code(404).send(errorBody('NOT_FOUND', `Route ${request.method} ${path} not found`));
}

/**
 * onSend: an error a plugin answers as plain text (@fastify/cors's 'Invalid Preflight Request')
 * leaves in the one error shape like every other, its text as the message.
 */
export async function plainTextErrorsAsJson(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('text/plain')) return payload;
  const code = CODE_BY_STATUS[reply.statusCode] ?? (reply.statusCode >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
  void reply.header('content-type', 'application/json; charset=utf-8');
  return JSON.stringify(errorBody(code, payload.trim() || `Request failed with status ${reply.statusCode}`));
}
