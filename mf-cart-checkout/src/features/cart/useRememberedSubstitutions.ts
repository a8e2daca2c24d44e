// Prefills each cart line that has no 'If out of stock' choice yet with the one the signed-in shopper
// made last time for that product (remembered by the server from their orders and their changes).
import { useEffect } from 'react';
import { substitutionChosen, useAppDispatch, type CartItem, type User } from '@grocer/shared';
import { useCartSubstitutionPreferencesQuery } from './substitutionApi.ts';

export function useRememberedSubstitutions(items: CartItem[], user: User | null): void {
  const dispatch = useAppDispatch();
  const unset = items.some((item) => !item.substitution);
  const { data } = useCartSubstitutionPreferencesQuery(user?.uuid ?? '', { skip: !user || !unset });
  useEffect(() => {
    if (!data) return;
    const remembered = new Map(data.map((p) => [p.productId, p]));
    for (const item of items) {
      const preference = remembered.get(item.uuid);
      if (!item.substitution && preference) {
        dispatch(substitutionChosen({ uuid: item.uuid, substitution: { choice: preference.choice, substitute: preference.substitute } }));
      }
    }
  }, [data, items, dispatch]);
}
