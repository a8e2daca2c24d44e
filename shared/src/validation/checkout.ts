// Checkout step 1 (spec §5): phone required; the read-only address fields must be filled, and
// since they come from the account the message sends the shopper there.
import type { DeliveryInfo } from '../contracts/entities.ts';
import { collectErrors, validateRequired, type FieldValue, type FormErrors } from './form.ts';
import { VALIDATION_MESSAGES } from './messages.ts';

type CheckedField = 'phone' | 'address' | 'city' | 'state' | 'zipCode';

/** The step 1 form: a DeliveryInfo (or any part of one) holding at least the checked fields. */
export type CheckoutDeliveryValues = Record<CheckedField, FieldValue> & Partial<Record<keyof DeliveryInfo, FieldValue>>;

// The common ways of writing a US number: (312) 555-0142, 312-555-0142, 312.555.0142, 3125550142,
// each with an optional +1 or 1 in front.
const US_PHONE = /^(?:\+?1[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}$/;

/** The number's 10 digits, or null when it is not a US number (area code and exchange never start with 0 or 1). */
function usPhoneDigits(value: string): string | null {
  const text = value.trim();
  if (!US_PHONE.test(text)) return null;
  const digits = text.replace(/\D/g, '').slice(-10);
  return /^[2-9]\d{2}[2-9]/.test(digits) ? digits : null;
}

/** 'Phone number is required' when empty; a clear message when it is not a 10-digit US number. */
export function validatePhone(value: FieldValue): string | undefined {
  return (
    validateRequired(value, VALIDATION_MESSAGES.phoneRequired) ?? (usPhoneDigits(value!) ? undefined : VALIDATION_MESSAGES.phoneInvalid)
  );
}

/** The stored form of a valid number: 312-555-0142. Call after validatePhone passed. */
export function normalizePhone(value: string): string {
  const digits = usPhoneDigits(value);
  if (!digits) throw new Error('normalizePhone: not a US phone number');
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
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
