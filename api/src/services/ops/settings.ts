// Store settings: opening hours per weekday, minimum order, delivery radius, window capacity
// and the low-stock threshold, read and written through the store rules module (stores/rules.ts), which validates them
// and which checkout and the delivery windows read.
import type { OpsStoreSettings } from '@grocer/shared/contracts';
import type { Database } from '../../db/client.ts';
import { readOneStoreRules, writeStoreRules, type StoreRules } from '../stores/rules.ts';
import type { StoreRulesCache } from '../stores/rulesCache.ts';
import type { OpsAccess, OpsCaller } from './access.ts';

export interface SettingsService {
  get(caller: OpsCaller, storeUuid: string): Promise<OpsStoreSettings>;
  /** Replaces the settings (the time zone is not editable here); 400 VALIDATION_ERROR naming the field. */
  put(
    caller: OpsCaller,
    storeUuid: string,
    input: Omit<OpsStoreSettings, 'timeZone' | 'lowStockThreshold'> & { lowStockThreshold?: number },
  ): Promise<OpsStoreSettings>;
}

const toSettings = (rules: StoreRules): OpsStoreSettings => ({
  timeZone: rules.timeZone,
  minOrderCents: rules.minOrderCents,
  deliveryRadiusMiles: rules.deliveryRadiusMiles,
  windowCapacity: rules.windowCapacity,
  lowStockThreshold: rules.lowStockThreshold,
  hours: rules.hours.map((h) => ({ weekday: h.weekday, opensMinute: h.opensMinute, closesMinute: h.closesMinute })),
});

export interface SettingsDeps {
  db: Database;
  access: OpsAccess;
  /** Told of each edit once it is committed, so this process applies it at once (other processes, on its notice). */
  storeRules: Pick<StoreRulesCache, 'changed'>;
}

export function createSettingsService({ db, access, storeRules }: SettingsDeps): SettingsService {
  return {
    async get(caller, storeUuid) {
      const store = await access.store(caller, storeUuid);
      return toSettings(await readOneStoreRules(db, store.id));
    },
    async put(caller, storeUuid, input) {
      const store = await access.store(caller, storeUuid);
      const { minOrderCents, deliveryRadiusMiles, windowCapacity, lowStockThreshold, hours } = input;
      await writeStoreRules(db, store.id, { minOrderCents, deliveryRadiusMiles, windowCapacity, lowStockThreshold, hours });
      storeRules.changed(store.id);
      return toSettings(await readOneStoreRules(db, store.id));
    },
  };
}
