// Minus / value / plus for how many to add (spec §5: quantities are whole and never below 1), the plus
// stopping at the stock the API reports (never more than the shelf holds).
import { MIN_QUANTITY } from '@grocer/shared';

export interface QuantityStepperProps {
  label: string;
  value: number;
  onChange: (quantity: number) => void;
  /** On hand (the product's stockQuantity); no limit when the API did not say. */
  max?: number;
}

export function QuantityStepper({ label, value, onChange, max }: QuantityStepperProps) {
  const atMax = max !== undefined && value >= max;
  return (
    <div className="quantity-stepper" role="group" aria-label={label}>
      <button
        type="button"
        className="btn quantity-stepper-button"
        aria-label="Decrease quantity"
        disabled={value <= MIN_QUANTITY}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <output className="quantity-stepper-value" aria-live="polite">
        {value}
      </output>
      <button
        type="button"
        className="btn quantity-stepper-button"
        aria-label="Increase quantity"
        disabled={atMax}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  );
}
