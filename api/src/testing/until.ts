// Waiting in tests for what happens on its own time (a notice, a reconnect): asked again every 10 ms.

/** Whether `check` holds within `withinMs`. */
export async function until(check: () => boolean | Promise<boolean>, withinMs = 3_000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (!(await check()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  return check();
}
