// Password sign-up and sign-in, with the sign-in limits that keep guessing slow without locking the
// owner out.
import { normalizeEmail, validateEmail } from '@grocer/shared/validation';
import { httpError, RetryLaterError } from '../../db/errors.ts';
import { DEMO_ADDRESS_RESERVED, demoSignInBarred } from '../demoAccounts.ts';
import { passwordProblem } from '../passwords.ts';
import type { UserRow } from '../users.ts';
import { MESSAGES } from './messages.ts';
import type { AuthDeps, RegisterInput, Session } from './auth.ts';
import { emailKeyOf, findByEmail, insertUser } from './userRows.ts';

/**
 * Sign-in limits per 15-minute window (README "Security"). Failures are limited per account and IP
 * (guessing one password), per IP (spraying many accounts) and per account from addresses that
 * never signed in to it (guessing from many addresses); an address the owner signed in from keeps
 * working, so strangers' guesses cannot lock the owner out. Successes are limited too (hashing is
 * costly), generously per IP for the many shoppers behind one address.
 */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  failuresPerAccountAndIp: 10,
  failuresPerIp: 30,
  failuresPerAccountFromNewAddresses: 50,
  successesPerAccount: 30,
  successesPerIp: 100,
  /** How long an address that signed in to an account stays known to it. */
  knownAddressMs: 30 * 24 * 60 * 60 * 1000,
} as const;

/** A 429 that carries its Retry-After (the error handler copies it to the header). */
export class RateLimitedError extends RetryLaterError {
  constructor(retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      429,
      'RATE_LIMITED',
      `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      retryAfterSeconds,
    );
  }
}

/**
 * The address a limit counts: an IPv4 address as it is, an IPv6 address by its /64, since one host or
 * household is given a whole /64 and could otherwise take a fresh address for every guess.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** The counter keys of one sign-in attempt. */
export function loginKeys(accountKey: string, ip: string) {
  return {
    failAccountIp: `login:fail:account-ip:${accountKey}:${ip}`,
    failIp: `login:fail:ip:${ip}`,
    failAccount: `login:fail:account:${accountKey}`,
    okAccount: `login:ok:account:${accountKey}`,
    okIp: `login:ok:ip:${ip}`,
    knownAddress: `login:known:${accountKey}:${ip}`,
  };
}

const blankToNull = (value: string | null | undefined) => (value == null || value.trim() === '' ? null : value.trim());

export function createPasswordSignIn(
  { db, config, hasher, counters }: Pick<AuthDeps, 'db' | 'config' | 'hasher' | 'counters'>,
  { issue, sendVerification }: { issue: (row: UserRow, authMethod: 'email') => Promise<Session>; sendVerification: (row: UserRow) => void },
) {
  async function register(input: RegisterInput): Promise<Session> {
    const emailProblem = validateEmail(input.email);
    if (emailProblem) throw httpError(400, 'VALIDATION_ERROR', emailProblem, 'email');
    // An account made there could never sign in, and would stop the next production start (server.ts).
    if (demoSignInBarred(config, input.email)) throw httpError(400, 'VALIDATION_ERROR', DEMO_ADDRESS_RESERVED, 'email');
    const problem = passwordProblem(input.password);
    if (problem) throw httpError(400, 'VALIDATION_ERROR', problem, 'password');
    const email = normalizeEmail(input.email);
    if (await findByEmail(db, email)) throw httpError(409, 'EMAIL_TAKEN', MESSAGES.emailTaken, 'email');

    const passwordHash = await hasher.hash(input.password);
    const row = await insertUser(db, {
      email,
      passwordHash,
      firstName: blankToNull(input.firstName),
      lastName: blankToNull(input.lastName),
    });
    // Two sign-ups for one address at once: the unique index decided for the other.
    if (!row) throw httpError(409, 'EMAIL_TAKEN', MESSAGES.emailTaken, 'email');
    // Queued, not awaited: the account exists either way, and a mail outage must not fail sign-up (the shopper can resend).
    sendVerification(row);
    return issue(row, 'email');
  }

  async function login({ email, password, ip }: { email: string; password: string; ip: string }): Promise<Session> {
    // Refused before any counter or database work: a flood of sign-ins while busy costs next to nothing.
    // Checks are queued per address (the limits' key), so a flood from some addresses leaves others their turn.
    const client = addressKey(ip);
    hasher.assertNotBusy(client);
    const keys = loginKeys(emailKeyOf(email), client);
    const { windowMs } = LOGIN_LIMITS;
    const [known, okAccount, okIp] = await Promise.all([keys.knownAddress, keys.okAccount, keys.okIp].map((key) => counters.get(key)));
    // Successes are counted after the check (a reservation would let pending guesses block the owner),
    // so parallel sign-ins may pass this limit by the few checks in flight (the hashing gate bounds them).
    const full = [
      okAccount!.count >= LOGIN_LIMITS.successesPerAccount ? okAccount! : null,
      okIp!.count >= LOGIN_LIMITS.successesPerIp ? okIp! : null,
    ];
    const waitMs = Math.max(0, ...full.map((state) => state?.ttlMs ?? 0));
    if (full.some(Boolean)) throw new RateLimitedError(Math.ceil(Math.max(waitMs, 1000) / 1000));
    // Failures are counted before the slow check, atomically: every attempt takes a unit of each
    // failure limit, and a success gives its units back.
    const knownAddress = known!.count > 0;
    const taken = [
      { key: keys.failAccountIp, limit: LOGIN_LIMITS.failuresPerAccountAndIp, windowMs },
      { key: keys.failIp, limit: LOGIN_LIMITS.failuresPerIp, windowMs },
      ...(knownAddress ? [] : [{ key: keys.failAccount, limit: LOGIN_LIMITS.failuresPerAccountFromNewAddresses, windowMs }]),
    ];
    const granted = await counters.take(taken);
    if (!granted.ok) throw new RateLimitedError(Math.ceil(granted.retryAfterMs / 1000));
    const giveBack = (which: string[]) => Promise.all(which.map((key) => counters.giveBack(key)));

    let ok = false;
    let row: UserRow | undefined;
    try {
      row = validateEmail(email) ? undefined : await findByEmail(db, email);
      if (row?.passwordHash) ok = await hasher.verify(password, row.passwordHash, client);
      // Same work whether or not the account exists, so response time does not tell.
      else await hasher.verifyDummy(password, client);
    } catch (err) {
      // Not checked (busy, database down): the attempt counts for nothing.
      await giveBack(taken.map((t) => t.key));
      throw err;
    }
    if (!ok) throw httpError(401, 'SIGNIN_FAILED', MESSAGES.signInFailed);
    await Promise.all([
      giveBack([keys.failIp, ...(knownAddress ? [] : [keys.failAccount])]),
      counters.reset(keys.failAccountIp),
      counters.hit(keys.knownAddress, LOGIN_LIMITS.knownAddressMs),
      counters.hit(keys.okAccount, windowMs),
      counters.hit(keys.okIp, windowMs),
    ]);
    return issue(row!, 'email');
  }

  return { register, login };
}
