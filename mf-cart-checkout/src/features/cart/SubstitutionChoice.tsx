// A cart line's 'If out of stock': best match (the default), a specific replacement picked from the
// same store's products of the same category, or don't replace (refunded). The choice lives on the
// cart line; for a signed-in shopper it is also remembered for their next orders.
import { useState } from 'react';
import {
  selectUser,
  substitutionChosen,
  useAppDispatch,
  useAppSelector,
  type CartItem,
  type Substitution,
  type SubstitutionChoice as Choice,
} from '@grocer/shared';
import { SUBSTITUTES_LOADING, SUBSTITUTION_LABELS } from './cartLineParts.ts';
import { useCartSaveSubstitutionMutation, useCartSubstitutesQuery } from './substitutionApi.ts';

export const NO_SUBSTITUTES = 'No other products of this kind are in stock at this store.';
export const SUBSTITUTES_FAILED = 'Could not load replacements. Please try again.';

export function SubstitutionChoice({ item }: { item: CartItem }) {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const [save] = useCartSaveSubstitutionMutation();
  const stored = item.substitution?.choice ?? 'BEST_MATCH';
  // SPECIFIC is only stored once a product is picked; until then the picker shows with the stored choice kept.
  const [picking, setPicking] = useState(false);
  const mode: Choice = picking ? 'SPECIFIC' : stored;
  const substitutes = useCartSubstitutesQuery(item.uuid, { skip: mode !== 'SPECIFIC' });

  const choose = (substitution: Substitution) => {
    dispatch(substitutionChosen({ uuid: item.uuid, substitution }));
    if (user) {
      // Remembering is a convenience: the order carries the choice whatever happens to this call.
      void save({
        productUuid: item.uuid,
        body: { choice: substitution.choice, substituteProductId: substitution.substitute?.uuid ?? null },
      });
    }
  };

  const onChoice = (value: Choice) => {
    if (value === 'SPECIFIC') {
      setPicking(true);
      return;
    }
    setPicking(false);
    choose({ choice: value, substitute: null });
  };

  const onSubstitute = (uuid: string) => {
    const product = substitutes.data?.find((p) => p.uuid === uuid);
    if (!product) return;
    setPicking(false);
    choose({ choice: 'SPECIFIC', substitute: { uuid: product.uuid, name: product.name } });
  };

  const current = item.substitution?.choice === 'SPECIFIC' ? (item.substitution.substitute?.uuid ?? '') : '';
  return (
    <div className="cart-line-substitution">
      <label>
        <span>If out of stock</span>
        <select value={mode} onChange={(e) => onChoice(e.target.value as Choice)} aria-label={`If ${item.name} is out of stock`}>
          {(Object.keys(SUBSTITUTION_LABELS) as Choice[]).map((choice) => (
            <option key={choice} value={choice}>
              {SUBSTITUTION_LABELS[choice]}
            </option>
          ))}
        </select>
      </label>
      {mode === 'SPECIFIC' &&
        (substitutes.isError ? (
          <p role="alert">{SUBSTITUTES_FAILED}</p>
        ) : substitutes.data && substitutes.data.length === 0 ? (
          <p>{NO_SUBSTITUTES}</p>
        ) : (
          <label>
            <span>Replace with</span>
            <select
              value={current}
              disabled={!substitutes.data}
              onChange={(e) => onSubstitute(e.target.value)}
              aria-label={`Replace ${item.name} with`}
            >
              <option value="" disabled>
                {substitutes.data ? 'Choose a product' : SUBSTITUTES_LOADING}
              </option>
              {/* The remembered one may have left the in-stock list since; it stays selectable as chosen. */}
              {current && !substitutes.data?.some((p) => p.uuid === current) && (
                <option value={current}>{item.substitution?.substitute?.name}</option>
              )}
              {substitutes.data?.map((p) => (
                <option key={p.uuid} value={p.uuid}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        ))}
    </div>
  );
}
