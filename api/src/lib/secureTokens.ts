// Single-use tokens sent in links (verify e-mail, reset password): 32 random bytes, base64url.
// Only their SHA-256 is stored, so a database leak does not leak usable links.
import { createHash, randomBytes } from 'node:crypto';

export function newSecureToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
