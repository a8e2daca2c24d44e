// The delivery address form (spec §2 Account, §5): street name, city, state and zip required,
// apartment optional; first and last name only while missing, then locked (the server refuses to
// change them). Checked on blur and on submit, like every form of this remote.
import { useState } from 'react';
import { apiErrorMessage, isBlank, Notice, type NoticeKind, type ProfileResponse, type User, validateAddressForm } from '@grocer/shared';
import { FormField } from '../../components/FormField.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useAccountSaveAddressMutation } from '../../lib/accountApi.ts';
import { useValidatedForm } from '../../lib/useValidatedForm.ts';

export const ADDRESS_SAVED = 'Delivery address updated successfully!';
export const PROFILE_AND_ADDRESS_SAVED = 'Profile information and delivery address updated successfully!';
export const ADDRESS_FAILED = 'Failed to update address';
/**
 * Saved, yet flagged invalid: the spec's text stays (it was saved), as a warning with what to fix, since a
 * green "updated successfully" alone beside the field's error would say all is fine.
 */
export const addressNotValidated = (mismatch: AddressMismatch) =>
  `It could not be validated${mismatch ? `: ${mismatch.message}` : ''}. Please correct it and save again.`;

/** The save's answer is shared with the page (its status notice) under this key. */
export const SAVE_ADDRESS_KEY = 'account-address';

type Field = 'firstName' | 'lastName' | 'streetName' | 'apartmentName' | 'city' | 'state' | 'zip';

/** Which saved field disagrees with the ZIP directory ('62701 is in Springfield, IL'), if any. */
export type AddressMismatch = ProfileResponse['addressMismatch'];

export function AddressForm({ user, mismatch = null }: { user: User; mismatch?: AddressMismatch }) {
  const [saveAddress, { isLoading }] = useAccountSaveAddressMutation({ fixedCacheKey: SAVE_ADDRESS_KEY });
  const [outcome, setOutcome] = useState<{ kind: NoticeKind; message: string; detail?: string } | null>(null);
  const needsFirstName = isBlank(user.firstName);
  const needsLastName = isBlank(user.lastName);
  const address = user.address;
  const form = useValidatedForm<Field>(
    {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      streetName: address?.streetName ?? '',
      apartmentName: address?.apartmentName ?? '',
      city: address?.city ?? '',
      state: address?.state ?? '',
      zip: address?.zip ?? '',
    },
    (values) => {
      const errors = validateAddressForm(values, { requireNames: true });
      // Only the names still missing are on the form.
      if (!needsFirstName) delete errors.firstName;
      if (!needsLastName) delete errors.lastName;
      return errors;
    },
  );

  const submit = async (values: Record<Field, string>) => {
    setOutcome(null);
    const savesNames = needsFirstName || needsLastName;
    try {
      const saved = await saveAddress({
        firstName: needsFirstName ? values.firstName.trim() : (user.firstName ?? ''),
        lastName: needsLastName ? values.lastName.trim() : (user.lastName ?? ''),
        streetName: values.streetName.trim(),
        apartmentName: values.apartmentName.trim(),
        city: values.city.trim(),
        state: values.state.trim(),
        zip: values.zip.trim(),
      }).unwrap();
      const message = savesNames ? PROFILE_AND_ADDRESS_SAVED : ADDRESS_SAVED;
      setOutcome(
        saved.hasInvalidAddress
          ? { kind: 'warning', message, detail: addressNotValidated(saved.addressMismatch) }
          : { kind: 'success', message },
      );
    } catch (error) {
      setOutcome({ kind: 'error', message: apiErrorMessage(error, ADDRESS_FAILED) });
    }
  };

  // The server's word on the saved address, on the field that disagrees, until that field is changed.
  const disagreement = (name: 'city' | 'state' | 'zip') =>
    mismatch?.field === name && form.values[name].trim() === (address?.[name] ?? '').trim() ? mismatch.message : undefined;
  const withMismatch = (name: 'city' | 'state' | 'zip') => {
    const props = form.field(name);
    return { ...props, error: props.error ?? disagreement(name) };
  };

  return (
    <form className="form-stack address-form" noValidate onSubmit={form.handleSubmit(submit)}>
      {needsFirstName || needsLastName ? (
        <fieldset className="address-names">
          <legend>Your name</legend>
          <p className="form-hint">Your name can be entered once; it cannot be changed after it is saved.</p>
          <div className="form-row">
            {needsFirstName && <FormField label="First Name" autoComplete="given-name" {...form.field('firstName')} />}
            {needsLastName && <FormField label="Last Name" autoComplete="family-name" {...form.field('lastName')} />}
          </div>
        </fieldset>
      ) : (
        <p className="address-name-locked">
          Deliver to <strong>{`${user.firstName} ${user.lastName}`}</strong>
        </p>
      )}
      <FormField label="Street Name" autoComplete="address-line1" {...form.field('streetName')} />
      <FormField label="Apartment (optional)" autoComplete="address-line2" {...form.field('apartmentName')} />
      <div className="form-row">
        <FormField label="City" autoComplete="address-level2" {...withMismatch('city')} />
        <FormField label="State" autoComplete="address-level1" {...withMismatch('state')} />
        <FormField label="ZIP Code" autoComplete="postal-code" inputMode="numeric" {...withMismatch('zip')} />
      </div>
      {outcome && (
        <Notice kind={outcome.kind}>
          {outcome.detail ? (
            <>
              <p>{outcome.message}</p>
              <p>{outcome.detail}</p>
            </>
          ) : (
            outcome.message
          )}
        </Notice>
      )}
      <div className="form-actions">
        <SubmitButton className="btn btn-primary" disabled={form.hasVisibleErrors || isLoading}>
          {isLoading ? 'Saving...' : 'Save Address'}
        </SubmitButton>
      </div>
    </form>
  );
}
