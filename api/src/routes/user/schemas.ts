// Response shapes of the account routes (spec §3 User, §7 Authenticated). Only these fields are ever
// serialised, so a password or token hash cannot leak even if a service returned a whole row.
import { Type } from 'typebox';

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

const addressFlags = {
  hasValidAddress: Type.Boolean({ description: 'The ZIP exists and belongs to the state' }),
  hasInvalidAddress: Type.Boolean({ description: 'An address is saved but its ZIP is unknown or in another state' }),
};

export const UserSchema = Type.Object(
  {
    uuid: Type.String({ format: 'uuid' }),
    firstName: Type.Union([Type.String(), Type.Null()]),
    lastName: Type.Union([Type.String(), Type.Null()]),
    email: Type.String(),
    token: Type.String({ description: 'The session JWT (same as the top-level token)' }),
    status: Type.Enum(['BETA', 'BETA_REQUESTED', 'UNKNOWN']),
    authMethod: Type.Enum(['email', 'google']),
    emailVerified: Type.Boolean(),
    roleName: Type.Enum(['CUSTOMER', 'ADMIN', 'STORE_STAFF']),
    createdAt: Type.String({ format: 'date-time' }),
    ...addressFlags,
    canCheckout: Type.Boolean(),
    isBetaParticipant: Type.Boolean(),
    hasBetaRequest: Type.Boolean(),
    address: Type.Union([AddressSchema, Type.Null()]),
  },
  { title: 'User' },
);

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
    addressWarnings: Type.Array(Type.String(), { description: "Accepted but worth showing, e.g. 'city does not match ZIP'" }),
    emailVerified: Type.Boolean(),
    canCheckout: Type.Boolean(),
  },
  { title: 'Profile' },
);

export const MessageSchema = Type.Object({ success: Type.Literal(true), message: Type.String() });

/** Text fields of forms: bounded so one request cannot carry megabytes into a column. */
export const text = (maxLength: number, description?: string) => Type.String({ maxLength, ...(description ? { description } : {}) });
