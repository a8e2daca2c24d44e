// Password hashing (node's scrypt, OWASP parameters N=2^17, r=8, p=1) and the strength rules:
// the shared §5 rules, a length cap, and a list of the 1,000 most common passwords.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { validatePassword } from '@grocer/shared/validation';
import { RetryLaterError } from '../db/errors.ts';

/** Long passphrases are welcome; the cap only bounds the hashing work an attacker can ask for. */
export const MAX_PASSWORD_LENGTH = 128;
export const PASSWORD_TOO_LONG = `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`;
export const PASSWORD_TOO_COMMON = 'This password is too common. Please choose a less common password.';

const KEY_LENGTH = 32;
const R = 8;
const P = 1;

// SecLists' 10-million-password-list-top-1000 (MIT), compared case-insensitively.
const COMMON = new Set(
  readFileSync(new URL('../../data/common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean),
);

/** True for a listed password, also with a trailing run of digits or symbols added ('Summer2024!', 'Password1'). */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  const stem = lower.replace(/[^a-z]+$/, '');
  return stem.length >= 4 && COMMON.has(stem);
}

/** The first rule a new password breaks, as the message to show, or undefined. */
export function passwordProblem(password: string): string | undefined {
  const shared = validatePassword(password);
  if (shared) return shared;
  if ([...password].length > MAX_PASSWORD_LENGTH) return PASSWORD_TOO_LONG;
  if (isCommonPassword(password)) return PASSWORD_TOO_COMMON;
  return undefined;
}

function scryptAsync(password: string, salt: Buffer, logN: number): Promise<Buffer> {
  const N = 2 ** logN;
  // scrypt needs 128 * N * r bytes; node's default maxmem (32 MiB) is below the 128 MiB that N=2^17 takes.
  const options: ScryptOptions = { N, r: R, p: P, maxmem: 128 * N * R + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/**
 * Each check costs ~128 MiB and ~0.5 s of a core: at most half the cores hash at once (the rest keep
 * serving), a short queue waits behind them, and anything past that is refused at once.
 */
export const PASSWORD_CHECK_LIMITS = {
  inFlight: Math.max(1, Math.floor(availableParallelism() / 2)),
  queued: 4 * Math.max(1, Math.floor(availableParallelism() / 2)),
};

export const PASSWORD_CHECKS_BUSY = 'The server is busy. Please try again in a moment.';

export class PasswordChecksBusyError extends RetryLaterError {
  constructor() {
    super(503, 'SERVER_BUSY', PASSWORD_CHECKS_BUSY, 2);
  }
}

/** Work not tied to one client's address (sign-up, reset, invitations) shares this lane. */
export const SHARED_CLIENT = '';

/**
 * Runs at most `inFlight` tasks at once with at most `queued` waiting; past that, throws PasswordChecksBusyError.
 *
 * Fair between clients (the caller's address): a freed slot goes to the waiting client that sent the fewest
 * requests this minute, then to the one served longest ago, so clients take turns and one that sends many
 * cannot make another wait behind all of them. When the queue is full, a newcomer that goes before some
 * queued client takes that client's place, and the task it displaces is refused as busy: a flood from
 * some addresses is refused, not a shopper from another one.
 */
export function createWorkGate({ inFlight, queued }: { inFlight: number; queued: number }) {
  let running = 0;
  let waitingCount = 0;
  const waiting = new Map<string, { start: () => void; refuse: () => void }[]>();
  // Requests seen per client in the current minute (refused ones too, so a flood counts as one), and when
  // each client's last task started (a counter, not a clock). Fewer requests go first, then the client
  // served longest ago: a shopper's one request goes before any flooding address.
  const seen = new Map<string, number>();
  let minuteStarted = Date.now();
  const arrived = (client: string) => {
    if (Date.now() - minuteStarted > 60_000 || seen.size > 10_000) {
      // A client with tasks still waiting keeps its count: cleared, a flood's queued tasks would count as
      // none at the turn of the minute and go before a newcomer's one request, or refuse it when full.
      const kept = [...waiting.keys()].map((waiter) => [waiter, seen.get(waiter) ?? 0] as const);
      seen.clear();
      for (const [waiter, count] of kept) seen.set(waiter, count);
      minuteStarted = Date.now();
    }
    seen.set(client, (seen.get(client) ?? 0) + 1);
  };
  const lastStarted = new Map<string, number>();
  let turn = 0;
  /** Below zero when `a` goes before `b`. */
  const compare = (a: string, b: string) =>
    (seen.get(a) ?? 0) - (seen.get(b) ?? 0) || (lastStarted.get(a) ?? -1) - (lastStarted.get(b) ?? -1);
  const started = (client: string) => {
    lastStarted.delete(client);
    lastStarted.set(client, (turn += 1));
    if (lastStarted.size > 10_000) lastStarted.delete(lastStarted.keys().next().value!);
  };
  /** The waiting client to pick: the first (longest since served) or the last (most recently served). */
  const pick = (which: 'first' | 'last') => {
    let chosen: string | undefined;
    for (const client of waiting.keys()) {
      if (chosen === undefined || (which === 'first' ? compare(client, chosen) < 0 : compare(client, chosen) > 0)) chosen = client;
    }
    return chosen;
  };
  const take = (client: string, which: 'oldest' | 'newest') => {
    const queue = waiting.get(client)!;
    const waiter = which === 'oldest' ? queue.shift()! : queue.pop()!;
    if (queue.length === 0) waiting.delete(client);
    waitingCount -= 1;
    return waiter;
  };
  /** The queued client a newcomer would displace when the queue is full, if any. */
  const displaceable = (client: string) => {
    const last = pick('last');
    return last !== undefined && last !== client && compare(last, client) > 0 ? last : undefined;
  };
  const refused = (client: string) => running >= inFlight && waitingCount >= queued && displaceable(client) === undefined;

  return {
    async run<T>(task: () => Promise<T>, client: string = SHARED_CLIENT): Promise<T> {
      arrived(client);
      if (running >= inFlight) {
        if (refused(client)) throw new PasswordChecksBusyError();
        if (waitingCount >= queued) take(displaceable(client)!, 'newest').refuse();
        await new Promise<void>((resolve, reject) => {
          const queue = waiting.get(client) ?? [];
          queue.push({ start: resolve, refuse: () => reject(new PasswordChecksBusyError()) });
          waiting.set(client, queue);
          waitingCount += 1;
        });
      } else {
        running += 1;
        started(client);
      }
      try {
        return await task();
      } finally {
        // Hand the slot straight to the next waiter, so a newcomer cannot overtake the queue.
        const next = pick('first');
        if (next === undefined) running -= 1;
        else {
          started(next);
          take(next, 'oldest').start();
        }
      }
    },
    get load() {
      return { running, waiting: waitingCount };
    },
    /** True when a task of `client` run now would be refused. */
    wouldRefuse(client: string = SHARED_CLIENT) {
      arrived(client);
      return refused(client);
    },
  };
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Constant-time comparison; false (never a throw) for a malformed stored hash. `client` is the caller's
   * address (addressKey), so checks are shared fairly between addresses.
   */
  verify(password: string, stored: string, client?: string): Promise<boolean>;
  /** Spends the same time as a real verify; used when the account does not exist (no timing oracle). */
  verifyDummy(password: string, client?: string): Promise<void>;
  /** Throws PasswordChecksBusyError when a check of `client` started now would be refused: callers skip their own work first. */
  assertNotBusy(client?: string): void;
}

/** `logN` is 17 from config; tests lower it explicitly (testing/accounts.ts). Every hash and check goes through one gate. */
export function createPasswordHasher(logN: number, limits = PASSWORD_CHECK_LIMITS): PasswordHasher {
  const gate = createWorkGate(limits);
  const hash = async (password: string) => {
    const salt = randomBytes(16);
    const key = await gate.run(() => scryptAsync(password, salt, logN));
    // Self-describing, so a later cost increase can still verify (and rehash) old hashes.
    return `scrypt$ln=${logN},r=${R},p=${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  };
  let dummy: Promise<string> | undefined;
  return {
    hash,
    async verify(password, stored, client) {
      const match = /^scrypt\$ln=(\d+),r=8,p=1\$([\w-]+)\$([\w-]+)$/.exec(stored);
      if (!match) return false;
      const expected = Buffer.from(match[3]!, 'base64url');
      const key = await gate.run(() => scryptAsync(password, Buffer.from(match[2]!, 'base64url'), Number(match[1])), client);
      return key.length === expected.length && timingSafeEqual(key, expected);
    },
    assertNotBusy(client) {
      if (gate.wouldRefuse(client)) throw new PasswordChecksBusyError();
    },
    async verifyDummy(password, client) {
      dummy ??= hash('dummy-password-for-unknown-accounts');
      await this.verify(password, await dummy, client);
    },
  };
}
