import { makeUser } from '../testing/fixtures.ts';
import { isAdmin, isEmailVerified } from './userChecks.ts';

describe('user checks', () => {
  it('compares roles case-insensitively', () => {
    expect(isAdmin({ roleName: 'admin' as 'ADMIN' })).toBe(true);
    expect(isAdmin(makeUser())).toBe(false);
  });

  it('counts Google sign-ins as verified', () => {
    expect(isEmailVerified(makeUser({ emailVerified: false }))).toBe(false);
    expect(isEmailVerified(makeUser({ emailVerified: false, authMethod: 'google' }))).toBe(true);
    expect(isEmailVerified(makeUser({ emailVerified: true }))).toBe(true);
  });
});
