// Staff accounts: an admin creates a STORE_STAFF account for one store and the shop mails
// a single-use invitation link (email_tokens, purpose 'staff_invitation', only the hash stored, like
// the verify and reset links). The staff member opens it and sets a password; the link then dies,
// with every older invitation of the account. Until then the account has no password and cannot sign in.
import type { OpsStaffCreatePayload, OpsStaffMember } from '@grocer/shared/contracts';
import { OPS_INVITATION_PAGE, OPS_INVITATION_TTL_HOURS } from '@grocer/shared/contracts';
import { normalizeEmail, validateEmail } from '@grocer/shared/validation';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { httpError } from '../../db/errors.ts';
import { emailTokens, stores, users, type StoreRow } from '../../db/schema.ts';
import { escapeHtml, userText, type MailService } from '../mail.ts';
import { passwordProblem, type PasswordHasher } from '../passwords.ts';
import type { UserRow } from '../users.ts';
import type { SessionCache } from '../auth/sessionCache.ts';
import { createEmailToken, insertUser, setPasswordByLink } from '../auth/userRows.ts';
import { isUuid } from '../catalogue/catalogueService.ts';
import { toOpsStore, type OpsAccess, type OpsCaller } from './access.ts';

const PURPOSE = 'staff_invitation';

export const STAFF_MESSAGES = {
  emailTaken: 'An account with this email already exists.',
  nameRequired: 'First and last name are required.',
  staffNotFound: 'Staff member not found.',
  active: 'This staff member has already set a password.',
  invitationInvalid: 'This invitation link is invalid or has expired. Ask your admin for a new one.',
  accepted: 'Your password is set. You can sign in now.',
  currentPasswordWrong: 'The current password is not correct.',
  passwordChanged: 'Your password has been changed.',
} as const;

export interface StaffService {
  list(caller: OpsCaller, storeUuid: string | undefined): Promise<OpsStaffMember[]>;
  create(caller: OpsCaller, input: OpsStaffCreatePayload): Promise<OpsStaffMember>;
  reinvite(caller: OpsCaller, userUuid: string): Promise<OpsStaffMember>;
  accept(token: string, password: string): Promise<void>;
  /** The signed-in ops user's own password, the current one checked first (400 VALIDATION_ERROR when wrong or weak). */
  changePassword(caller: OpsCaller, currentPassword: string, newPassword: string): Promise<void>;
}

export interface StaffDeps {
  db: Database;
  config: Pick<Config, 'publicShellUrl'>;
  access: OpsAccess;
  mail: Pick<MailService, 'send'>;
  hasher: PasswordHasher;
  /** Told of each users row written here, so that user's next request sees it. */
  sessions: Pick<SessionCache, 'changed'>;
}

const staffNotFound = () => httpError(404, 'STAFF_NOT_FOUND', STAFF_MESSAGES.staffNotFound);

function toMember(row: UserRow, store: Pick<StoreRow, 'uuid' | 'publicId' | 'name'>): OpsStaffMember {
  return {
    uuid: row.uuid,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    store: toOpsStore(store),
    status: row.passwordHash === null ? 'INVITED' : 'ACTIVE',
    createdAt: row.createdAt.toISOString(),
  };
}

export function createStaffService({ db, config, access, mail, hasher, sessions }: StaffDeps): StaffService {
  async function invite(row: UserRow, store: Pick<StoreRow, 'name'>): Promise<void> {
    // A new link replaces the ones sent before: only the newest works.
    await db
      .update(emailTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(emailTokens.userUuid, row.uuid), eq(emailTokens.purpose, PURPOSE), isNull(emailTokens.usedAt)));
    const token = await createEmailToken(db, row.uuid, PURPOSE, OPS_INVITATION_TTL_HOURS * 3_600_000);
    const link = `${config.publicShellUrl.replace(/\/$/, '')}${OPS_INVITATION_PAGE}?token=${token}`;
    const greeting = `Hi ${userText(row.firstName, 'there')},`;
    const intro = `You have been invited to run ${userText(store.name)} on Grocer. Open this link to choose your password (it is valid for ${OPS_INVITATION_TTL_HOURS} hours):`;
    await mail.send({
      to: row.email,
      subject: `Your Grocer staff account for ${userText(store.name)}`,
      text: `${greeting}\n\n${intro}\n${link}\n\nThen sign in with ${row.email}.\n\nGrocer`,
      html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>Grocer</p>`,
    });
  }

  async function memberOf(caller: OpsCaller, userUuid: string) {
    if (!isUuid(userUuid)) throw staffNotFound();
    const [row] = await db
      .select({ user: users, store: stores })
      .from(users)
      .innerJoin(stores, eq(stores.id, users.storeId))
      .where(and(eq(users.uuid, userUuid.toLowerCase()), eq(users.role, 'STORE_STAFF')));
    if (!row) throw staffNotFound();
    await access.store(caller, row.store.uuid).catch(() => {
      throw staffNotFound();
    });
    return row;
  }

  return {
    async list(caller, storeUuid) {
      const store = storeUuid === undefined ? undefined : await access.store(caller, storeUuid);
      const rows = await db
        .select({ user: users, store: stores })
        .from(users)
        .innerJoin(stores, eq(stores.id, users.storeId))
        .where(and(eq(users.role, 'STORE_STAFF'), store ? eq(users.storeId, store.id) : undefined))
        .orderBy(asc(stores.name), asc(users.emailKey));
      return rows.map((r) => toMember(r.user, r.store));
    },

    async create(caller, input) {
      const store = await access.store(caller, input.storeUuid);
      const problem = validateEmail(input.email);
      if (problem) throw httpError(400, 'VALIDATION_ERROR', problem, 'email');
      const firstName = input.firstName.trim();
      const lastName = input.lastName.trim();
      if (!firstName || !lastName)
        throw httpError(400, 'VALIDATION_ERROR', STAFF_MESSAGES.nameRequired, firstName ? 'lastName' : 'firstName');
      const email = normalizeEmail(input.email);
      const row = await insertUser(db, {
        email,
        authMethod: 'email',
        role: 'STORE_STAFF',
        storeId: store.id,
        firstName,
        lastName,
        emailVerified: false,
      });
      if (!row) throw httpError(409, 'EMAIL_TAKEN', STAFF_MESSAGES.emailTaken, 'email');
      await invite(row, store);
      return toMember(row, store);
    },

    async reinvite(caller, userUuid) {
      const { user, store } = await memberOf(caller, userUuid);
      if (user.passwordHash !== null) throw httpError(409, 'STAFF_ACTIVE', STAFF_MESSAGES.active);
      await invite(user, store);
      return toMember(user, store);
    },

    async changePassword(caller, currentPassword, newPassword) {
      const { passwordHash: current } = caller.account;
      // A 400, not a 401: the client reads a 401 as "signed out".
      const ok = current ? await hasher.verify(currentPassword, current) : false;
      if (!ok) throw httpError(400, 'VALIDATION_ERROR', STAFF_MESSAGES.currentPasswordWrong, 'currentPassword');
      const problem = passwordProblem(newPassword);
      if (problem) throw httpError(400, 'VALIDATION_ERROR', problem, 'newPassword');
      const passwordHash = await hasher.hash(newPassword);
      await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.uuid, caller.uuid));
      sessions.changed(caller.uuid);
    },

    async accept(token, password) {
      await setPasswordByLink(db, hasher, sessions, {
        token,
        purpose: PURPOSE,
        password,
        invalid: () => httpError(400, 'INVALID_TOKEN', STAFF_MESSAGES.invitationInvalid, 'token'),
      });
    },
  };
}
