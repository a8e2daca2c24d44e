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

/** Runs at most `inFlight` tasks at once with at most `queued` waiting; past that, throws PasswordChecksBusyError. */
export function createWorkGate({ inFlight, queued }: { inFlight: number; queued: number }) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= inFlight) {
        if (waiting.length >= queued) throw new PasswordChecksBusyError();
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else running += 1;
      try {
        return await task();
      } finally {
        // Hand the slot straight to the next waiter, so a newcomer cannot overtake the queue.
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
    get load() {
      return { running, waiting: waiting.length };
    },
    /** True when a task run now would be refused. */
    get full() {
      return running >= inFlight && waiting.length >= queued;
    },
  };
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Constant-time comparison; false (never a throw) for a malformed stored hash. */
  verify(password: string, stored: string): Promise<boolean>;
  /** Spends the same time as a real verify; used when the account does not exist (no timing oracle). */
  verifyDummy(password: string): Promise<void>;
  /** Throws PasswordChecksBusyError when a check started now would be refused: callers skip their own work first. */
  assertNotBusy(): void;
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
    async verify(password, stored) {
      const match = /^scrypt\$ln=(\d+),r=8,p=1\$([\w-]+)\$([\w-]+)$/.exec(stored);
      if (!match) return false;
      const expected = Buffer.from(match[3]!, 'base64url');
      const key = await gate.run(() => scryptAsync(password, Buffer.from(match[2]!, 'base64url'), Number(match[1])));
      return key.length === expected.length && timingSafeEqual(key, expected);
    },
    assertNotBusy() {
      if (gate.full) throw new PasswordChecksBusyError();
    },
    async verifyDummy(password) {
      dummy ??= hash('dummy-password-for-unknown-accounts');
      await this.verify(password, await dummy);
    },
  };
}
