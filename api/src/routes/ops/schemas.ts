// The ops API's query strings with the server's defaults, and the settings body whose bounds are the
// server's rules. The request bodies mf-ops sends, and the answers, are @grocer/shared/schemas (ops.ts),
// from which the contract types mf-ops codes against are derived.
import { OpsNotificationStateSchema, OpsOpeningHoursSchema, PartStatusSchema } from '@grocer/shared/schemas';
import { Type } from 'typebox';
import { RULE_LIMITS } from '../../services/stores/rules.ts';

export const OpsOrdersQuerySchema = Type.Object({
  storeUuid: Type.Optional(Type.String({ maxLength: 64 })),
  status: Type.Optional(PartStatusSchema),
  date: Type.Optional(
    Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', description: 'YYYY-MM-DD, a day in America/Chicago' }),
  ),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  cursor: Type.Optional(Type.String({ maxLength: 300 })),
});

export const InventoryQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  cursor: Type.Optional(Type.String({ maxLength: 600 })),
});

export const StoreSettingsBody = Type.Object({
  timeZone: Type.Optional(Type.String({ maxLength: 64, description: 'Ignored: not editable here' })),
  minOrderCents: Type.Integer({ minimum: 0, maximum: RULE_LIMITS.maxMinOrderCents }),
  deliveryRadiusMiles: Type.Integer({ minimum: 1, maximum: RULE_LIMITS.maxDeliveryRadiusMiles }),
  windowCapacity: Type.Integer({ minimum: 0, maximum: RULE_LIMITS.maxWindowCapacity }),
  hours: Type.Array(OpsOpeningHoursSchema, { maxItems: 7 }),
});

export const NotificationsQuery = Type.Object({
  storeUuid: Type.Optional(Type.String({ maxLength: 64 })),
  state: Type.Optional(OpsNotificationStateSchema),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});
