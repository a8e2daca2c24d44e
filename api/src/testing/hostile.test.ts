// The hostile suite's judge must be able to fail: each broken answer below is caught.
import type { RouteOptions } from 'fastify';
import { errorBody, errorResponses } from '../db/errors.ts';
import { problemWith, type HostileRequest, type RouteInfo } from './hostile.ts';

const route: RouteInfo = {
  method: 'POST',
  url: '/things',
  key: 'POST /things',
  options: { method: 'POST', url: '/things', handler: () => null, schema: { response: { 200: {}, ...errorResponses } } } as RouteOptions,
};
const request: HostileRequest = { method: 'POST', url: '/things', headers: {}, remoteAddress: '10.0.0.1', label: 'json' };
const json = { 'content-type': 'application/json; charset=utf-8' };

test('accepts successes and 4xx answers in the error shape', () => {
  expect(problemWith(route, request, { statusCode: 200, headers: json, body: '{}' })).toBeNull();
  expect(
    problemWith(route, request, {
      statusCode: 400,
      headers: json,
      body: JSON.stringify(errorBody('VALIDATION_ERROR', 'name is required', 'name')),
    }),
  ).toBeNull();
});

test.each([
  ['a 5xx', { statusCode: 500, headers: json, body: JSON.stringify(errorBody('INTERNAL_ERROR', 'Internal server error')) }, 'answered 500'],
  ['a plain-text 4xx', { statusCode: 400, headers: { 'content-type': 'text/plain' }, body: 'Bad' }, 'a 400 answer as text/plain'],
  ['a 4xx that is not JSON', { statusCode: 404, headers: json, body: '<html>' }, 'a 404 answer that is not JSON'],
  [
    'a 4xx outside the error shape',
    { statusCode: 409, headers: json, body: '{"oops":true}' },
    "a 409 answer outside the route's declared schema",
  ],
  [
    'a 4xx with an empty message',
    { statusCode: 400, headers: json, body: JSON.stringify(errorBody('BAD_REQUEST', ' ')) },
    'a 400 answer without a message',
  ],
])('flags %s', (_name, answer, problem) => {
  expect(problemWith(route, request, answer)).toBe(problem);
});

test('flags an oversized body that was read', () => {
  const oversized = { ...request, label: 'oversized', expectStatus: [413, 401] };
  expect(problemWith(route, oversized, { statusCode: 200, headers: json, body: '{}' })).toBe('answered 200, expected one of 413, 401');
  expect(
    problemWith(route, oversized, {
      statusCode: 413,
      headers: json,
      body: JSON.stringify(errorBody('PAYLOAD_TOO_LARGE', 'Request body is too large')),
    }),
  ).toBeNull();
});
