// Toasts stack (spec §2), 3 s by default; any remote shows one with `showToast` from shared.
import { useEffect, useRef, useState } from 'react';
import { events, type EventMap } from '@grocer/shared';

type Toast = EventMap['toast:show'] & { id: number };

export function ToastStack() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const live = timers.current;
    const off = events.on('toast:show', (toast) => {
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
      live.forEach(clearTimeout);
    };
  }, []);

  const dismiss = (id: number) => setToasts((list) => list.filter((t) => t.id !== id));

  return (
    <div className="toast-stack" role="status" aria-live="polite">
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
