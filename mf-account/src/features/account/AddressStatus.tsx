// What the server thinks of the saved address (hasValidAddress / hasInvalidAddress), in the words
// the checkout guard uses (spec §2 Checkout guard), so the shopper knows what to fix here.
// A ZIP that is not of the address's city and state is named here with the field to fix.
import { isAddressComplete, Notice, type ProfileResponse, type User } from '@grocer/shared';

const FIELD_NAMES = { city: 'city', state: 'state', zip: 'ZIP code' } as const;

export function AddressStatus({ user, mismatch = null }: { user: User; mismatch?: ProfileResponse['addressMismatch'] }) {
  if (user.hasInvalidAddress) {
    return (
      <Notice kind="warning" className="address-status">
        <h3>Address Validation Required</h3>
        <p>We could not validate your delivery address. Please check it and save it again:</p>
        {mismatch && (
          <p>
            <strong>{mismatch.message}</strong>: check the {FIELD_NAMES[mismatch.field]}.
          </p>
        )}
        <ul>
          <li>Check the spelling of the street, city and state</li>
          <li>Add an apartment or unit number if you have one</li>
          <li>Make sure the address exists</li>
        </ul>
      </Notice>
    );
  }
  if (!isAddressComplete(user.address)) {
    return (
      <Notice kind="info" className="address-status">
        <p>Add your delivery address to be able to check out.</p>
      </Notice>
    );
  }
  if (user.hasValidAddress) {
    return (
      <p className="address-status">
        <span className="badge badge-ok">Address verified</span>
      </p>
    );
  }
  return (
    <p className="address-status">
      <span className="badge">Address not yet validated</span>
    </p>
  );
}
