import type { EventMap } from '@grocer/shared';

export type AuthMode = EventMap['auth:open-modal']['mode'];

/** What every mode's view gets from the dialog. */
export interface AuthViewProps {
  /** The id the dialog is labelled by; the view's heading carries it. */
  titleId: string;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
}
