// A stand-in for the browser's EventSource (jsdom has none): records what was opened and lets a test
// deliver events or drop the connection.
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  readonly url: string;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(url: string | URL) {
    this.url = String(url);
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  /** The server accepted the stream. */
  open() {
    this.onopen?.();
  }

  emit(type: string, data: unknown, id = '1') {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  fail() {
    this.onerror?.();
  }

  static install() {
    FakeEventSource.opened = [];
    (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
    return () => {
      delete (globalThis as { EventSource?: unknown }).EventSource;
    };
  }

  static last(): FakeEventSource {
    const source = FakeEventSource.opened[FakeEventSource.opened.length - 1];
    if (!source) throw new Error('no EventSource was opened');
    return source;
  }
}
