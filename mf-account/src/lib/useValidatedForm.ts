// Form state with the spec's validation timing (§5): a field is checked when it loses focus and,
// from then on, as it changes; every field is checked on submit. Errors are derived from the values,
// so they are never stale, and a form shows only the errors of fields the shopper has reached.
import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import { hasErrors, type FormErrors } from '@grocer/shared';

export function useValidatedForm<F extends string>(initial: Record<F, string>, validate: (values: Record<F, string>) => FormErrors<F>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const allErrors = validate(values);
  const errors: FormErrors<F> = {};
  for (const name of Object.keys(allErrors) as F[]) {
    if (submitted || touched[name]) errors[name] = allErrors[name];
  }

  const setValue = useCallback((name: F, value: string) => setValues((current) => ({ ...current, [name]: value })), []);

  /** Props for an input bound to `name`. */
  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValue(name, event.target.value),
    onBlur: () => setTouched((current) => (current[name] ? current : { ...current, [name]: true })),
  });

  /**
   * The form's onSubmit: shows every error and focuses the first field to fix, or, when there is
   * none, calls `onValid` with the values and the form element.
   */
  const handleSubmit =
    (onValid: (values: Record<F, string>, form: HTMLFormElement) => void | Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setSubmitted(true);
      const invalid = Object.keys(allErrors);
      if (invalid.length > 0) {
        focusFirstInvalid(event.currentTarget, invalid);
        return;
      }
      void onValid(values, event.currentTarget);
    };

  return { values, errors, hasVisibleErrors: hasErrors(errors), field, setValue, handleSubmit };
}

/** Moves focus to the first of the named fields that the form has: the first to fix, or one the server blamed. */
export function focusFirstInvalid(form: HTMLFormElement | null, names: readonly string[]): void {
  for (const name of names) {
    const element = form?.elements.namedItem(name);
    if (element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}
