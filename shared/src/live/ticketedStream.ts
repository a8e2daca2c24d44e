// Follows one of the API's Server-Sent Event streams that take a single-use `?ticket=` (EventSource
// cannot send the bearer token). Every (re)connection asks for a fresh ticket, since EventSource's own
// reconnect would replay a spent one; with `resume`, the reopened stream starts after the last event
// seen, so nothing in between is missed. A subpath of its own (`@grocer/shared/live`): only the pages
// that follow a stream bundle it, never the shop's first load.

export type StreamState = 'connecting' | 'live' | 'reconnecting';

/** How long to wait before reopening a dropped stream (the API's `retry:` is the same). */
export const STREAM_RECONNECT_MS = 3_000;

export interface TicketedStreamOptions {
  /** The stream's absolute URL, without the ticket. */
  url: string;
  /** Asks the API for a ticket; null when it gave none (the stream is retried later). */
  ticket: () => Promise<string | null>;
  /** The `event:` types to listen to; each calls onEvent. */
  events: readonly string[];
  onEvent: (event: MessageEvent) => void;
  onState?: (state: StreamState) => void;
  /** Send the last event id back as `?lastEventId=` when reopening. */
  resume?: boolean;
  reconnectMs?: number;
}

/** Opens the stream at once; the returned function closes it for good. */
export function openTicketedStream(options: TicketedStreamOptions): () => void {
  const { reconnectMs = STREAM_RECONNECT_MS } = options;
  let source: EventSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let lastEventId: string | undefined;

  const reconnect = () => {
    source?.close();
    source = undefined;
    if (stopped) return;
    options.onState?.('reconnecting');
    retry = setTimeout(() => void open(), reconnectMs);
  };
  const onEvent = (event: MessageEvent) => {
    if (event.lastEventId) lastEventId = event.lastEventId;
    options.onEvent(event);
  };
  const open = async () => {
    const ticket = await options.ticket().catch(() => null);
    if (stopped) return;
    if (!ticket) return reconnect();
    const url = new URL(options.url);
    url.searchParams.set('ticket', ticket);
    if (options.resume && lastEventId) url.searchParams.set('lastEventId', lastEventId);
    source = new EventSource(url);
    source.onopen = () => options.onState?.('live');
    source.onerror = reconnect;
    for (const type of options.events) source.addEventListener(type, onEvent);
  };

  if (typeof EventSource === 'undefined') return () => {};
  options.onState?.('connecting');
  void open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    source?.close();
  };
}
