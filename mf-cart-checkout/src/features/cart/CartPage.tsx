// The cart (spec §2 Cart, §4 Cart and Cart checkout gate): lines grouped by store with quantity
// controls and per-store delivery fees, the pricing summary (subtotal only for visitors) and the gate.
// Out-of-stock lines are pruned 100 ms after the page opens.
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { paths, selectCartCount, selectCartItems, selectUser, storeRulesApi, useAppSelector, type PageDataLoader } from '@grocer/shared';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PricingSummary } from '../../components/PricingSummary.tsx';
import { StoreDeliveryFee } from '../../components/StoreDeliveryFee.tsx';
import { StoreRuleNotes } from '../../components/StoreRuleNotes.tsx';
import { plural } from '../../lib/cartWords.ts';
import { groupByStore } from '../../lib/groupByStore.ts';
import { useCartPricing } from '../../lib/useCartPricing.ts';
import { useStockRefreshOnMount } from '../../lib/useStockRefresh.ts';
import { CartGate } from './CartGate.tsx';
import { CartLine } from './CartLine.tsx';
import { useRememberedSubstitutions } from './useRememberedSubstitutions.ts';
import '../../components/cartCheckout.css';
import './CartPage.css';
import { PageHead } from '@grocer/shared/head';

/** Fees are computed only with a complete address (spec §5); until then the cart says what is missing. */
export const ADD_ADDRESS_NOTE = 'Delivery fee: add your address';

/**
 * Awaited by the shell before the page's first render when that render replaces the page's first
 * screen (cartFirstScreen.ts): the stores' rules the minimum-order notes come from, which the first
 * screen drew from the same answer, so no note appears after the page took over and pushes the
 * stores below it down. An empty cart shows no notes, and waits for nothing.
 */
export const loadPageData: PageDataLoader = async (_location, dispatch) => {
  if (!dispatch((_, getState) => selectCartItems(getState()).length > 0)) return;
  const rules = dispatch(storeRulesApi.endpoints.storeRules.initiate());
  try {
    await rules;
  } finally {
    rules.unsubscribe();
  }
};

export default function CartPage() {
  const items = useAppSelector(selectCartItems);
  const count = useAppSelector(selectCartCount);
  const user = useAppSelector(selectUser);
  const summaryId = useId();
  const groups = useMemo(() => groupByStore(items), [items]);
  const { subtotalCents, fees, pricing, pricingLoading, needsAddress, problems } = useCartPricing(items, user);
  useStockRefreshOnMount();
  useRememberedSubstitutions(items, user);

  return (
    <section className="page cart-page" data-keep-clear>
      <PageHead title="Your cart" description="The groceries in your Grocer cart, grouped by store, with delivery fees." noindex />
      <PageHeader heading="Cart">{items.length > 0 ? `${plural(count, 'item')} from ${plural(groups.length, 'store')}` : null}</PageHeader>
      {items.length === 0 ? (
        <div className="cart-empty">
          <h2>Your cart is empty</h2>
          <p>Browse our partner stores and add your groceries here.</p>
          <Link to={paths.home()} className="btn btn-primary">
            Start Shopping
          </Link>
        </div>
      ) : (
        <div className="summary-layout">
          <div className="cart-stores">
            {groups.map((group) => (
              <section key={group.storeUuid} className="panel cart-store" aria-labelledby={`${summaryId}-${group.storeUuid}`}>
                <h2 id={`${summaryId}-${group.storeUuid}`}>{group.storeName}</h2>
                <ul className="cart-lines">
                  {group.items.map((item) => (
                    <CartLine key={item.uuid} item={item} />
                  ))}
                </ul>
                <StoreDeliveryFee fee={fees?.deliveryFees[group.storeUuid]} />
                <StoreRuleNotes group={group} problems={problems} />
              </section>
            ))}
          </div>
          <aside className="card summary-card summary-aside" aria-labelledby={summaryId}>
            <h2 id={summaryId}>Order Summary</h2>
            <PricingSummary
              subtotalCents={subtotalCents}
              pricing={pricing}
              loading={pricingLoading}
              note={user ? undefined : 'Delivery fees, tax and the total are shown once you sign in.'}
            />
            {/* A visitor is asked to sign in first (the note above): an address is added once signed in. */}
            {user && needsAddress && <p className="pricing-note">{ADD_ADDRESS_NOTE}</p>}
            <CartGate user={user} problems={problems} />
          </aside>
        </div>
      )}
    </section>
  );
}
