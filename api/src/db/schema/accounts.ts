// Accounts: users, their single-use e-mail tokens, favourites, and the dev mailbox.
// Re-exported from ../schema.ts, which drizzle-kit and the client read.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalogue.ts';

export const users = pgTable(
  'users',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    /** As the shopper typed it (trimmed); lookups go through emailKey. */
    email: text('email').notNull(),
    /** lower(email): one account per address whatever its case. */
    emailKey: text('email_key').notNull(),
    /** scrypt PHC-style string; null for accounts that only sign in with Google. */
    passwordHash: text('password_hash'),
    /** How the account was created: 'email' | 'google'. */
    authMethod: text('auth_method').notNull().default('email'),
    googleSub: text('google_sub'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** 'CUSTOMER' | 'ADMIN' | 'STORE_STAFF'. */
    role: text('role').notNull().default('CUSTOMER'),
    /**
     * The one store a STORE_STAFF member works for (stores.id); null for everyone else. Deliberately
     * no foreign key: a catalogue rebuild (seed/seedCatalogue.ts) truncates stores with CASCADE, which
     * would empty users through one. The rebuild re-creates the same stores in the same order, so the
     * ids staff hold stay theirs; the staff service checks the store exists when it assigns one.
     */
    storeId: integer('store_id'),
    /** 'UNKNOWN' | 'BETA_REQUESTED' | 'BETA'. */
    betaStatus: text('beta_status').notNull().default('UNKNOWN'),
    betaReason: text('beta_reason'),
    betaRequestedAt: timestamp('beta_requested_at', { withTimezone: true }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    streetName: text('street_name'),
    apartmentName: text('apartment_name'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    /**
     * Session tokens issued before this instant are refused: a password reset sets it to now. Null
     * until then; set from the API's clock (the same clock that stamps tokens), never the database's.
     */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key_idx').on(t.emailKey),
    uniqueIndex('users_google_sub_idx').on(t.googleSub),
    // Staff act for exactly one store: without one, every store check would have nothing to compare.
    check('users_staff_store_check', sql`${t.role} <> 'STORE_STAFF' OR ${t.storeId} IS NOT NULL`),
  ],
);

/** Single-use links sent by e-mail; only the SHA-256 of the token is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    /** 'verify_email' | 'reset_password' | 'staff_invitation'. */
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('email_tokens_hash_idx').on(t.tokenHash), index('email_tokens_user_idx').on(t.userUuid, t.purpose)],
);

/** Sessions signed out before they expire (POST /auth/logout): `sid` is the token's session id. */
export const revokedSessions = pgTable(
  'revoked_sessions',
  {
    sid: uuid('sid').primaryKey(),
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    /** The token's own expiry: past it the row is no longer needed. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_sessions_expires_idx').on(t.expiresAt)],
);

/** A shopper's favourite products; removing a product from the catalogue removes it from favourites. */
export const favourites = pgTable(
  'favorites',
  {
    userUuid: uuid('user_uuid')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    productUuid: uuid('product_uuid')
      .notNull()
      .references(() => products.uuid, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userUuid, t.productUuid] })],
);

/** Outgoing mail when no SMTP_URL is set, readable at GET /dev/mailbox (never in production). */
export const devMail = pgTable(
  'dev_mail',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    links: jsonb('links')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_mail_to_idx').on(sql`lower(${t.to})`)],
);
