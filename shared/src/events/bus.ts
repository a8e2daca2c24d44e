// The typed event bus remotes use to signal each other without importing each other.
// Names are `<owner>:<event>`; the payload map is one type, so changing a payload is a compile
// error in every consumer (DESIGN.md "State and events").
import type { ToastKind } from './toast.ts';

export interface EventMap {
  /** Ask the account remote to open its auth modal. */
  'auth:open-modal': { mode: 'signin' | 'signup' | 'reset' };
  /** The session can no longer be used (missing/expiring token, a 401, or a server "session has expired"). */
  'session:expired': { message: string };
  /** A product was put in the cart. */
  'cart:item-added': { productUuid: string; name: string };
  /** Show a toast in the shell's stack. */
  'toast:show': { kind: ToastKind; message: string; durationMs?: number };
  /** An order was placed and paid. */
  'order:placed': { orderId: string };
}

export type EventName = keyof EventMap;
export type EventHandler<K extends EventName> = (payload: EventMap[K]) => void;

export interface EventBus {
  emit<K extends EventName>(type: K, payload: EventMap[K]): void;
  /** Returns the unsubscribe function, so effects can `return bus.on(...)`. */
  on<K extends EventName>(type: K, handler: EventHandler<K>): () => void;
}

export function createEventBus(): EventBus {
  const handlers = new Map<EventName, Set<(payload: never) => void>>();
  return {
    emit(type, payload) {
      // Copy first: a handler may unsubscribe while we iterate.
      for (const handler of [...(handlers.get(type) ?? [])]) {
        try {
          (handler as EventHandler<typeof type>)(payload);
        } catch (error) {
          // One broken listener (in another team's remote) must not stop the others.
          console.error(`[events] handler for ${type} failed`, error);
        }
      }
    },
    on(type, handler) {
      let set = handlers.get(type);
      if (!set) handlers.set(type, (set = new Set()));
      set.add(handler as (payload: never) => void);
      return () => set.delete(handler as (payload: never) => void);
    },
  };
}

/** The page's one bus; `@grocer/shared` is an MF singleton, so every remote gets this instance. */
export const events: EventBus = createEventBus();
