import { createEventBus } from './bus.ts';

describe('event bus', () => {
  it('delivers typed payloads to every subscriber of that event only', () => {
    const bus = createEventBus();
    const opened: string[] = [];
    const placed: string[] = [];
    bus.on('auth:open-modal', ({ mode }) => opened.push(mode));
    bus.on('order:placed', ({ orderId }) => placed.push(orderId));
    bus.emit('auth:open-modal', { mode: 'signup' });
    expect(opened).toEqual(['signup']);
    expect(placed).toEqual([]);
  });

  it('stops delivering after unsubscribe', () => {
    const bus = createEventBus();
    const seen: string[] = [];
    const off = bus.on('session:expired', ({ message }) => seen.push(message));
    bus.emit('session:expired', { message: 'a' });
    off();
    bus.emit('session:expired', { message: 'b' });
    expect(seen).toEqual(['a']);
  });

  it('keeps delivering to other handlers when one throws', () => {
    const bus = createEventBus();
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const seen: string[] = [];
    bus.on('cart:item-added', () => {
      throw new Error('broken remote');
    });
    bus.on('cart:item-added', ({ name }) => seen.push(name));
    bus.emit('cart:item-added', { productUuid: 'p1', name: 'Milk' });
    expect(seen).toEqual(['Milk']);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
