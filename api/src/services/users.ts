// Users as the shop sees them (spec §3 User): the JSON shape, profile and address, beta access, and
// the demo accounts. Everything is of the authenticated caller's account, never of one named by input:
// the row authentication read at the start of the request (AccountCaller), not a second read of it.
import type { Address, BetaStatusResponse, ProfileResponse, User, UserStatus } from '@grocer/shared/contracts';
import { isAddressComplete, validateAddressForm, firstError } from '@grocer/shared/validation';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { stores, users } from '../db/schema.ts';
import { httpError } from '../db/errors.ts';
import { roleOf, type AuthMethod } from '../lib/jwt.ts';
import type { SessionCache } from './auth/sessionCache.ts';
import type { AccountCaller } from './caller.ts';
import type { PasswordHasher } from './passwords.ts';
import type { ZipDirectory } from './zipDirectory.ts';

export type UserRow = typeof users.$inferSelect;
/** What the address check adds to a profile. */
export type AddressCheck = Pick<ProfileResponse, 'hasValidAddress' | 'hasInvalidAddress' | 'addressWarnings' | 'addressMismatch'>;

export interface AddressInput {
  firstName?: string | null;
  lastName?: string | null;
  streetName: string;
  apartmentName?: string | null;
  city: string;
  state: string;
  zip: string;
}

/** '62701 is in Springfield, IL': what the ZIP directory says, for the field that disagrees with it. */
export const zipIsIn = (zip: string, city: string, state: string) => `${zip} is in ${city}, ${state}`;
export const unknownZip = (zip: string) => `${zip} is not a US ZIP code`;
const BETA_MESSAGES: Record<UserStatus, string> = {
  BETA: 'You are a beta participant.',
  BETA_REQUESTED: 'Your beta access request is pending review.',
  UNKNOWN: 'You have not requested beta access.',
};

/** The signed-in account a users method acts on, and how that session signed in. */
export type AccountOf = Pick<AccountCaller, 'account' | 'authMethod'>;

export interface UsersService {
  toJson(row: UserRow, token: string, authMethod: AuthMethod): User;
  profile(caller: AccountOf): ProfileResponse;
  /** Names are set only while missing; later values are ignored (they are locked once saved). */
  saveAddress(caller: AccountOf, input: AddressInput): Promise<ProfileResponse>;
  requestBeta(caller: AccountOf, reason: string | undefined): Promise<{ row: UserRow; message: string }>;
  betaStatus(caller: AccountOf): BetaStatusResponse;
}

function addressOf(row: UserRow): Address | null {
  if (!isAddressComplete(row)) return null;
  return { streetName: row.streetName!, apartmentName: row.apartmentName ?? '', city: row.city!, state: row.state!, zip: row.zip! };
}

function status(row: UserRow): UserStatus {
  return row.betaStatus === 'BETA' || row.betaStatus === 'BETA_REQUESTED' ? row.betaStatus : 'UNKNOWN';
}

const blankToNull = (value: string | null | undefined) => (value == null || value.trim() === '' ? null : value.trim());

export const DEMO_PASSWORD = 'Grocer-demo-2024';

/** The seeded demo accounts (api/README.md lists them). */
export const DEMO_ACCOUNTS = [
  {
    email: 'shopper@grocer.test',
    firstName: 'Casey',
    lastName: 'Shopper',
    emailVerified: true,
    role: 'CUSTOMER',
    address: { streetName: '233 S Wacker Dr', apartmentName: 'Apt 12', city: 'Chicago', state: 'IL', zip: '60606' },
  },
  // A valid address, so the checkout guard's email step (after the address steps) is the one it reaches.
  {
    email: 'unverified@grocer.test',
    firstName: 'Uma',
    lastName: 'Unverified',
    emailVerified: false,
    role: 'CUSTOMER',
    address: { streetName: '1901 W Madison St', apartmentName: '', city: 'Chicago', state: 'IL', zip: '60612' },
  },
  {
    email: 'badaddress@grocer.test',
    firstName: 'Ivan',
    lastName: 'Invalid',
    emailVerified: true,
    role: 'CUSTOMER',
    address: { streetName: '1 Nowhere Rd', apartmentName: '', city: 'Chicago', state: 'IL', zip: '99999' },
  },
  { email: 'admin@grocer.test', firstName: 'Ada', lastName: 'Admin', emailVerified: true, role: 'ADMIN', address: null },
] as const;

/** `sessions` is told of each row written here, so the caller's next request sees it. */
export function createUsersService(db: Database, zips: ZipDirectory, sessions: Pick<SessionCache, 'changed'>): UsersService {
  // An address is verified only when its ZIP is a US ZIP of that state and that city: a
  // Springfield ZIP under Chicago, IL would price a 180-mile delivery that payment then refuses. The
  // first field that disagrees is named, in the order a shopper would correct them: ZIP, state, city.
  const checkAddress = (row: UserRow): AddressCheck => {
    const address = addressOf(row);
    if (!address) return { hasValidAddress: false, hasInvalidAddress: false, addressWarnings: [], addressMismatch: null };
    const zip = address.zip.trim();
    const info = zips.lookup(zip);
    const invalid = (field: 'city' | 'state' | 'zip', message: string): AddressCheck => ({
      hasValidAddress: false,
      hasInvalidAddress: true,
      addressWarnings: [message],
      addressMismatch: { field, message },
    });
    if (!info) return invalid('zip', unknownZip(zip));
    if (info.state !== zips.normalizeState(address.state)) return invalid('state', zipIsIn(info.zip, info.city, info.state));
    if (info.city.toLowerCase() !== address.city.trim().toLowerCase()) return invalid('city', zipIsIn(info.zip, info.city, info.state));
    return { hasValidAddress: true, hasInvalidAddress: false, addressWarnings: [], addressMismatch: null };
  };

  const canCheckout = (row: UserRow, authMethod: AuthMethod, check: AddressCheck) =>
    addressOf(row) !== null && check.hasValidAddress && (row.emailVerified || authMethod === 'google');

  const profileOf = (row: UserRow, authMethod: AuthMethod): ProfileResponse => {
    const check = checkAddress(row);
    return {
      firstName: row.firstName,
      lastName: row.lastName,
      address: addressOf(row),
      ...check,
      emailVerified: row.emailVerified,
      canCheckout: canCheckout(row, authMethod, check),
    };
  };

  return {
    toJson(row, token, authMethod) {
      const check = checkAddress(row);
      const s = status(row);
      return {
        uuid: row.uuid,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        token,
        status: s,
        authMethod,
        emailVerified: row.emailVerified,
        roleName: roleOf(row.role),
        createdAt: row.createdAt.toISOString(),
        hasValidAddress: check.hasValidAddress,
        hasInvalidAddress: check.hasInvalidAddress,
        canCheckout: canCheckout(row, authMethod, check),
        isBetaParticipant: s === 'BETA',
        hasBetaRequest: s === 'BETA_REQUESTED',
        address: addressOf(row),
      };
    },

    profile({ account, authMethod }) {
      return profileOf(account, authMethod);
    },

    async saveAddress({ account: row, authMethod }, input) {
      const errors = validateAddressForm(input, { requireNames: !row.firstName || !row.lastName });
      const problem = firstError(errors);
      if (problem) {
        const field = Object.keys(errors)[0];
        throw httpError(400, 'VALIDATION_ERROR', problem, field);
      }
      const [updated] = await db
        .update(users)
        .set({
          firstName: row.firstName ?? blankToNull(input.firstName),
          lastName: row.lastName ?? blankToNull(input.lastName),
          streetName: input.streetName.trim(),
          apartmentName: blankToNull(input.apartmentName),
          city: input.city.trim(),
          // Stored as the two-letter code when recognised, so every reader sees 'IL', not 'illinois'.
          state: zips.normalizeState(input.state) ?? input.state.trim(),
          zip: input.zip.trim(),
          updatedAt: new Date(),
        })
        .where(eq(users.uuid, row.uuid))
        .returning();
      sessions.changed(row.uuid);
      return profileOf(updated!, authMethod);
    },

    async requestBeta({ account: row }, reason) {
      if (row.betaStatus === 'BETA') return { row, message: 'You are already a beta participant.' };
      if (row.betaStatus === 'BETA_REQUESTED') return { row, message: 'Your beta access request is already pending review.' };
      const [updated] = await db
        .update(users)
        .set({ betaStatus: 'BETA_REQUESTED', betaReason: blankToNull(reason), betaRequestedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.uuid, row.uuid))
        .returning();
      sessions.changed(row.uuid);
      return { row: updated!, message: 'Beta access requested. We will let you know when you are in.' };
    },

    betaStatus({ account: row, authMethod }) {
      const s = status(row);
      return {
        success: true,
        status: s,
        isBetaParticipant: s === 'BETA',
        hasBetaRequest: s === 'BETA_REQUESTED',
        canCheckout: canCheckout(row, authMethod, checkAddress(row)),
        message: BETA_MESSAGES[s],
      };
    },
  };
}

/** Creates the demo accounts that are missing (at start, when SEED_DEMO_ACCOUNTS is on). Returns how many it created. */
export async function seedDemoAccounts(db: Database, hasher: PasswordHasher): Promise<number> {
  let created = 0;
  for (const demo of DEMO_ACCOUNTS) {
    const [existing] = await db.select({ uuid: users.uuid }).from(users).where(eq(users.emailKey, demo.email));
    if (existing) continue;
    const rows = await db
      .insert(users)
      .values({
        email: demo.email,
        emailKey: demo.email,
        passwordHash: await hasher.hash(DEMO_PASSWORD),
        firstName: demo.firstName,
        lastName: demo.lastName,
        emailVerified: demo.emailVerified,
        role: demo.role,
        ...(demo.address ?? {}),
      })
      // Another instance may be seeding at the same moment.
      .onConflictDoNothing()
      .returning({ uuid: users.uuid });
    created += rows.length;
  }
  return created + (await seedDemoStaff(db, hasher));
}

/** The demo staff address of a store: staff.{publicId}@grocer.test. */
export const demoStaffEmail = (storePublicId: string) => `staff.${storePublicId}@grocer.test`;

/** One STORE_STAFF member per store (api/README.md "Demo accounts"), so a newcomer and e2e can sign in as staff. */
async function seedDemoStaff(db: Database, hasher: PasswordHasher): Promise<number> {
  const all = await db.select({ id: stores.id, publicId: stores.publicId, name: stores.name }).from(stores);
  const existing = new Set((await db.select({ key: users.emailKey }).from(users).where(eq(users.role, 'STORE_STAFF'))).map((r) => r.key));
  const missing = all.filter((s) => !existing.has(demoStaffEmail(s.publicId).toLowerCase()));
  if (missing.length === 0) return 0;
  // One hash for all of them: the same demo password, and scrypt at full cost per account would slow the first start.
  const passwordHash = await hasher.hash(DEMO_PASSWORD);
  const rows = await db
    .insert(users)
    .values(
      missing.map((s) => {
        const email = demoStaffEmail(s.publicId);
        return {
          email,
          emailKey: email.toLowerCase(),
          passwordHash,
          firstName: 'Sam',
          lastName: 'Staff',
          emailVerified: true,
          role: 'STORE_STAFF',
          storeId: s.id,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ uuid: users.uuid });
  return rows.length;
}
