// Timers owned by a component: all of them are cleared when it unmounts, so a late callback never
// sets state on a component that is gone (the add-to-cart states, a menu's close delay, 'Email sent!').
import { useCallback, useEffect, useRef } from 'react';

export function useTimers() {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      pending.forEach(clearTimeout);
      pending.clear();
    };
  }, []);
  const schedule = useCallback((callback: () => void, ms: number) => {
    const id = setTimeout(() => {
      timers.current.delete(id);
      callback();
    }, ms);
    timers.current.add(id);
    return id;
  }, []);
  const clearAll = useCallback(() => {
    timers.current.forEach(clearTimeout);
    timers.current.clear();
  }, []);
  const cancel = useCallback((id: ReturnType<typeof setTimeout>) => {
    clearTimeout(id);
    timers.current.delete(id);
  }, []);
  return { schedule, cancel, clearAll };
}
