import type { ButtonHTMLAttributes } from 'react';

/**
 * A form's submit button that does not take focus on press. Otherwise pressing it would first blur
 * the field being edited, whose blur check shows that field's error and disables this button before
 * the click lands, so the submit (which checks every field) would never run.
 */
export function SubmitButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'>) {
  return <button type="submit" onMouseDown={(event) => event.preventDefault()} {...props} />;
}
