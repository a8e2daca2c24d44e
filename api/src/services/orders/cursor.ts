// Keyset cursors for every paged list of the order side (history, refunds, notifications): "before this
// position" as opaque text.
import { httpError } from '../../db/errors.ts';

/** The prefix names what a cursor pages (orders by default). */
const CURSOR_PREFIX = 'o1:';
export function encodeCursor(seq: number, prefix = CURSOR_PREFIX): string {
  return Buffer.from(`${prefix}${seq}`).toString('base64url');
}
export function decodeCursor(cursor: string, prefix = CURSOR_PREFIX): number {
  const text = Buffer.from(cursor, 'base64url').toString();
  const seq = text.startsWith(prefix) ? Number(text.slice(prefix.length)) : NaN;
  if (!Number.isSafeInteger(seq) || seq < 1) throw httpError(400, 'VALIDATION_ERROR', 'cursor is invalid', 'cursor');
  return seq;
}
