// The typed event bus remotes use to signal each other without importing each other.
// Names are `<owner>:<event>`; the payload map is one type, so changing a payload is a compile
// error in every consumer (DESIGN.md "State and events").
import type { ToastKind } from './toast.ts';

export interface EventMap {
  /**
   * Ask the account remote to open its auth modal. `next`: a guest asked for this protected page (path and
   * query); the dialog says it needs an account, and signing in (or up) lands there. `why: 'favourites'`: a
   * guest tapped a heart.
   */
  'auth:open-modal': { mode: 'signin' | 'signup' | 'reset'; next?: string; why?: 'favourites' };
  /** The session can no longer be used (missing/expiring token, a 401, or a server "session has expired"). */
  'session:expired': { message: string };
  /** A product was put in the cart. */
  'cart:item-added': { productUuid: string; name: string };
  /** Show a toast in the shell's stack; one with a `key` takes the place of the shown toast with that key. */
  'toast:show': { kind: ToastKind; message: string; durationMs?: number; key?: string };
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

/**
 * Requests to a remote that may still be downloading when the page's first click comes: emitted with
 * no handler, the latest one waits and is handed to the first handler that subscribes. (A shopper who
 * clicks Sign Up while the auth modal's module loads gets the modal, not nothing.) Other events are
 * news: with no handler they are dropped.
 */
const HELD_UNTIL_HANDLED: ReadonlySet<EventName> = new Set<EventName>(['auth:open-modal']);

export function createEventBus(): EventBus {
  const handlers = new Map<EventName, Set<(payload: never) => void>>();
  const held = new Map<EventName, unknown>();
  return {
    emit(type, payload) {
      if (HELD_UNTIL_HANDLED.has(type) && !handlers.get(type)?.size) {
        held.set(type, payload);
        return;
      }
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
      if (held.has(type)) {
        const payload = held.get(type) as EventMap[typeof type];
        held.delete(type);
        try {
          handler(payload);
        } catch (error) {
          console.error(`[events] handler for ${type} failed`, error);
        }
      }
      return () => set.delete(handler as (payload: never) => void);
    },
  };
}

/** The page's one bus; `@grocer/shared` is an MF singleton, so every remote gets this instance. */
export const events: EventBus = createEventBus();
