// Toasts stack (spec §2), 3 s by default; any remote shows one with `showToast` from shared.
// The stack opens at the top or the bottom centre of the screen, whichever half the shopper did not
// just use, so a toast never covers the button it answers (e.g. 'Added!' on an add-to-cart button).
// On the till (a page marked `data-keep-clear`: the cart, checkout) it sits on the header (shell.css).
import { useEffect, useRef, useState } from 'react';
import { events, useTimers, type EventMap } from '@grocer/shared';

type Toast = EventMap['toast:show'] & { id: number };

const without = (id: number) => (list: Toast[]) => list.filter((t) => t.id !== id);

export function ToastStack() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const lastUsedY = useRef(0);
  const [atTop, setAtTop] = useState(false);
  // Cleared with the stack, so a late timer never sets state on it.
  const { schedule } = useTimers();

  useEffect(() => {
    // Where the shopper acted last: the pointer, or for the keyboard the focused control.
    const onPointer = (event: PointerEvent) => (lastUsedY.current = event.clientY);
    const onKey = () => {
      const rect = document.activeElement?.getBoundingClientRect();
      if (rect) lastUsedY.current = rect.top + rect.height / 2;
    };
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('keydown', onKey, true);
    const off = events.on('toast:show', (toast) => {
      setAtTop(lastUsedY.current > window.innerHeight / 2);
      const id = nextId.current++;
      // A keyed toast takes the place of the one it updates (its old timer then finds nothing to remove).
      setToasts((list) => [...list.filter((t) => !toast.key || t.key !== toast.key), { ...toast, id }]);
      schedule(() => setToasts(without(id)), toast.durationMs!);
    });
    return () => {
      off();
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [schedule]);

  return (
    <div className={`toast-stack${atTop ? ' toast-stack-top' : ''}`} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`}>
          <span>{toast.message}</span>
          <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => setToasts(without(toast.id))}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
