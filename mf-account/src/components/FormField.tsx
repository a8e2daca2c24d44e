// A labelled input with its hint and error tied to it (aria-describedby), so a screen reader reads
// the rule and the error with the field. The error line keeps its space even when empty: a blur that
// reveals an error must not shift the buttons the shopper is about to click.
import { useId, type InputHTMLAttributes, type Ref } from 'react';
import './forms.css';

export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

export function FormField({ label, error, hint, id, className, ...input }: FormFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field${className ? ` ${className}` : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      )}
      {/* The error's line is always there, so an error appearing on blur moves nothing under the pointer. */}
      <p id={errorId} className="form-error">
        {error}
      </p>
    </div>
  );
}
