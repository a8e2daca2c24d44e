// One select for sort + order (spec §2); the page maps the value to and from its URL.
import { useId } from 'react';
import type { SortOption } from '../lib/sortOptions.ts';
import './SortSelect.css';

export interface SortSelectProps<V extends string> {
  value: V;
  options: readonly SortOption<V>[];
  onChange: (value: V) => void;
  disabled?: boolean;
}

export function SortSelect<V extends string>({ value, options, onChange, disabled }: SortSelectProps<V>) {
  const id = useId();
  return (
    <div className="sort-select">
      <label htmlFor={id}>Sort by</label>
      <select id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value as V)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
