// US ZIP code lookup (the `zipcodes` package: ~42,000 US ZIPs with primary city, state and centroid,
// bundled, no network). Address validity uses it; delivery fees (deliveryFees.ts) use the centroids.
import zipcodes from 'zipcodes';

export interface ZipInfo {
  zip: string;
  city: string;
  /** Two-letter state code. */
  state: string;
  lat: number;
  lng: number;
}

export interface ZipDirectory {
  /** A US 5-digit ZIP (ZIP+4 accepted), or null when unknown. */
  lookup(zip: string): ZipInfo | null;
  /** 'IL', 'il' or 'Illinois' → 'IL'; undefined when not a US state or territory. */
  normalizeState(state: string): string | undefined;
}

export function createZipDirectory(): ZipDirectory {
  return {
    lookup(zip) {
      const match = /^(\d{5})(?:-\d{4})?$/.exec(zip.trim());
      if (!match) return null;
      const info = zipcodes.lookup(match[1]!);
      if (!info || info.country !== 'US') return null;
      return { zip: info.zip, city: info.city, state: info.state, lat: info.latitude, lng: info.longitude };
    },
    normalizeState(state) {
      return zipcodes.states.normalize(state.trim()) || undefined;
    },
  };
}
