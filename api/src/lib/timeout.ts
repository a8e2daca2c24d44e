/** Thrown by withTimeout when the wrapped promise did not settle in time. */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/**
 * Rejects with a TimeoutError after `ms` unless `promise` settles first. The underlying work is not
 * cancelled (a driver has its own timeouts for that); this only bounds how long a caller waits.
 */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what = 'operation'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what} timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
