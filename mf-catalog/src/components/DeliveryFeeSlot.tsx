// Where a store's delivery fee goes (home store cards, store banner): only for a signed-in shopper with
// a complete address, whose slot is there from the first render, so the fee arriving moves nothing.
import { lazy, Suspense } from 'react';
import { isAddressComplete, selectUser, useAppSelector, type Address } from '@grocer/shared';
import type { DeliveryFeeProps } from './DeliveryFee.tsx';

const DeliveryFee = lazy(() => import('./DeliveryFee.tsx'));

/** The shopper's address when fees can be computed for it (spec §5), else null: visitors see nothing new. */
export function useFeeAddress(): Address | null {
  const address = useAppSelector(selectUser)?.address;
  return address && isAddressComplete(address) ? address : null;
}

export function DeliveryFeeSlot(props: DeliveryFeeProps) {
  return (
    <Suspense fallback={null}>
      <DeliveryFee {...props} />
    </Suspense>
  );
}
