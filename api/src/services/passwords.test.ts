import { createPasswordHasher, isCommonPassword, passwordProblem } from './passwords.ts';
import { createZipDirectory } from './zipDirectory.ts';

describe('password hasher', () => {
  const hasher = createPasswordHasher(10);

  it('hashes with a fresh salt and verifies', async () => {
    const a = await hasher.hash('Tomato-Basil-42');
    const b = await hasher.hash('Tomato-Basil-42');
    expect(a).toMatch(/^scrypt\$ln=10,r=8,p=1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(await hasher.verify('Tomato-Basil-42', a)).toBe(true);
    expect(await hasher.verify('Tomato-Basil-43', a)).toBe(false);
    expect(await hasher.verify('Tomato-Basil-42', 'not-a-hash')).toBe(false);
  });

  it('runs at the OWASP cost (N=2^17) in production config', async () => {
    const strong = createPasswordHasher(17);
    const hash = await strong.hash('Tomato-Basil-42');
    expect(hash).toMatch(/^scrypt\$ln=17,/);
    expect(await strong.verify('Tomato-Basil-42', hash)).toBe(true);
  });
});

describe('password rules', () => {
  it('refuses common passwords, also with a digits/symbols suffix, case-insensitively', () => {
    expect(isCommonPassword('PASSWORD')).toBe(true);
    expect(isCommonPassword('Dragon2024!')).toBe(true);
    expect(isCommonPassword('Tomato-Basil-42')).toBe(false);
    expect(passwordProblem('Monkey123')).toBe('This password is too common. Please choose a less common password.');
    expect(passwordProblem('Tomato-Basil-42')).toBeUndefined();
  });
});

describe('zipDirectory', () => {
  const zips = createZipDirectory();
  it('looks up US ZIPs with city, state and centroid', () => {
    expect(zips.lookup('60606')).toEqual({ zip: '60606', city: 'Chicago', state: 'IL', lat: expect.any(Number), lng: expect.any(Number) });
    expect(zips.lookup('60606-1234')?.state).toBe('IL');
    expect(zips.lookup('99999')).toBeNull();
    expect(zips.lookup('H0H0H0')).toBeNull();
    expect(zips.normalizeState('illinois')).toBe('IL');
    expect(zips.normalizeState('Atlantis')).toBeUndefined();
  });
});
