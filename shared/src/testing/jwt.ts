// Unsigned JWT-shaped strings for browser tests: the client only reads claims, the API verifies.
export function makeJwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** A token valid for `seconds` from now. */
export function jwtValidFor(seconds: number, sub = 'user-1'): string {
  return makeJwt({ sub, exp: Math.floor(Date.now() / 1000) + seconds });
}
