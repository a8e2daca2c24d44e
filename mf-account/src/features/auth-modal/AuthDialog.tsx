// The auth modal's dialog (spec §2), loaded on first open by AuthModal.tsx: the forms, focus
// handling and styles stay out of every page's first load.
// Dialog semantics: role=dialog + aria-modal, labelled by the view's heading, focus moved in on open
// and kept inside, Escape closes, focus goes back to whatever opened it (or to the main content
// when the opener is gone, e.g. the header's Sign In button once signed in).
import { useCallback, useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { paths, type User } from '@grocer/shared';
import { FAVOURITES_NEED_ACCOUNT, PAGE_NEEDS_ACCOUNT, type AuthMode, type AuthRequest } from './modes.ts';
import { ResetRequestForm } from './ResetRequestForm.tsx';
import { SignInForm } from './SignInForm.tsx';
import { SignUpForm } from './SignUpForm.tsx';
import './AuthModal.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

export interface AuthDialogProps extends AuthRequest {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
  /** What had focus when the dialog opened: focus goes back there on close. */
  opener: HTMLElement | null;
}

/** The open dialog; mounted while a mode is set, so its effects run on open and clean up on close. */
export default function AuthDialog({ mode, next, why, onModeChange: setMode, onClose: close, opener }: AuthDialogProps) {
  const navigate = useNavigate();
  const titleId = useId();
  const noteId = useId();
  // a guest sent away from a protected page, or who tapped a heart, is told why in one line.
  const noteText = next ? PAGE_NEEDS_ACCOUNT : why === 'favourites' ? FAVOURITES_NEED_ACCOUNT : null;
  const note = noteText && mode !== 'reset' ? { id: noteId, text: noteText } : undefined;
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const { body } = document;
    const previousOverflow = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previousOverflow;
      // Signing in replaces the Sign In button that opened the modal: rather than dropping focus on
      // the body (a keyboard user would start again from the top), go to the page's main content,
      // without scrolling the header and the verification banner out of view.
      if (opener?.isConnected) opener.focus();
      else document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
    };
  }, [opener]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Views that open on a result (e.g. the sign-up notice) focus their own heading; forms start at the first field.
    if (element.contains(document.activeElement) && document.activeElement !== element) return;
    (element.querySelector<HTMLElement>('input') ?? element).focus();
  }, [mode]);

  // Signed in, with a password or with Google (one landing for both): staff come to work, so
  // straight to the order board whatever page was asked for; anyone else on to the page they
  // asked for, if any.
  const signedIn = useCallback(
    (user: User) => {
      close();
      const landing = user.roleName?.toUpperCase() === 'STORE_STAFF' ? paths.admin() : next;
      if (landing) void navigate(landing);
    },
    [close, navigate, next],
  );
  // Spec §2: 'Got it!' goes to /account, unless the guest had asked for a page (then there).
  const finishSignUp = useCallback(() => {
    close();
    void navigate(next ?? paths.account());
  }, [close, navigate, next]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = focusableIn(dialog.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const view = { titleId, onModeChange: setMode, onClose: close, onSignedIn: signedIn, note };
  return createPortal(
    <div
      className="auth-modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div
        ref={dialog}
        className="auth-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={note?.id}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <button type="button" className="auth-modal-close" aria-label="Close" onClick={close}>
          <span aria-hidden="true">×</span>
        </button>
        {mode === 'signin' && <SignInForm key="signin" {...view} />}
        {mode === 'signup' && <SignUpForm key="signup" {...view} onDone={finishSignUp} />}
        {mode === 'reset' && <ResetRequestForm key="reset" {...view} />}
      </div>
    </div>,
    document.body,
  );
}
