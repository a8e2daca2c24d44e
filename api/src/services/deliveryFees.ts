// Delivery fees (spec §9: $7.50 per mile per store, summed across stores; decision 003).
//
// Rules:
//   distance = great-circle (haversine) distance between the store's ZIP centroid and the delivery
//              ZIP's centroid (the zipDirectory, the same data that validates addresses), rounded to
//              0.1 mile. Two addresses in one ZIP are 0 miles apart and deliver free.
//   fee      = 750 ¢ × distance per store (always whole cents: 0.1 mi costs exactly 75 ¢)
//   total    = Σ store fees
//   duration = 10 min of handling + 3 min per mile, rounded to the minute (an urban-driving estimate
//              that needs no routing service; the order's estimated delivery uses the longest one).
import type { DeliveryFeeResponse } from '@grocer/shared/contracts';
import { isAddressComplete } from '@grocer/shared/validation';
import { httpError } from '../db/errors.ts';
import { centsToDollars } from './pricing.ts';
import { storesByUuid } from './stores/byUuid.ts';
import type { StoreRulesReader } from './stores/rulesCache.ts';
import type { UserRow } from './users.ts';
import type { ZipDirectory } from './zipDirectory.ts';

/** Spec §9 (also CONSTANTS.DELIVERY_RATE_CENTS_PER_MILE in @grocer/shared, which the API cannot import). */
export const DELIVERY_RATE_CENTS_PER_MILE = 750;
export const HANDLING_MINUTES = 10;
export const MINUTES_PER_MILE = 3;
/** Mean Earth radius in miles (IUGG). */
const EARTH_RADIUS_MILES = 3958.8;

export const DELIVERY_ERRORS = {
  addressRequired: 'Please add a complete delivery address in Account settings first.',
  addressInvalid: 'Your delivery address could not be validated. Please check the ZIP code.',
  storeNotFound: 'One or more stores were not found.',
} as const;

/** A store as delivery needs it. */
export interface DeliveryStore {
  uuid: string;
  name: string;
  zip: string;
}

export interface StoreDeliveryQuote {
  storeUuid: string;
  storeName: string;
  /** Tenths of a mile (integer), so 2.35 mi → 24 and never a float sum. */
  distanceTenths: number;
  feeCents: number;
  durationMinutes: number;
}

export interface DeliveryQuote {
  totalCents: number;
  stores: StoreDeliveryQuote[];
  /** The longest of the store durations; 0 without stores. */
  longestDurationMinutes: number;
}

/** An address in a request body; used instead of the account's when complete. */
export interface DeliveryAddressInput {
  streetName?: string | null;
  apartmentName?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}

export interface DeliveryFeesService {
  /** Pure: the quote for these stores to a destination ZIP (400 INVALID_ADDRESS when that ZIP is unknown). */
  quote(deliveryStores: DeliveryStore[], destinationZip: string): DeliveryQuote;
  /** POST /delivery-fees: stores by uuid, to the body's address when complete, else the account's. */
  forUser(account: UserRow, storeUuids: string[], address?: DeliveryAddressInput): Promise<DeliveryFeeResponse>;
}

/** Great-circle distance in miles between two points given in degrees. */
export function haversineMiles(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function storeQuote(store: DeliveryStore, distanceMiles: number): StoreDeliveryQuote {
  const distanceTenths = Math.round(distanceMiles * 10);
  return {
    storeUuid: store.uuid,
    storeName: store.name,
    distanceTenths,
    // 750 ¢ × tenths / 10: exact, since 750 is a multiple of 10.
    feeCents: (DELIVERY_RATE_CENTS_PER_MILE * distanceTenths) / 10,
    durationMinutes: Math.round(HANDLING_MINUTES + (MINUTES_PER_MILE * distanceTenths) / 10),
  };
}

/** The spec's DeliveryFeeResponse (dollars, miles) of a quote. */
export function toDeliveryFeeResponse(quote: DeliveryQuote): DeliveryFeeResponse {
  const deliveryFees: DeliveryFeeResponse['deliveryFees'] = {};
  for (const s of quote.stores) {
    deliveryFees[s.storeUuid] = {
      storeName: s.storeName,
      distance: s.distanceTenths / 10,
      deliveryFee: centsToDollars(s.feeCents),
      duration: s.durationMinutes,
    };
  }
  return { totalDeliveryFee: centsToDollars(quote.totalCents), deliveryFees };
}

export function createDeliveryFeesService(stores: StoreRulesReader, zips: ZipDirectory): DeliveryFeesService {
  const quote = (deliveryStores: DeliveryStore[], destinationZip: string): DeliveryQuote => {
    const destination = zips.lookup(destinationZip);
    if (!destination) throw httpError(400, 'INVALID_ADDRESS', DELIVERY_ERRORS.addressInvalid, 'zip');
    const quotes = deliveryStores.map((store) => {
      const origin = zips.lookup(store.zip);
      // Store ZIPs are ours (seeded, real); an unknown one is a data bug, not the shopper's problem.
      if (!origin) throw new Error(`store ${store.uuid} has a ZIP the directory does not know: ${store.zip}`);
      return storeQuote(store, haversineMiles(origin, destination));
    });
    return {
      totalCents: quotes.reduce((sum, q) => sum + q.feeCents, 0),
      stores: quotes,
      longestDurationMinutes: Math.max(0, ...quotes.map((q) => q.durationMinutes)),
    };
  };

  return {
    quote,

    async forUser(account, storeUuids, address) {
      let zip: string;
      if (address && isAddressComplete(address)) {
        zip = address.zip!;
      } else {
        if (!isAddressComplete(account)) throw httpError(400, 'ADDRESS_REQUIRED', DELIVERY_ERRORS.addressRequired);
        zip = account.zip!;
      }
      const found = await storesByUuid(stores, storeUuids, () =>
        httpError(404, 'STORE_NOT_FOUND', DELIVERY_ERRORS.storeNotFound, 'storeUuids'),
      );
      return toDeliveryFeeResponse(quote(found, zip));
    },
  };
}
