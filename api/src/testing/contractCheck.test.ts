// The test apps hold every answer to its contract (contractCheck.ts): a field a service adds without
// adding it to the shared schema, or a required one it leaves out, fails the test that reaches it,
// although fastify's serializer alone would drop the one and let the other through its own error.
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { PaymentBreakdownSchema, ProfileSchema, StoreSchema } from '@grocer/shared/schemas';
import type { App } from '../app.ts';
import { bearer, FAST_HASHING, registerUser, type Registered } from './accounts.ts';
import { closed, contractViolations } from './contractCheck.ts';
import { buildTestApp } from './testApp.ts';

const breakdown = {
  subtotal: 10,
  tax: 1.03,
  platformServiceFee: 2,
  serviceFee: 2,
  displayServiceFee: 2.48,
  deliveryFee: 7.5,
  paymentProcessingFee: 0.48,
  total: 21.01,
};

describe('contractViolations', () => {
  it('accepts exactly the contract', () => {
    expect(contractViolations(PaymentBreakdownSchema, breakdown)).toEqual([]);
  });

  it('names a field the contract lacks', () => {
    expect(contractViolations(PaymentBreakdownSchema, { ...breakdown, totalCents: 2101 })).toEqual([
      '/ must not have additional properties: totalCents',
    ]);
  });

  it('names a required field that is missing', () => {
    const { tax: _tax, ...withoutTax } = breakdown;
    expect(contractViolations(PaymentBreakdownSchema, withoutTax)).toEqual([expect.stringContaining('tax')]);
  });

  it('reads dates as the wire does', () => {
    const at = new Date('2026-11-21T18:30:00.000Z');
    const store = {
      id: 1,
      uuid: randomUUID(),
      publicId: 'p',
      name: 'P',
      address1: '',
      address2: '',
      logo: '/l.png',
      createdAt: at,
      updatedAt: at,
    };
    expect(contractViolations(StoreSchema, store)).toEqual([]);
    expect(contractViolations(StoreSchema, { ...store, createdAt: 'yesterday' })).toEqual([expect.stringContaining('/createdAt')]);
  });

  it('looks inside nullable objects', () => {
    const profile = {
      firstName: null,
      lastName: null,
      address: { streetName: '1 Main St', city: 'Chicago', state: 'IL', zip: '60606' },
      hasValidAddress: true,
      hasInvalidAddress: false,
      addressWarnings: [],
      addressMismatch: null,
      emailVerified: false,
      canCheckout: false,
    };
    expect(contractViolations(ProfileSchema, profile)).toEqual(expect.arrayContaining([expect.stringContaining('apartmentName')]));
    expect(contractViolations(ProfileSchema, { ...profile, address: { ...profile.address, apartmentName: '' } })).toEqual([]);
  });

  it('closes nested objects but leaves the shared schema open', () => {
    const strict = closed(ProfileSchema) as unknown as { properties: { address: { anyOf: { additionalProperties?: boolean }[] } } };
    expect(strict.properties.address.anyOf[0]!.additionalProperties).toBe(false);
    expect((ProfileSchema as unknown as { additionalProperties?: boolean }).additionalProperties).toBeUndefined();
  });
});

describe('a test app', () => {
  let app: App;
  let shopper: Registered;
  const profile = () => app.inject({ method: 'GET', url: '/user/profile', headers: bearer(shopper.token) });

  beforeAll(async () => {
    app = await buildTestApp({ config: FAST_HASHING });
    shopper = await registerUser(app);
  });
  afterAll(() => app.close());
  afterEach(() => jest.restoreAllMocks());

  it('answers a service output that matches its contract', async () => {
    const res = await profile();
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(Object.keys(ProfileSchema.properties).sort());
  });

  it('fails when a service adds a field the contract lacks', async () => {
    const { users } = app.services;
    const real = users.profile.bind(users);
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(users, 'profile').mockImplementation((...args) => ({ ...real(...args), passwordHash: 'x' }));
    const res = await profile();
    expect(res.statusCode).toBe(500);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('must not have additional properties: passwordHash'));
  });

  it('fails when a service leaves out a required field', async () => {
    const { users } = app.services;
    const real = users.profile.bind(users);
    jest.spyOn(console, 'error').mockImplementation(() => {});
    jest.spyOn(users, 'profile').mockImplementation((...args) => {
      const { canCheckout: _dropped, ...rest } = real(...args);
      return rest as ReturnType<typeof real>;
    });
    const res = await profile();
    expect(res.statusCode).toBe(500);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('canCheckout'));
  });
});
