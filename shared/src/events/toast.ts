import { CONSTANTS } from '../constants.ts';
import { events } from './bus.ts';

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

/** Shows a toast in the shell (spec §2: toasts stack, default 3 s). */
export function showToast(kind: ToastKind, message: string, durationMs: number = CONSTANTS.TOAST_MS): void {
  events.emit('toast:show', { kind, message, durationMs });
}
