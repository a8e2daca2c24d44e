// Records what this remote tells the rest of the page over the event bus.
import { events, type EventMap, type EventName } from '@grocer/shared';

export function recordEvents<K extends EventName>(name: K) {
  const seen: EventMap[K][] = [];
  const off = events.on(name, (payload) => seen.push(payload));
  return { seen, off };
}
