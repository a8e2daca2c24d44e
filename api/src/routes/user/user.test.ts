import type { App } from '../../app.ts';
import { bearer, FAST_HASHING, registerUser, updateUser, type Registered } from '../../testing/accounts.ts';
import { buildTestApp } from '../../testing/testApp.ts';

let app: App;
beforeAll(async () => {
  app = await buildTestApp({ config: FAST_HASHING });
});
afterAll(() => app.close());

const chicago = { streetName: '233 S Wacker Dr', apartmentName: 'Apt 12', city: 'Chicago', state: 'IL', zip: '60606' };
const saveAddress = (user: Registered, payload: object) =>
  app.inject({ method: 'POST', url: '/user/address', headers: bearer(user.token), payload });
const getProfile = (user: Registered) => app.inject({ method: 'GET', url: '/user/profile', headers: bearer(user.token) });
const verify = (user: Registered) => updateUser(app, user.uuid, { emailVerified: true });

describe('GET /user/profile and POST /user/address', () => {
  it('needs a session', async () => {
    for (const [method, url] of [
      ['GET', '/user/profile'],
      ['POST', '/user/address'],
      ['POST', '/api/user/request-beta'],
      ['GET', '/api/user/beta-status'],
    ] as const) {
      const res = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('starts empty', async () => {
    const user = await registerUser(app);
    const res = await getProfile(user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      firstName: null,
      lastName: null,
      address: null,
      hasValidAddress: false,
      hasInvalidAddress: false,
      addressWarnings: [],
      addressMismatch: null,
      emailVerified: false,
      canCheckout: false,
    });
  });

  it('saves a valid address; checkout needs a verified email too', async () => {
    const user = await registerUser(app);
    const res = await saveAddress(user, { firstName: 'Ann', lastName: 'Lee', ...chicago, state: 'illinois' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      address: { ...chicago, state: 'IL' },
      hasValidAddress: true,
      hasInvalidAddress: false,
      addressWarnings: [],
      addressMismatch: null,
      emailVerified: false,
      canCheckout: false,
    });
    await verify(user);
    expect((await getProfile(user)).json()).toMatchObject({ emailVerified: true, canCheckout: true });
    const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: user.password } });
    expect(login.json().user).toMatchObject({ hasValidAddress: true, canCheckout: true, address: { ...chicago, state: 'IL' } });
  });

  it('verifies an address only when its ZIP is of its state and city, naming the field that disagrees', async () => {
    const user = await registerUser(app, { firstName: 'Ann', lastName: 'Lee' });
    await verify(user);
    const unknown = await saveAddress(user, { ...chicago, zip: '00000' });
    expect(unknown.json()).toMatchObject({
      hasValidAddress: false,
      hasInvalidAddress: true,
      canCheckout: false,
      addressMismatch: { field: 'zip', message: '00000 is not a US ZIP code' },
    });
    const wrongState = await saveAddress(user, { ...chicago, state: 'TX' });
    expect(wrongState.json()).toMatchObject({
      hasValidAddress: false,
      hasInvalidAddress: true,
      canCheckout: false,
      addressMismatch: { field: 'state', message: '60606 is in Chicago, IL' },
    });
    // The wall it fixes: 233 S Wacker Dr, Chicago, IL 62701 (a Springfield ZIP) was "Address verified".
    const springfieldZip = await saveAddress(user, { ...chicago, zip: '62701' });
    expect(springfieldZip.json()).toMatchObject({
      hasValidAddress: false,
      hasInvalidAddress: true,
      canCheckout: false,
      addressWarnings: ['62701 is in Springfield, IL'],
      addressMismatch: { field: 'city', message: '62701 is in Springfield, IL' },
    });
    // The flags travel with the user too (sign-in), so the checkout guard gives 'Address Validation Required'.
    const login = await app.inject({ method: 'POST', url: '/auth/login', payload: { email: user.email, password: user.password } });
    expect(login.json().user).toMatchObject({ hasValidAddress: false, hasInvalidAddress: true, canCheckout: false });
    // The city in any case matches; the address is verified again and nothing is reported.
    const fixed = await saveAddress(user, { ...chicago, city: 'CHICAGO' });
    expect(fixed.json()).toMatchObject({
      hasValidAddress: true,
      hasInvalidAddress: false,
      canCheckout: true,
      addressWarnings: [],
      addressMismatch: null,
    });
  });

  it.each([
    ['streetName', 'Street name is required'],
    ['city', 'City is required'],
    ['state', 'State is required'],
    ['zip', 'ZIP code is required'],
  ])('requires %s (%s)', async (field, message) => {
    const user = await registerUser(app, { firstName: 'Ann', lastName: 'Lee' });
    const res = await saveAddress(user, { ...chicago, [field]: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION_ERROR', message, field });
  });

  it('requires names while missing and ignores changes once they are set', async () => {
    const user = await registerUser(app);
    const missing = await saveAddress(user, chicago);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual({ code: 'VALIDATION_ERROR', message: 'First name is required', field: 'firstName' });
    await saveAddress(user, { ...chicago, firstName: 'Ann', lastName: 'Lee' });
    const renamed = await saveAddress(user, { ...chicago, firstName: 'Eve', lastName: 'Evil', apartmentName: '' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ firstName: 'Ann', lastName: 'Lee', address: { apartmentName: '' } });
  });

  it("never shows or changes another shopper's data: everything follows the token", async () => {
    const alice = await registerUser(app, { firstName: 'Alice', lastName: 'A' });
    const bob = await registerUser(app, { firstName: 'Bob', lastName: 'B' });
    await saveAddress(alice, chicago);
    // Extra identifying fields in the body are not accepted as a way to pick the account.
    const res = await app.inject({
      method: 'POST',
      url: '/user/address',
      headers: bearer(bob.token),
      payload: { ...chicago, zip: '10001', uuid: alice.uuid },
    });
    expect(res.statusCode).toBe(200);
    expect((await getProfile(alice)).json().address.zip).toBe('60606');
    expect((await getProfile(bob)).json()).toMatchObject({ firstName: 'Bob', address: { zip: '10001' } });
  });
});

describe('beta access', () => {
  it('reports UNKNOWN, then BETA_REQUESTED after a request (with or without a body)', async () => {
    const user = await registerUser(app);
    const before = await app.inject({ method: 'GET', url: '/api/user/beta-status', headers: bearer(user.token) });
    expect(before.json()).toEqual({
      success: true,
      status: 'UNKNOWN',
      isBetaParticipant: false,
      hasBetaRequest: false,
      canCheckout: false,
      message: 'You have not requested beta access.',
    });
    const req = await app.inject({ method: 'POST', url: '/api/user/request-beta', headers: bearer(user.token) });
    expect(req.statusCode).toBe(200);
    expect(req.json()).toMatchObject({
      success: true,
      message: 'Beta access requested. We will let you know when you are in.',
      user: { uuid: user.uuid, status: 'BETA_REQUESTED', hasBetaRequest: true, isBetaParticipant: false, token: user.token },
    });
    const again = await app.inject({
      method: 'POST',
      url: '/api/user/request-beta',
      headers: bearer(user.token),
      payload: { reason: 'I love beta' },
    });
    expect(again.json().message).toBe('Your beta access request is already pending review.');
    const after = await app.inject({ method: 'GET', url: '/api/user/beta-status', headers: bearer(user.token) });
    expect(after.json()).toMatchObject({ status: 'BETA_REQUESTED', hasBetaRequest: true });
  });

  it('shows BETA for participants', async () => {
    const user = await registerUser(app);
    await updateUser(app, user.uuid, { betaStatus: 'BETA' });
    const res = await app.inject({ method: 'GET', url: '/api/user/beta-status', headers: bearer(user.token) });
    expect(res.json()).toMatchObject({ status: 'BETA', isBetaParticipant: true, message: 'You are a beta participant.' });
  });
});
