// The booked delivery window of each store part, in the store's time zone (US format):
// "Loop Provisions: Mon, Nov 30, 11:00 AM – 1:00 PM". Nothing for orders from before windows.
import { useId } from 'react';
import { formatUsDay, formatWindowTimes, type BookedWindowJson } from '@grocer/shared';

export const windowText = (w: BookedWindowJson) =>
  `${formatUsDay(w.startsAt, { timeZone: w.timeZone })}, ${formatWindowTimes(w.startsAt, w.endsAt, w.timeZone)}`;

/** The list alone (the history card puts it among its facts). */
export function DeliveryWindowList({ windows }: { windows: BookedWindowJson[] }) {
  return (
    <ul className="delivery-windows" aria-label="Delivery windows">
      {windows.map((w) => (
        <li key={w.storeUuid}>
          <span className="delivery-window-store">{w.storeName}:</span> {windowText(w)}
        </li>
      ))}
    </ul>
  );
}

export function DeliveryWindows({ windows }: { windows: BookedWindowJson[] | undefined }) {
  const headingId = useId();
  if (!windows || windows.length === 0) return null;
  return (
    <section className="card order-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Delivery Windows</h2>
      <DeliveryWindowList windows={windows} />
    </section>
  );
}
