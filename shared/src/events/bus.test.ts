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

  it('holds an auth modal request made before the modal listens, and hands the latest one to it once', () => {
    const bus = createEventBus();
    bus.emit('auth:open-modal', { mode: 'signin' });
    bus.emit('auth:open-modal', { mode: 'signup' });
    const first: string[] = [];
    const second: string[] = [];
    bus.on('auth:open-modal', ({ mode }) => first.push(mode));
    bus.on('auth:open-modal', ({ mode }) => second.push(mode));
    expect(first).toEqual(['signup']);
    expect(second).toEqual([]);
    bus.emit('auth:open-modal', { mode: 'reset' });
    expect(first).toEqual(['signup', 'reset']);
    expect(second).toEqual(['reset']);
  });

  it('drops other events nobody listens to: a late subscriber gets no old news', () => {
    const bus = createEventBus();
    bus.emit('cart:item-added', { productUuid: 'p1', name: 'Milk' });
    const seen: string[] = [];
    bus.on('cart:item-added', ({ name }) => seen.push(name));
    expect(seen).toEqual([]);
  });
});
