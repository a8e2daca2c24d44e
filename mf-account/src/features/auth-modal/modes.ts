import type { EventMap, User } from '@grocer/shared';

export type AuthMode = EventMap['auth:open-modal']['mode'];
/** Why a guest was asked to sign in, and where signing in takes them (the shell's protected routes, the heart). */
export type AuthRequest = Omit<EventMap['auth:open-modal'], 'mode'>;

/** The dialog's one line for a guest who asked for a protected page. */
export const PAGE_NEEDS_ACCOUNT = "That page needs an account. Sign in and we'll take you there.";
/** The heart's own title (mf-catalog FavouriteButton), said again in the dialog it opens. */
export const FAVOURITES_NEED_ACCOUNT = 'Sign in to add favorites';

/** What every mode's view gets from the dialog. */
export interface AuthViewProps {
  /** The id the dialog is labelled by; the view's heading carries it. */
  titleId: string;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
  /** Closes the dialog once the user is signed in (by any means), and goes where they land: the board for staff, else the page asked for, if any. */
  onSignedIn: (user: User) => void;
  /** Why the dialog opened (e.g. the page asked for needs an account), shown under the heading. */
  note?: { id: string; text: string };
}
