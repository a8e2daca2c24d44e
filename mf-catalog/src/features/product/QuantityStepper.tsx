// Minus / value / plus for how many to add (spec §5: quantities are whole and never below 1).
import { MIN_QUANTITY } from '@grocer/shared';

export function QuantityStepper({ label, value, onChange }: { label: string; value: number; onChange: (quantity: number) => void }) {
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
      <button type="button" className="btn quantity-stepper-button" aria-label="Increase quantity" onClick={() => onChange(value + 1)}>
        +
      </button>
    </div>
  );
}
