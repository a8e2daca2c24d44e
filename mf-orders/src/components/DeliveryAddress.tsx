// Where the order goes: name, street, apartment, city/state/postal code, phone and instructions,
// or 'Delivery information not available'.
import { useId } from 'react';
import type { AddressLines } from '../lib/deliveryAddress.ts';
import { NO_DELIVERY_INFO } from '../lib/orderText.ts';
import './orders.css';

export function DeliveryAddress({ address, heading = 'Delivery Address' }: { address: AddressLines | null; heading?: string }) {
  const headingId = useId();
  return (
    <section className="card order-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {address ? (
        <address className="order-address">
          {address.name && <span className="order-address-name">{address.name}</span>}
          {address.line1 && <span>{address.line1}</span>}
          {address.apartment.trim() && <span>{address.apartment}</span>}
          {address.cityStatePostal && <span>{address.cityStatePostal}</span>}
          {address.phone.trim() && <span>Phone: {address.phone}</span>}
          {address.instructions.trim() && <span>Instructions: {address.instructions}</span>}
        </address>
      ) : (
        <p>{NO_DELIVERY_INFO}</p>
      )}
    </section>
  );
}
