import { isTokenUsable, tokenExpiresAt } from './token.ts';
import { makeJwt } from '../testing/jwt.ts';

describe('token expiry', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);

  it('reads exp from a JWT payload', () => {
    expect(tokenExpiresAt(makeJwt({ exp: 2_000_000_000 }))).toBe(2_000_000_000_000);
  });

  it('is unusable when missing, unreadable or without exp', () => {
    expect(isTokenUsable(null, now)).toBe(false);
    expect(isTokenUsable('not-a-jwt', now)).toBe(false);
    expect(isTokenUsable(makeJwt({ sub: 'u1' }), now)).toBe(false);
  });

  it('counts as expired 120 s before the real expiry', () => {
    const at = (secondsFromNow: number) => makeJwt({ exp: Math.floor(now / 1000) + secondsFromNow });
    expect(isTokenUsable(at(121), now)).toBe(true);
    expect(isTokenUsable(at(120), now)).toBe(false);
    expect(isTokenUsable(at(30), now)).toBe(false);
  });
});
