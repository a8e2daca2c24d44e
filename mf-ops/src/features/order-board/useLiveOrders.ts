// Follows the API's notification stream and calls `onChange` for each event, so the board refetches
// within a second or two of a payment instead of polling. The API sends staff only their store's events.
import { useEffect, useRef, useState } from 'react';
import { getRuntimeConfig } from '@grocer/shared';
import { opsApiPaths } from '@grocer/shared/contracts';
import { openTicketedStream, type StreamState } from '@grocer/shared/live';
import { useOpsStreamTicketMutation } from '../../lib/opsApi.ts';

/** The stream's event types that can change what the board shows. */
export const OPS_STREAM_EVENTS = ['new_order', 'new_order_items', 'order_created', 'order_updated'] as const;

export function useLiveOrders(onChange: () => void, enabled = true): StreamState {
  const [state, setState] = useState<StreamState>('connecting');
  const [getTicket] = useOpsStreamTicketMutation();
  // The latest callback without reopening the stream when the caller re-renders.
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!enabled) return;
    return openTicketedStream({
      url: `${getRuntimeConfig().apiBaseUrl}${opsApiPaths.stream()}`,
      ticket: async () => {
        const answer = await getTicket();
        return 'data' in answer && answer.data ? answer.data.ticket : null;
      },
      events: OPS_STREAM_EVENTS,
      onEvent: () => changed.current(),
      onState: setState,
      resume: true,
    });
  }, [enabled, getTicket]);

  return state;
}
