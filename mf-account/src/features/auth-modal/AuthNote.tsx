import type { AuthViewProps } from './modes.ts';

/** The line under a view's heading that says why the dialog opened; the dialog is described by it. */
export function AuthNote({ note }: { note: AuthViewProps['note'] }) {
  return note ? (
    <p id={note.id} className="auth-note">
      {note.text}
    </p>
  ) : null;
}
