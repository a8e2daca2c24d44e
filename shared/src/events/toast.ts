import { CONSTANTS } from '../constants.ts';
import { events } from './bus.ts';

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

/**
 * Shows a toast in the shell (spec §2: toasts stack, default 3 s). With a `key`, it replaces the toast of
 * that key still on screen (and lives its full time from now): news that updates, not news that piles up.
 */
export function showToast(kind: ToastKind, message: string, durationMs: number = CONSTANTS.TOAST_MS, key?: string): void {
  events.emit('toast:show', { kind, message, durationMs, key });
}
