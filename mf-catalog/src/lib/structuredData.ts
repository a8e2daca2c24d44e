// schema.org descriptions of the catalogue's pages (JSON-LD): what a search engine reads as the
// product's offer and the store's address and hours. Plain objects; the page renders them with JsonLd.
import { assetUrl, paths, type Product, type Store, type StoreRulesJson } from '@grocer/shared';
import { publicOrigin, publicUrl } from '@grocer/shared/head';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Pictures are paths on the API; a JSON-LD image must be an absolute URL. */
function absolute(pathOrUrl: string): string {
  const url = assetUrl(pathOrUrl);
  const origin = publicOrigin();
  return origin ? new URL(url, origin).href : url;
}

/** 1299 → "12.99": schema.org prices are decimal strings, never floats of cents. */
export function centsToDecimal(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

/** 420 → "07:00"; closing at midnight (1440) is "23:59", the way schema.org's examples write a day's end. */
function clock(minute: number): string {
  if (minute >= 1440) return '23:59';
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/**
 * The store's postal address. The API sends the street (address1) and "City, ST ZIP" (address2) as
 * the banner shows them; a second line in another shape goes whole into the locality.
 */
function postalAddress(store: Store) {
  const match = /^(.+?),\s*([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(store.address2.trim());
  return {
    '@type': 'PostalAddress',
    streetAddress: store.address1,
    ...(match ? { addressLocality: match[1], addressRegion: match[2], postalCode: match[3] } : { addressLocality: store.address2 }),
    addressCountry: 'US',
  };
}

export function groceryStoreData(store: Store, rules: Pick<StoreRulesJson, 'hours'> | undefined) {
  return {
    '@context': 'https://schema.org',
    '@type': 'GroceryStore',
    name: store.name,
    url: publicUrl(paths.store(store.publicId)),
    image: absolute(store.logo),
    address: postalAddress(store),
    ...(rules && {
      openingHoursSpecification: rules.hours.map((day) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: WEEKDAYS[day.weekday],
        opens: clock(day.opensMinute),
        closes: clock(day.closesMinute),
      })),
    }),
  };
}

export function productData(product: Product, publicId: string) {
  const url = publicUrl(paths.product(publicId, product.uuid));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    image: absolute(product.image),
    brand: { '@type': 'Brand', name: product.brand },
    category: product.category.name,
    url,
    offers: {
      '@type': 'Offer',
      url,
      price: centsToDecimal(product.price_cents),
      priceCurrency: 'USD',
      availability: product.stockStatus === 'OUT_OF_STOCK' ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
      seller: { '@type': 'GroceryStore', name: product.store.name, url: publicUrl(paths.store(publicId)) },
    },
  };
}
