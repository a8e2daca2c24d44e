import type { DeliveryInfo } from '../contracts/entities.ts';
import { validateCheckoutDeliveryForm, validatePhone } from './checkout.ts';

const info: DeliveryInfo = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '512-555-0100',
  address: '1 Main St',
  apartment: '',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  deliveryInstructions: '',
};

describe('validatePhone', () => {
  it('requires a phone number', () => {
    expect(validatePhone('')).toBe('Phone number is required');
    expect(validatePhone('  ')).toBe('Phone number is required');
    expect(validatePhone('512-555-0100')).toBeUndefined();
  });
});

describe('validateCheckoutDeliveryForm', () => {
  it('passes a complete delivery info (apartment and instructions optional)', () => {
    expect(validateCheckoutDeliveryForm(info)).toEqual({});
  });

  it('sends the shopper to Account settings for each missing address field', () => {
    const message = 'Please update your address in Account settings first';
    expect(validateCheckoutDeliveryForm({ ...info, phone: '', address: '', city: '', state: ' ', zipCode: '' })).toEqual({
      phone: 'Phone number is required',
      address: message,
      city: message,
      state: message,
      zipCode: message,
    });
  });
});
