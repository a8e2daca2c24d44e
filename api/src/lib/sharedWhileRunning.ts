// Calls with the same key while one is running get that one's answer (or its error) instead of running again.

export function sharedWhileRunning<A extends unknown[], R>(keyOf: (...args: A) => string, run: (...args: A) => Promise<R>) {
  const running = new Map<string, Promise<R>>();
  return (...args: A): Promise<R> => {
    const key = keyOf(...args);
    const current = running.get(key);
    if (current) return current;
    const started = run(...args).finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
