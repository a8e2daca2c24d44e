// Which store a screen shows: a select for admins (every store, and "All stores" where allowed),
// the store's name for staff, who belong to one.
import { useId } from 'react';
import type { StoreChoice } from '../lib/opsScope.ts';
import { OPS_TEXT } from '../lib/opsText.ts';

export function StorePicker({ choice, allowAll = false }: { choice: StoreChoice; allowAll?: boolean }) {
  const id = useId();
  if (!choice.me) return null;
  if (!choice.isAdmin) {
    return (
      <p className="ops-store-name">
        <span className="ops-muted">{OPS_TEXT.common.store}: </span>
        <strong>{choice.store?.name}</strong>
      </p>
    );
  }
  return (
    <div className="ops-field">
      <label htmlFor={id}>{OPS_TEXT.common.store}</label>
      <select id={id} value={choice.store?.uuid ?? ''} onChange={(event) => choice.choose(event.target.value)}>
        {allowAll && <option value="">{OPS_TEXT.common.allStores}</option>}
        {choice.me.stores.map((store) => (
          <option key={store.uuid} value={store.uuid}>
            {store.name}
          </option>
        ))}
      </select>
    </div>
  );
}
