// Spec §4 Add-to-cart button: 'Add to Cart' → 'Adding...' (~300 ms) → 'Added!' (2000 ms) → 'In Cart'
// while the product is in the shared cart. Out-of-stock products get no button (ProductCard).
import { useState } from 'react';
import { addToCart, CONSTANTS, selectIsInCart, useAppDispatch, useAppSelector, type Product, useTimers } from '@grocer/shared';

type Phase = 'idle' | 'adding' | 'added';

const LABELS: Record<Phase, string> = { idle: 'Add to Cart', adding: 'Adding...', added: 'Added!' };

export interface AddToCartButtonProps {
  product: Product;
  describedBy?: string;
  /** How many to add (the product page's stepper); 1 on cards. */
  quantity?: number;
}

export function AddToCartButton({ product, describedBy, quantity }: AddToCartButtonProps) {
  const dispatch = useAppDispatch();
  const inCart = useAppSelector((state) => selectIsInCart(state, product.uuid));
  const [phase, setPhase] = useState<Phase>('idle');
  const { schedule } = useTimers();

  const add = () => {
    if (phase !== 'idle') return;
    // The shared thunk refuses duplicates with its own 'already in your cart' toast; only a real add animates.
    if (dispatch(addToCart(product, quantity)) !== 'added') return;
    setPhase('adding');
    schedule(() => {
      setPhase('added');
      schedule(() => setPhase('idle'), CONSTANTS.ADDED_STATE_MS);
    }, CONSTANTS.ADD_ANIMATION_MS);
  };

  const label = phase === 'idle' && inCart ? 'In Cart' : LABELS[phase];
  return (
    <button
      type="button"
      className={`btn ${phase === 'idle' && !inCart ? 'btn-primary' : 'btn-outline'} add-to-cart`}
      data-phase={phase === 'idle' && inCart ? 'in-cart' : phase}
      aria-describedby={describedBy}
      aria-busy={phase === 'adding' || undefined}
      onClick={add}
    >
      {label}
    </button>
  );
}
