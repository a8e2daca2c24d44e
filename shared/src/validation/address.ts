// The account's delivery address form (spec §5): street name, city, state and zip required,
// apartment optional; first and last name required only while the form shows them.
import type { Address } from '../contracts/entities.ts';
import { collectErrors, isBlank, validateRequired, type FieldValue, type FormErrors } from './form.ts';
import { VALIDATION_MESSAGES } from './messages.ts';

export interface AddressFormValues {
  firstName?: FieldValue;
  lastName?: FieldValue;
  streetName: FieldValue;
  apartmentName?: FieldValue;
  city: FieldValue;
  state: FieldValue;
  zip: FieldValue;
}

export interface AddressFormOptions {
  /** Names are shown (and so required) only while the account has none saved. */
  requireNames?: boolean;
}

/** Complete only if street name, city, state and zip are all present (non-blank). */
export function isAddressComplete(address: Partial<Record<keyof Address, FieldValue>> | null | undefined): boolean {
  if (!address) return false;
  return !isBlank(address.streetName) && !isBlank(address.city) && !isBlank(address.state) && !isBlank(address.zip);
}

export function validateAddressForm(values: AddressFormValues, options: AddressFormOptions = {}): FormErrors<keyof AddressFormValues> {
  const names = options.requireNames === true;
  return collectErrors<keyof AddressFormValues>([
    ['firstName', names ? validateRequired(values.firstName, VALIDATION_MESSAGES.firstNameRequired) : undefined],
    ['lastName', names ? validateRequired(values.lastName, VALIDATION_MESSAGES.lastNameRequired) : undefined],
    ['streetName', validateRequired(values.streetName, VALIDATION_MESSAGES.streetNameRequired)],
    ['city', validateRequired(values.city, VALIDATION_MESSAGES.cityRequired)],
    ['state', validateRequired(values.state, VALIDATION_MESSAGES.stateRequired)],
    ['zip', validateRequired(values.zip, VALIDATION_MESSAGES.zipRequired)],
  ]);
}
