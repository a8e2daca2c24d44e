import type { DeliveryInfo } from '../contracts/entities.ts';
import { normalizePhone, validateCheckoutDeliveryForm, validatePhone } from './checkout.ts';

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

  it('accepts a 10-digit US number in the common formats and stores it as 312-555-0142', () => {
    for (const phone of [
      '(312) 555-0142',
      '312-555-0142',
      '312.555.0142',
      '3125550142',
      '+1 312 555 0142',
      '1-312-555-0142',
      ' (312)555-0142 ',
    ]) {
      expect(validatePhone(phone)).toBeUndefined();
      expect(normalizePhone(phone)).toBe('312-555-0142');
    }
  });

  it('says clearly when the number is not a US phone number', () => {
    const message = 'Please enter a 10-digit US phone number, e.g. (312) 555-0142';
    for (const phone of ['abc', '555-0142', '312-555-01425', '+44 20 7946 0958', '012-555-0142', '312-055-0142', '(312 555-0142x']) {
      expect(validatePhone(phone)).toBe(message);
    }
    expect(() => normalizePhone('abc')).toThrow();
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
