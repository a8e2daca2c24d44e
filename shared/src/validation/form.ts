// Helpers every form validator uses: the errors map shape, blank checks and the first error.

/** A form's errors by field; a field without an error is absent. */
export type FormErrors<F extends string> = Partial<Record<F, string>>;

/** What a form field may hold before it is filled in. */
export type FieldValue = string | null | undefined;

/** True for missing values and whitespace-only text. */
export function isBlank(value: FieldValue): boolean {
  return value == null || value.trim() === '';
}

/** `message` when the value is blank, else undefined. */
export function validateRequired(value: FieldValue, message: string): string | undefined {
  return isBlank(value) ? message : undefined;
}

/** Builds an errors map from [field, error] pairs, keeping the pairs' order (the spec's order). */
export function collectErrors<F extends string>(checks: ReadonlyArray<readonly [F, string | undefined]>): FormErrors<F> {
  const errors: FormErrors<F> = {};
  for (const [field, error] of checks) {
    if (error !== undefined) errors[field] = error;
  }
  return errors;
}

export function hasErrors(errors: FormErrors<string>): boolean {
  return Object.values(errors).some((error) => error !== undefined);
}

/** The first error in spec order (maps from this module's validators keep that order). */
export function firstError(errors: FormErrors<string>): string | undefined {
  return Object.values(errors).find((error) => error !== undefined);
}
