import { FakeEventSource } from '../testing/fakeEventSource.ts';
import { openTicketedStream, STREAM_RECONNECT_MS, type StreamState } from './ticketedStream.ts';

let uninstall: () => void;
beforeEach(() => {
  uninstall = FakeEventSource.install();
  jest.useFakeTimers();
});
afterEach(() => {
  uninstall();
  jest.useRealTimers();
});

const flush = () => jest.advanceTimersByTimeAsync(0);

describe('openTicketedStream', () => {
  it('opens with a ticket, passes the named events on and reports its state', async () => {
    const states: StreamState[] = [];
    const seen: string[] = [];
    const close = openTicketedStream({
      url: 'http://api.test/orders/o-1/events',
      ticket: async () => 'ticket-1',
      events: ['order_updated'],
      onEvent: (event) => seen.push(`${event.type} ${event.data}`),
      onState: (state) => states.push(state),
    });
    await flush();
    const source = FakeEventSource.last();
    expect(source.url).toBe('http://api.test/orders/o-1/events?ticket=ticket-1');
    source.open();
    source.emit('order_updated', { version: 2 });
    source.emit('something_else', {});
    expect(seen).toEqual(['order_updated {"version":2}']);
    expect(states).toEqual(['connecting', 'live']);
    close();
    expect(source.closed).toBe(true);
  });

  it('reopens a dropped stream with a fresh ticket, after the last event when resuming', async () => {
    let n = 0;
    const states: StreamState[] = [];
    const close = openTicketedStream({
      url: 'http://api.test/stream',
      ticket: async () => `t${++n}`,
      events: ['new_order_items'],
      onEvent: () => {},
      onState: (state) => states.push(state),
      resume: true,
    });
    await flush();
    const first = FakeEventSource.last();
    first.emit('new_order_items', {}, '41');
    first.fail();
    expect(first.closed).toBe(true);
    expect(FakeEventSource.opened).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(STREAM_RECONNECT_MS);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.last().url).toBe('http://api.test/stream?ticket=t2&lastEventId=41');
    expect(states).toEqual(['connecting', 'reconnecting']);
    close();
  });

  it('retries later when no ticket is given, and stops for good when closed', async () => {
    const ticket = jest
      .fn<Promise<string | null>, []>()
      .mockResolvedValueOnce(null)
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('t');
    const close = openTicketedStream({ url: 'http://api.test/stream', ticket, events: [], onEvent: () => {} });
    await flush();
    expect(FakeEventSource.opened).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(STREAM_RECONNECT_MS);
    expect(FakeEventSource.opened).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(STREAM_RECONNECT_MS);
    expect(FakeEventSource.opened).toHaveLength(1);
    close();
    FakeEventSource.last().fail();
    await jest.advanceTimersByTimeAsync(STREAM_RECONNECT_MS * 3);
    expect(ticket).toHaveBeenCalledTimes(3);
  });
});
