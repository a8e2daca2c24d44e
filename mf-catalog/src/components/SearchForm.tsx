// The search field and its button, on the search page and in a store's sidebar. The field follows `q`
// in the URL (Back/Forward change it), and a submit hands over the trimmed text.
import { useId, type FormEvent, type ReactNode } from 'react';
import './SearchForm.css';

export interface SearchFormProps {
  className: string;
  label: string;
  /** The label is read, not shown (the page's heading already says what the field searches). */
  hideLabel?: boolean;
  placeholder: string;
  q: string;
  /** Wraps the field and its button, for layouts that put something else on the form's own row. */
  rowClassName?: string;
  onSearch: (text: string) => void;
  /** After the field: links that belong to the search (Clear search). */
  children?: ReactNode;
}

export function SearchForm({ className, label, hideLabel, placeholder, q, rowClassName, onSearch, children }: SearchFormProps) {
  const inputId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('q') ?? '').trim());
  };
  const field = (
    <>
      {/* key: Back/Forward change q in the URL; the field follows it. */}
      <input key={q} id={inputId} name="q" type="search" defaultValue={q} placeholder={placeholder} autoComplete="off" />
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </>
  );
  return (
    <form role="search" className={className} aria-labelledby={`${inputId}-label`} onSubmit={submit}>
      <label id={`${inputId}-label`} htmlFor={inputId} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {rowClassName ? <div className={rowClassName}>{field}</div> : field}
      {children}
    </form>
  );
}
