import type { StoreRulesReader } from './stores/rulesCache.ts';
import { createDeliveryFeesService, haversineMiles, storeQuote, toDeliveryFeeResponse } from './deliveryFees.ts';
import { createZipDirectory } from './zipDirectory.ts';

const zips = createZipDirectory();
// quote() never reads a store.
const service = createDeliveryFeesService({} as StoreRulesReader, zips);

describe('haversineMiles', () => {
  it('is 0 for one point and symmetric', () => {
    const loop = { lat: 41.8868, lng: -87.6386 };
    const oakPark = { lat: 41.8858, lng: -87.7846 };
    expect(haversineMiles(loop, loop)).toBe(0);
    expect(haversineMiles(loop, oakPark)).toBeCloseTo(haversineMiles(oakPark, loop), 10);
  });

  it('measures one degree of the equator as 2πR/360', () => {
    expect(haversineMiles({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo((2 * Math.PI * 3958.8) / 360, 6);
  });

  it('measures Chicago to New York at about 711 miles', () => {
    expect(haversineMiles({ lat: 41.8781, lng: -87.6298 }, { lat: 40.7128, lng: -74.006 })).toBeCloseTo(711, -1);
  });
});

describe('storeQuote', () => {
  const store = { uuid: 's1', name: 'Loop Provisions', zip: '60602' };

  it('rounds to 0.1 mile and charges $7.50 a mile in whole cents', () => {
    expect(storeQuote(store, 2.35)).toEqual({
      storeUuid: 's1',
      storeName: 'Loop Provisions',
      distanceTenths: 24,
      feeCents: 1800,
      durationMinutes: 17,
    });
    expect(storeQuote(store, 2.34)).toMatchObject({ distanceTenths: 23, feeCents: 1725 });
    expect(storeQuote(store, 0.04)).toMatchObject({ distanceTenths: 0, feeCents: 0, durationMinutes: 10 });
  });

  it('estimates 10 minutes of handling plus 3 a mile, rounded', () => {
    expect(storeQuote(store, 5).durationMinutes).toBe(25);
    expect(storeQuote(store, 1.2).durationMinutes).toBe(14); // 13.6
  });
});

describe('quote', () => {
  const stores = [
    { uuid: 'loop', name: 'Loop Provisions', zip: '60602' },
    { uuid: 'evanston', name: 'Evanston Harvest', zip: '60202' },
  ];

  it('prices each store from its ZIP centroid and sums the fees', () => {
    const quote = service.quote(stores, '60606');
    const expected = stores.map((s) => storeQuote(s, haversineMiles(zips.lookup(s.zip)!, zips.lookup('60606')!)));
    expect(quote.stores).toEqual(expected);
    expect(quote.totalCents).toBe(expected[0]!.feeCents + expected[1]!.feeCents);
    expect(quote.longestDurationMinutes).toBe(Math.max(expected[0]!.durationMinutes, expected[1]!.durationMinutes));
    // Evanston is ~12 miles north of the Loop.
    expect(quote.stores[1]!.distanceTenths).toBeGreaterThan(100);
  });

  it('is free within one ZIP and 400 INVALID_ADDRESS for an unknown one', () => {
    expect(service.quote([stores[0]!], '60602')).toMatchObject({ totalCents: 0 });
    expect(() => service.quote(stores, '99999')).toThrow(expect.objectContaining({ statusCode: 400, code: 'INVALID_ADDRESS' }));
  });

  it('answers in dollars and miles keyed by store uuid', () => {
    const quote = {
      totalCents: 2475,
      longestDurationMinutes: 20,
      stores: [
        { storeUuid: 'a', storeName: 'A', distanceTenths: 12, feeCents: 900, durationMinutes: 14 },
        { storeUuid: 'b', storeName: 'B', distanceTenths: 21, feeCents: 1575, durationMinutes: 16 },
      ],
    };
    expect(toDeliveryFeeResponse(quote)).toEqual({
      totalDeliveryFee: 24.75,
      deliveryFees: {
        a: { storeName: 'A', distance: 1.2, deliveryFee: 9, duration: 14 },
        b: { storeName: 'B', distance: 2.1, deliveryFee: 15.75, duration: 16 },
      },
    });
  });
});
