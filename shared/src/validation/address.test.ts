import { isAddressComplete, validateAddressForm } from './address.ts';

const full = { streetName: '1 Main St', apartmentName: '', city: 'Austin', state: 'TX', zip: '78701' };

describe('isAddressComplete', () => {
  it('needs street name, city, state and zip', () => {
    expect(isAddressComplete(full)).toBe(true);
    expect(isAddressComplete({ ...full, apartmentName: undefined })).toBe(true);
    for (const field of ['streetName', 'city', 'state', 'zip'] as const) {
      expect(isAddressComplete({ ...full, [field]: '' })).toBe(false);
      expect(isAddressComplete({ ...full, [field]: '   ' })).toBe(false);
      expect(isAddressComplete({ ...full, [field]: null })).toBe(false);
    }
  });

  it('is false without an address', () => {
    expect(isAddressComplete(null)).toBe(false);
    expect(isAddressComplete(undefined)).toBe(false);
    expect(isAddressComplete({})).toBe(false);
  });
});

describe('validateAddressForm', () => {
  it('requires street name, city, state and zip; apartment is optional', () => {
    expect(validateAddressForm({ streetName: '', city: ' ', state: null, zip: undefined })).toEqual({
      streetName: 'Street name is required',
      city: 'City is required',
      state: 'State is required',
      zip: 'ZIP code is required',
    });
    expect(validateAddressForm(full)).toEqual({});
  });

  it('requires names only when they are shown', () => {
    expect(validateAddressForm({ ...full, firstName: '', lastName: '' })).toEqual({});
    expect(validateAddressForm({ ...full, firstName: '', lastName: ' ' }, { requireNames: true })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
    expect(validateAddressForm({ ...full, firstName: 'Ann', lastName: 'Lee' }, { requireNames: true })).toEqual({});
  });
});
