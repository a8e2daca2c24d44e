// The account's wire shapes (spec §3 User, §7 Authenticated) and the one error body every failed call
// answers with. Only these fields are ever serialised, so a password or token hash cannot leak even
// if a service returned a whole row.
import { Type, type Static } from 'typebox';
import { Timestamp, Uuid } from './catalogue.ts';

export const UserStatusSchema = Type.Enum(['BETA', 'BETA_REQUESTED', 'UNKNOWN']);
export type UserStatus = Static<typeof UserStatusSchema>;
export const AuthMethodSchema = Type.Enum(['email', 'google']);
export type AuthMethod = Static<typeof AuthMethodSchema>;
/** Compare case-insensitively (spec §6). STORE_STAFF works for one store (the ops screens). */
export const RoleNameSchema = Type.Enum(['CUSTOMER', 'ADMIN', 'STORE_STAFF']);
/** Compare case-insensitively (spec §6): a stored user may carry 'customer'. */
/** STORE_STAFF: works for one store (the ops screens; contracts/ops.ts). */
export type RoleName = Static<typeof RoleNameSchema>;

export const AddressSchema = Type.Object(
  {
    streetName: Type.String(),
    apartmentName: Type.String({ description: "'' when there is none" }),
    city: Type.String(),
    state: Type.String(),
    zip: Type.String(),
  },
  { title: 'Address' },
);
export type Address = Static<typeof AddressSchema>;

const addressFlags = {
  hasValidAddress: Type.Boolean({ description: 'The ZIP exists and belongs to the state' }),
  hasInvalidAddress: Type.Boolean({ description: 'An address is saved but its ZIP is unknown or in another state' }),
};

export const UserSchema = Type.Object(
  {
    uuid: Uuid,
    firstName: Type.Union([Type.String(), Type.Null()], { description: 'null until the shopper enters it; locked once saved' }),
    lastName: Type.Union([Type.String(), Type.Null()]),
    email: Type.String(),
    token: Type.String({ description: 'The session JWT (same as the top-level token)' }),
    status: UserStatusSchema,
    authMethod: AuthMethodSchema,
    emailVerified: Type.Boolean(),
    roleName: RoleNameSchema,
    createdAt: Timestamp,
    ...addressFlags,
    canCheckout: Type.Boolean({ description: 'Server-decided; the client never derives it from beta flags' }),
    isBetaParticipant: Type.Boolean(),
    hasBetaRequest: Type.Boolean(),
    address: Type.Union([AddressSchema, Type.Null()], { description: 'null until the shopper saves a delivery address' }),
  },
  { title: 'User' },
);
export type User = Static<typeof UserSchema>;

/** POST auth/register, auth/login and auth/google, when they succeed. */
export const AuthResponseSchema = Type.Object(
  { success: Type.Literal(true), user: UserSchema, token: Type.String() },
  { title: 'AuthResponse' },
);

export const ProfileSchema = Type.Object(
  {
    firstName: Type.Union([Type.String(), Type.Null()]),
    lastName: Type.Union([Type.String(), Type.Null()]),
    address: Type.Union([AddressSchema, Type.Null()]),
    ...addressFlags,
    addressWarnings: Type.Array(Type.String(), { description: "Why the address is not verified, e.g. '62701 is in Springfield, IL'" }),
    addressMismatch: Type.Union(
      [
        Type.Object({
          field: Type.Enum(['city', 'state', 'zip']),
          message: Type.String({ description: "'62701 is in Springfield, IL'; for an unknown ZIP, that it is not a US ZIP code" }),
        }),
        Type.Null(),
      ],
      {
        description:
          'The field of the saved address that disagrees with the ZIP directory (then hasInvalidAddress is true); null otherwise',
      },
    ),
    emailVerified: Type.Boolean(),
    canCheckout: Type.Boolean(),
  },
  { title: 'Profile' },
);
/** GET /user/profile and POST /user/address. */
export type ProfileResponse = Static<typeof ProfileSchema>;

/** GET /user/beta-status. */
export const BetaStatusSchema = Type.Object(
  {
    success: Type.Literal(true),
    status: UserStatusSchema,
    isBetaParticipant: Type.Boolean(),
    hasBetaRequest: Type.Boolean(),
    canCheckout: Type.Boolean(),
    message: Type.String(),
  },
  { title: 'BetaStatus' },
);
/** GET /api/user/beta-status. */
export type BetaStatusResponse = Static<typeof BetaStatusSchema>;

export const MessageSchema = Type.Object({ success: Type.Literal(true), message: Type.String() });
