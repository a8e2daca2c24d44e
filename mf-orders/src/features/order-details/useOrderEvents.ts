// Follows the order's live stream while it can still change: a store marking a line, moving its part,
// a refund completing or a cancellation each refetch the order at once (the 15 s poll stays as the
// fallback for when the stream cannot be opened).
import { useEffect, useRef } from 'react';
import { getRuntimeConfig } from '@grocer/shared';
import { opsApiPaths } from '@grocer/shared/contracts';
import { openTicketedStream } from '@grocer/shared/live';
import { useOrdersEventsTicketMutation } from '../../lib/ordersApi.ts';

export function useOrderEvents(orderId: string, enabled: boolean, onUpdate: () => void) {
  const [getTicket] = useOrdersEventsTicketMutation();
  const updated = useRef(onUpdate);
  useEffect(() => {
    updated.current = onUpdate;
  }, [onUpdate]);

  useEffect(() => {
    if (!enabled) return;
    return openTicketedStream({
      url: `${getRuntimeConfig().apiBaseUrl}${opsApiPaths.orderEvents(orderId)}`,
      ticket: async () => {
        const answer = await getTicket(orderId);
        return 'data' in answer && answer.data ? answer.data.ticket : null;
      },
      events: ['order_updated'],
      onEvent: () => updated.current(),
    });
  }, [orderId, enabled, getTicket]);
}
