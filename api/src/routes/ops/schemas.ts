// Request shapes of the ops API (bounds and defaults of what admins and staff send). The answers are
// @grocer/shared/schemas (ops.ts), from which the contract types mf-ops codes against are derived.
import { OPS_PRICE_MAX_CENTS, OPS_PRICE_MIN_CENTS } from '@grocer/shared/contracts';
import { OpsNotificationStateSchema, OpsOpeningHoursSchema, PartStatusSchema } from '@grocer/shared/schemas';
import { Type } from 'typebox';
import { RULE_LIMITS } from '../../services/stores/rules.ts';

export const OpsStaffCreateBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254 }),
  firstName: Type.String({ minLength: 1, maxLength: 100 }),
  lastName: Type.String({ minLength: 1, maxLength: 100 }),
  storeUuid: Type.String({ maxLength: 64 }),
});

export const AcceptInvitationBody = Type.Object({ token: Type.String({ maxLength: 200 }), password: Type.String({ maxLength: 200 }) });

export const OpsOrdersQuerySchema = Type.Object({
  storeUuid: Type.Optional(Type.String({ maxLength: 64 })),
  status: Type.Optional(PartStatusSchema),
  date: Type.Optional(
    Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', description: 'YYYY-MM-DD, a day in America/Chicago' }),
  ),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  cursor: Type.Optional(Type.String({ maxLength: 300 })),
});

export const MarkLineBody = Type.Object({
  state: Type.Enum(['FOUND', 'REPLACED', 'UNAVAILABLE']),
  replacementProductUuid: Type.Optional(Type.String({ maxLength: 64 })),
});

export const CancelBody = Type.Object({ reason: Type.String({ minLength: 3, maxLength: 500 }) });

export const InventoryQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  cursor: Type.Optional(Type.String({ maxLength: 600 })),
});

export const InventoryPatchBody = Type.Object(
  {
    inStock: Type.Optional(Type.Boolean()),
    isActive: Type.Optional(Type.Boolean()),
    priceCents: Type.Optional(Type.Integer({ minimum: OPS_PRICE_MIN_CENTS, maximum: OPS_PRICE_MAX_CENTS })),
  },
  { additionalProperties: false },
);

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
