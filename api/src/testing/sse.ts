// A minimal Server-Sent Events client over fetch for API tests (an SSE response never ends, so
// app.inject cannot read it): the app listens on a port, and this collects events and waits for one.
export interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
}

export async function connectSse(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  let wake: () => void = () => undefined;
  let ended = false;
  const reading = (async () => {
    if (!response.body) return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = {};
          for (const line of frame.split('\n')) {
            const match = /^(id|event|data): ?(.*)$/.exec(line);
            if (match) event[match[1] as keyof SseEvent] = match[2];
          }
          if (event.data !== undefined) events.push(event);
          wake();
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      ended = true;
      wake();
    }
  })();

  return {
    response,
    events,
    /** The first event (already received or coming) that matches; `data` is the event's JSON. */
    async next<T>(match: (event: SseEvent, data: T) => boolean, timeoutMs = 5_000): Promise<{ event: SseEvent; data: T }> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        for (const event of events) {
          const data = JSON.parse(event.data!) as T;
          if (match(event, data)) return { event, data };
        }
        if (ended) throw new Error('the stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms; got ${events.map((e) => e.event).join(', ')}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, left);
        });
      }
    },
    ended: () => ended,
    async close() {
      controller.abort();
      await reading;
    },
  };
}
