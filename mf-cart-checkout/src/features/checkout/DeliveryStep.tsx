// Checkout step 1 'Delivery Info' (spec §2, §5): the account's name, email and address read-only (with
// 'Edit Address' to /account), phone (required) and delivery instructions editable.
import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { focusOnMount, paths, validatePhone, type DeliveryInfo, type FormErrors } from '@grocer/shared';
import type { EditableField } from './deliveryInfo.ts';

export type DeliveryErrors = FormErrors<'phone' | 'address' | 'city' | 'state' | 'zipCode'>;

export interface DeliveryStepProps {
  info: DeliveryInfo;
  errors: DeliveryErrors;
  onChange: (field: EditableField, value: string) => void;
  /** Validates; true when the checkout moved on to payment. */
  onContinue: () => boolean;
  /** Focus the heading on mount (the shopper came back from step 2). */
  focusHeading?: boolean;
  /** 'Delivery time': a window per store, above the button. */
  deliveryTime?: ReactNode;
  /** Why the shopper cannot go on yet: a store without a held window. */
  deliveryTimeError?: string;
  /**
   * What payment would refuse, per store with its fix (StoreRuleNotes), and the reason read out with
   * the disabled 'Continue to Payment': no payment button while any of it stands.
   */
  storeProblems?: { notes: ReactNode; reason: string } | null;
}

function ReadOnlyField({ label, value, error, display }: { label: string; value: string; error?: string; display?: string }) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={display ?? value}
        readOnly
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function DeliveryStep({
  info,
  errors,
  onChange,
  onContinue,
  focusHeading = false,
  deliveryTime,
  deliveryTimeError,
  storeProblems = null,
}: DeliveryStepProps) {
  const phoneId = useId();
  const problemsId = useId();
  const instructionsId = useId();
  const phone = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!onContinue() && validatePhone(info.phone)) phone.current?.focus();
  };

  return (
    <form className="delivery-step card summary-card" onSubmit={submit} noValidate aria-labelledby="delivery-heading">
      <div className="step-heading">
        <h2 id="delivery-heading" tabIndex={-1} ref={focusHeading ? focusOnMount : undefined}>
          Delivery Info
        </h2>
        <Link to={paths.account()}>Edit Address</Link>
      </div>
      {/* First in the step: the shopper sees what stands in the way before filling anything in. */}
      {storeProblems && (
        <section className="checkout-store-problems" aria-labelledby={`${problemsId}-heading`}>
          <h3 id={`${problemsId}-heading`}>Before payment</h3>
          {storeProblems.notes}
        </section>
      )}
      <div className="checkout-grid">
        <ReadOnlyField label="First Name" value={info.firstName} />
        <ReadOnlyField label="Last Name" value={info.lastName} />
        <ReadOnlyField label="Email" value={info.email} />
        <ReadOnlyField label="Street Address" value={info.address} error={errors.address} />
        <ReadOnlyField label="Apartment" value={info.apartment} display={info.apartment.trim() ? info.apartment : 'Not specified'} />
        <ReadOnlyField label="City" value={info.city} error={errors.city} />
        <ReadOnlyField label="State" value={info.state} error={errors.state} />
        <ReadOnlyField label="ZIP Code" value={info.zipCode} error={errors.zipCode} />
      </div>
      <div className="form-field">
        <label htmlFor={phoneId}>Phone Number</label>
        <input
          ref={phone}
          id={phoneId}
          name="phone"
          type="tel"
          autoComplete="tel"
          required
          value={info.phone}
          onChange={(event) => onChange('phone', event.target.value)}
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={errors.phone ? `${phoneId}-error` : undefined}
        />
        {errors.phone && (
          <p id={`${phoneId}-error`} className="field-error">
            {errors.phone}
          </p>
        )}
      </div>
      <div className="form-field">
        <label htmlFor={instructionsId}>Delivery Instructions (optional)</label>
        <textarea
          id={instructionsId}
          name="deliveryInstructions"
          rows={3}
          value={info.deliveryInstructions}
          placeholder="Gate code, where to leave the bags..."
          onChange={(event) => onChange('deliveryInstructions', event.target.value)}
        />
      </div>
      {deliveryTime}
      {deliveryTimeError && (
        <p className="field-error" role="alert">
          {deliveryTimeError}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={storeProblems !== null}
        aria-describedby={storeProblems ? problemsId : undefined}
      >
        Continue to Payment
      </button>
      {/* Under the disabled button, where the shopper looks for why (as in the cart); the notes above
          already name each fix, so the box does not say it twice. */}
      {storeProblems && (
        <p id={problemsId} className="cart-gate-blocked">
          {storeProblems.reason}
        </p>
      )}
    </form>
  );
}
