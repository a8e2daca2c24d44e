// Checkout step 1 (spec §5): phone required; the read-only address fields must be filled, and
// since they come from the account the message sends the shopper there.
import type { DeliveryInfo } from '../contracts/entities.ts';
import { collectErrors, validateRequired, type FieldValue, type FormErrors } from './form.ts';
import { VALIDATION_MESSAGES } from './messages.ts';

type CheckedField = 'phone' | 'address' | 'city' | 'state' | 'zipCode';

/** The step 1 form: a DeliveryInfo (or any part of one) holding at least the checked fields. */
export type CheckoutDeliveryValues = Record<CheckedField, FieldValue> & Partial<Record<keyof DeliveryInfo, FieldValue>>;

/** 'Phone number is required'. */
export function validatePhone(value: FieldValue): string | undefined {
  return validateRequired(value, VALIDATION_MESSAGES.phoneRequired);
}

/** Errors keyed by DeliveryInfo field: phone, then address (street), city, state, zipCode. */
export function validateCheckoutDeliveryForm(values: CheckoutDeliveryValues): FormErrors<CheckedField> {
  const missing = VALIDATION_MESSAGES.checkoutAddressMissing;
  return collectErrors<CheckedField>([
    ['phone', validatePhone(values.phone)],
    ['address', validateRequired(values.address, missing)],
    ['city', validateRequired(values.city, missing)],
    ['state', validateRequired(values.state, missing)],
    ['zipCode', validateRequired(values.zipCode, missing)],
  ]);
}
