// A labelled password input of the store side's forms (the invitation's new password, the account's
// password change): the fields differ only in their label, what the browser may fill, and what
// describes them (a rule hint, an error).
import type { InputHTMLAttributes, ReactNode } from 'react';

type PasswordFieldProps = Pick<InputHTMLAttributes<HTMLInputElement>, 'aria-describedby' | 'aria-invalid'> & {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** 'new-password' unless the field asks for the one in use. */
  autoComplete?: 'new-password' | 'current-password';
  children?: ReactNode;
};

export function PasswordField({ id, label, value, onChange, autoComplete = 'new-password', children, ...described }: PasswordFieldProps) {
  return (
    <div className="ops-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...described}
      />
      {children}
    </div>
  );
}
