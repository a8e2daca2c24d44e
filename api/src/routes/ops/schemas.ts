// The notifications panel's query and the settings body, whose bounds are the server's rules. The
// other requests mf-ops sends, and the answers, are @grocer/shared/schemas (ops.ts), from which the
// contract types mf-ops codes against are derived.
import { OpsNotificationStateSchema, OpsOpeningHoursSchema } from '@grocer/shared/schemas';
import { Type } from 'typebox';
import { RULE_LIMITS } from '../../services/stores/rules.ts';

export const StoreSettingsBody = Type.Object({
  timeZone: Type.Optional(Type.String({ maxLength: 64, description: 'Ignored: not editable here' })),
  minOrderCents: Type.Integer({ minimum: 0, maximum: RULE_LIMITS.maxMinOrderCents }),
  deliveryRadiusMiles: Type.Integer({ minimum: 1, maximum: RULE_LIMITS.maxDeliveryRadiusMiles }),
  windowCapacity: Type.Integer({ minimum: 0, maximum: RULE_LIMITS.maxWindowCapacity }),
  /** Optional, so a client that predates it keeps the store's threshold. */
  lowStockThreshold: Type.Optional(Type.Integer({ minimum: 0, maximum: RULE_LIMITS.maxLowStockThreshold })),
  hours: Type.Array(OpsOpeningHoursSchema, { maxItems: 7 }),
});

export const NotificationsQuery = Type.Object({
  storeUuid: Type.Optional(Type.String({ maxLength: 64 })),
  state: Type.Optional(OpsNotificationStateSchema),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});
