// Follows the API's notification stream (Server-Sent Events) and calls `onChange` for each event, so
// the board refetches within a second or two of a payment instead of polling. EventSource cannot send
// the bearer token, so each (re)connection first asks for a single-use ticket; a dropped stream is
// reopened with a fresh ticket, from the last event seen, so nothing in between is missed.
import { useEffect, useRef, useState } from 'react';
import { getRuntimeConfig, opsApiPaths } from '@grocer/shared';
import { useOpsStreamTicketMutation } from '../../lib/opsApi.ts';

export type LiveState = 'connecting' | 'live' | 'reconnecting';

/** How long to wait before reopening a dropped stream. */
export const RECONNECT_MS = 3_000;

export function useLiveOrders(onChange: () => void, enabled = true): LiveState {
  const [state, setState] = useState<LiveState>('connecting');
  const [getTicket] = useOpsStreamTicketMutation();
  // The latest callback without reopening the stream when the caller re-renders.
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let lastEventId: string | undefined;

    const reconnect = () => {
      source?.close();
      source = undefined;
      if (stopped) return;
      setState('reconnecting');
      retry = setTimeout(() => void open(), RECONNECT_MS);
    };
    const onEvent = (event: MessageEvent) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
      changed.current();
    };
    const open = async () => {
      const answer = await getTicket();
      if (stopped) return;
      if (!('data' in answer) || !answer.data) return reconnect();
      const url = new URL(`${getRuntimeConfig().apiBaseUrl}${opsApiPaths.stream()}`);
      url.searchParams.set('ticket', answer.data.ticket);
      if (lastEventId) url.searchParams.set('lastEventId', lastEventId);
      source = new EventSource(url);
      source.onopen = () => setState('live');
      // A ticket is good once, so EventSource's own reconnect would be refused: reopen with a new one.
      source.onerror = reconnect;
      for (const type of OPS_STREAM_EVENTS) source.addEventListener(type, onEvent);
      source.onmessage = onEvent;
    };
    void open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [enabled, getTicket]);

  return state;
}

/** The stream's event types that can change what the board shows. */
export const OPS_STREAM_EVENTS = ['new_order', 'new_order_items', 'order_created', 'order_updated'] as const;
