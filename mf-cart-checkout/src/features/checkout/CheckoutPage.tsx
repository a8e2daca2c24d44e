// Checkout (spec §2 Checkout and Checkout guard, §4 Checkout). The cart is in the store before the
// first render (decision 002), so the spec's 300 ms wait is gone: an empty cart redirects to /cart at
// once, unless an order was just placed. 'Loading...' shows while the profile is refreshed for the
// guard; then the guard, or the two steps beside the order summary.
import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  hasErrors,
  paths,
  selectCartItems,
  selectUser,
  useAppSelector,
  useSessionProfileQuery,
  validateCheckoutDeliveryForm,
  validatePhone,
} from '@grocer/shared';
import { PageHeader } from '../../components/PageHeader.tsx';
import { blockedReason, StoreRuleNotes } from '../../components/StoreRuleNotes.tsx';
import { checkoutBlocker } from '../../lib/eligibility.ts';
import { groupByStore } from '../../lib/groupByStore.ts';
import { useCartPricing } from '../../lib/useCartPricing.ts';
import { CheckoutGuard } from './CheckoutGuard.tsx';
import { deliveryInfoOf, type EditableField } from './deliveryInfo.ts';
import { DeliveryStep, type DeliveryErrors } from './DeliveryStep.tsx';
import { DeliveryTime } from './DeliveryTime.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { useCheckoutStep } from './checkoutStep.ts';
import { clearOrderPlaced, wasOrderJustPlaced } from './orderPlaced.ts';
import { PaymentStep } from './PaymentStep.tsx';
import '../../components/cartCheckout.css';
import './CheckoutPage.css';
import { PageHead } from '@grocer/shared/head';

const STEPS = ['Delivery Info', 'Payment'] as const;

function ProgressBar({ step }: { step: 1 | 2 }) {
  return (
    <ol className="checkout-progress" aria-label="Checkout progress">
      {STEPS.map((label, index) => {
        const number = index + 1;
        const state = number < step ? 'done' : number === step ? 'current' : 'todo';
        return (
          <li key={label} className={`progress-step progress-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="progress-number" aria-hidden="true">
              {number}
            </span>
            {label}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The two steps beside the summary, for the signed-in shopper and the cart in the store; exported for
 * tests, which reach step 1 validation past the guard.
 */
export function CheckoutSteps() {
  const user = useAppSelector(selectUser);
  const items = useAppSelector(selectCartItems);
  // The step is the URL's. After a reload, step 1's contact comes back from the Payment entry's state
  // (checkoutStep.ts); from then on what the shopper types is the contact, also when the browser goes
  // Back to step 1, changes it and Forward again. Payment needs a phone that passes step 1.
  const { asked, payment, toPayment, toDelivery } = useCheckoutStep();
  const [phone, setPhone] = useState(payment?.contact.phone ?? '');
  const [deliveryInstructions, setDeliveryInstructions] = useState(payment?.contact.deliveryInstructions ?? '');
  const step = payment && !validatePhone(phone) ? 2 : 1;
  const [errors, setErrors] = useState<DeliveryErrors>({});
  const [held, setHeld] = useState<Record<string, string>>({});
  const [windowError, setWindowError] = useState<string | undefined>();
  const onHeldChange = useCallback((next: Record<string, string>) => {
    setHeld(next);
    setWindowError(undefined);
  }, []);
  // Once the shopper moves between steps (buttons, or the browser's Back and Forward), the new step's
  // heading takes focus: the button that was pressed is gone with the old step, and focus would
  // otherwise drop to the top of the page.
  const [shownStep, setShownStep] = useState(step);
  const [moved, setMoved] = useState(false);
  if (shownStep !== step) {
    setShownStep(step);
    setMoved(true);
    // Spec §4: back on step 1, no errors from before.
    setErrors({});
  }
  // A Payment URL without step 1 (typed, opened in a new tab, or Forward after the phone was cleared):
  // step 1, and the URL says so.
  const lost = asked === 2 && step === 1;
  useEffect(() => {
    if (lost) toDelivery();
  }, [lost, toDelivery]);
  const groups = useMemo(() => groupByStore(items), [items]);
  const { subtotalCents, fees, pricing, pricingLoading, problems } = useCartPricing(items, user);
  // What payment would refuse, said in step 1 with each fix; step 2 offers no payment while it stands.
  const blocked = problems && problems.length > 0 ? problems : null;
  // The page shows the steps only to a signed-in shopper.
  if (!user) return null;
  const contact = { phone, deliveryInstructions };
  const info = deliveryInfoOf(user, contact);

  const onChange = (field: EditableField, value: string) => {
    if (field === 'phone') setPhone(value);
    else setDeliveryInstructions(value);
    // Spec §4: editing a field clears that field's error.
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field as keyof DeliveryErrors];
      return next;
    });
  };

  const onContinue = () => {
    const found = validateCheckoutDeliveryForm(info);
    setErrors(found);
    // The server refuses a store part without a held window; say so before PayPal opens.
    const unheld = groups.find((group) => !held[group.storeUuid]);
    setWindowError(unheld ? `Please pick a delivery time for ${unheld.storeName}.` : undefined);
    if (hasErrors(found) || unheld) return false;
    toPayment(contact);
    return true;
  };

  return (
    <>
      <ProgressBar step={step} />
      <div className="summary-layout">
        <div className="checkout-main">
          {step === 1 ? (
            <DeliveryStep
              info={info}
              errors={errors}
              onChange={onChange}
              onContinue={onContinue}
              focusHeading={moved}
              deliveryTime={<DeliveryTime stores={groups} onHeldChange={onHeldChange} />}
              deliveryTimeError={windowError}
              storeProblems={
                blocked && {
                  notes: groups.map((group) => <StoreRuleNotes key={group.storeUuid} group={group} problems={blocked} />),
                  reason: blockedReason(blocked),
                }
              }
            />
          ) : (
            <PaymentStep contact={contact} onBack={toDelivery} focusHeading={moved} blockedReason={blocked && blockedReason(blocked)} />
          )}
        </div>
        <OrderSummary groups={groups} fees={fees} subtotalCents={subtotalCents} pricing={pricing} pricingLoading={pricingLoading} />
      </div>
    </>
  );
}

export default function CheckoutPage() {
  const user = useAppSelector(selectUser);
  const items = useAppSelector(selectCartItems);
  const navigate = useNavigate();
  const profile = useSessionProfileQuery(user?.uuid ?? skipToken);
  const empty = items.length === 0;
  const justPlaced = empty && wasOrderJustPlaced();

  useEffect(() => {
    if (empty && !justPlaced) navigate(paths.cart(), { replace: true });
  }, [empty, justPlaced, navigate]);
  // The mark only covers the way from the emptied cart to the order page.
  useEffect(() => clearOrderPlaced, []);

  let content;
  if (empty || !user) {
    content = <p role="status">Redirecting...</p>;
  } else if (profile.isLoading) {
    content = <p role="status">Loading...</p>;
  } else {
    const blocker = checkoutBlocker(user);
    content = blocker ? <CheckoutGuard blocker={blocker} user={user} /> : <CheckoutSteps />;
  }

  return (
    // data-keep-clear: the shell's toasts keep off this page's buttons (shell.css).
    <section className="page checkout-page" data-keep-clear>
      <PageHead title="Checkout" noindex />
      <PageHeader heading="Checkout" />
      {content}
    </section>
  );
}
