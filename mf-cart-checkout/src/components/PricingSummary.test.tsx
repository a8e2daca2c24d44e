import { render, screen } from '@testing-library/react';
import type { PaymentBreakdown } from '@grocer/shared';
import { PricingSummary } from './PricingSummary.tsx';

// What the API prices for a $20.00 cart in Illinois with $15.00 of delivery (api/src/services/pricing.ts):
// tax 6.25 %, service fee 5 % with a $2.00 minimum, processing 2.9 % + $0.30 of everything else.
const pricing: PaymentBreakdown = {
  subtotal: 20,
  tax: 1.25,
  platformServiceFee: 2,
  serviceFee: 2,
  displayServiceFee: 3.41,
  deliveryFee: 15,
  paymentProcessingFee: 1.41,
  total: 39.66,
};

const dollars = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

describe('PricingSummary', () => {
  it('shows the four lines the shopper pays, which add up to the total', () => {
    render(<PricingSummary subtotalCents={2000} pricing={pricing} />);
    const rows = screen.getAllByRole('term');
    expect(rows.map((term) => term.textContent)).toEqual(['Subtotal', 'Tax', 'Service Fee', 'Delivery Fee', 'Total']);

    // Processing is inside the displayed service fee, never a line of its own, or it would be counted twice.
    const amounts = rows.map((term) => dollars(term.nextElementSibling!.textContent!));
    const total = amounts.pop()!;
    expect(amounts.reduce((sum, cents) => sum + cents, 0)).toBe(total);
    expect(screen.getByText('$3.41')).toBeInTheDocument();
  });

  it('shows the subtotal alone while pricing loads', () => {
    render(<PricingSummary subtotalCents={2000} pricing={null} loading />);
    expect(screen.getByText('$20.00')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Calculating totals...');
    expect(screen.queryByText('Total')).not.toBeInTheDocument();
  });
});
