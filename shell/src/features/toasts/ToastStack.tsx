// Toasts stack (spec §2), 3 s by default; any remote shows one with `showToast` from shared.
// The stack opens at the top or the bottom centre of the screen, whichever half the shopper did not
// just use, so a toast never covers the button it answers (e.g. 'Added!' on an add-to-cart button).
import { useEffect, useRef, useState } from 'react';
import { events, type EventMap } from '@grocer/shared';

type Toast = EventMap['toast:show'] & { id: number };

export function ToastStack() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const lastUsedY = useRef(0);
  const [atTop, setAtTop] = useState(false);

  useEffect(() => {
    const live = timers.current;
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
      setToasts((list) => [...list, { ...toast, id }]);
      const timer = setTimeout(() => {
        live.delete(timer);
        setToasts((list) => list.filter((t) => t.id !== id));
      }, toast.durationMs);
      live.add(timer);
    });
    return () => {
      off();
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('keydown', onKey, true);
      live.forEach(clearTimeout);
    };
  }, []);

  const dismiss = (id: number) => setToasts((list) => list.filter((t) => t.id !== id));

  return (
    <div className={`toast-stack${atTop ? ' toast-stack-top' : ''}`} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`}>
          <span>{toast.message}</span>
          <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => dismiss(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
