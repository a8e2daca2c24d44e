// Checkout step 1's 'Delivery time': for each store in the cart, its two-hour windows grouped by day
// (full ones shown, disabled). Choosing one holds it for 10 minutes on the server; the earliest open
// window is held by default, so a shopper who changes nothing still has a window per store.
import { useEffect, useId, useRef, useState } from 'react';
import { apiErrorMessage, formatUsDay, formatWindowTimes, Notice, type StoreWindowsJson } from '@grocer/shared';
import { useCheckoutDeliveryWindowsQuery, useCheckoutHoldWindowMutation } from './deliveryWindowsApi.ts';

export const WINDOWS_FAILED = 'Delivery times could not be loaded. Please try again.';
export const NO_WINDOWS = 'No delivery times are open in the next 7 days.';
export const HOLD_FAILED = 'That delivery time could not be held. Please pick another.';

export interface DeliveryTimeProps {
  stores: { storeUuid: string; storeName: string }[];
  /** The window each store holds now (store uuid → window start); a store without one is absent. */
  onHeldChange: (held: Record<string, string>) => void;
}

interface Day {
  label: string;
  windows: StoreWindowsJson['windows'];
}

function byDay(store: StoreWindowsJson): Day[] {
  const days: Day[] = [];
  for (const window of store.windows) {
    const label = formatUsDay(window.startsAt, { timeZone: store.timeZone });
    const last = days.at(-1);
    if (last?.label === label) last.windows.push(window);
    else days.push({ label, windows: [window] });
  }
  return days;
}

function StoreWindows({
  store,
  held,
  onPick,
  error,
}: {
  store: StoreWindowsJson;
  held: string | undefined;
  onPick: (startsAt: string) => void;
  error: string | undefined;
}) {
  const name = useId();
  const days = byDay(store);
  return (
    <fieldset className="delivery-time-store">
      <legend>{store.storeName}</legend>
      {error && <Notice kind="error">{error}</Notice>}
      {days.length === 0 && <p>{NO_WINDOWS}</p>}
      {days.map((day) => (
        <div key={day.label} className="delivery-time-day" role="group" aria-label={`${store.storeName}, ${day.label}`}>
          <p className="delivery-time-day-label">{day.label}</p>
          <div className="delivery-time-options">
            {day.windows.map((window) => {
              const times = formatWindowTimes(window.startsAt, window.endsAt, store.timeZone);
              return (
                <label key={window.startsAt} className={`delivery-time-option${window.available ? '' : ' is-full'}`}>
                  <input
                    type="radio"
                    name={name}
                    value={window.startsAt}
                    checked={held === window.startsAt}
                    disabled={!window.available}
                    onChange={() => onPick(window.startsAt)}
                  />
                  {times}
                  {!window.available && <span className="delivery-time-full"> (full)</span>}
                </label>
              );
            })}
          </div>
        </div>
      ))}
    </fieldset>
  );
}

export function DeliveryTime({ stores, onHeldChange }: DeliveryTimeProps) {
  const storeUuids = stores.map((s) => s.storeUuid).sort();
  const query = useCheckoutDeliveryWindowsQuery({ storeUuids }, { refetchOnMountOrArgChange: true });
  const [holdWindow] = useCheckoutHoldWindowMutation();
  const [held, setHeld] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const defaulted = useRef(new Set<string>());

  const pick = async (storeUuid: string, startsAt: string) => {
    setErrors(({ [storeUuid]: _dropped, ...rest }) => rest);
    try {
      await holdWindow({ storeUuid, startsAt }).unwrap();
      setHeld((current) => ({ ...current, [storeUuid]: startsAt }));
    } catch (failure) {
      setErrors((current) => ({ ...current, [storeUuid]: apiErrorMessage(failure, HOLD_FAILED) }));
      setHeld(({ [storeUuid]: _gone, ...rest }) => rest);
      // Someone took the last place: show the window full now.
      void query.refetch();
    }
  };

  // What the server holds for the shopper, else the earliest open window, held once per store.
  useEffect(() => {
    if (!query.data) return;
    for (const store of query.data) {
      if (store.hold) {
        setHeld((current) =>
          current[store.storeUuid] === store.hold!.startsAt ? current : { ...current, [store.storeUuid]: store.hold!.startsAt },
        );
        continue;
      }
      if (defaulted.current.has(store.storeUuid)) continue;
      defaulted.current.add(store.storeUuid);
      const earliest = store.windows.find((w) => w.available);
      if (earliest) void pick(store.storeUuid, earliest.startsAt);
    }
    // pick is stable enough: it only reads setters and the mutation trigger.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.data]);

  useEffect(() => onHeldChange(held), [held, onHeldChange]);

  return (
    <section className="delivery-time" aria-labelledby="delivery-time-heading">
      <h3 id="delivery-time-heading">Delivery time</h3>
      {query.isLoading && <p role="status">Loading delivery times...</p>}
      {query.isError && <Notice kind="error">{WINDOWS_FAILED}</Notice>}
      {query.data?.map((store) => (
        <StoreWindows
          key={store.storeUuid}
          store={store}
          held={held[store.storeUuid]}
          error={errors[store.storeUuid]}
          onPick={(startsAt) => void pick(store.storeUuid, startsAt)}
        />
      ))}
    </section>
  );
}
