/**
 * A stand-in for the browser's EventSource: tests open, feed and break the live stream by hand.
 * `install()` puts it on `globalThis` and returns the list of streams the code opened.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readonly withCredentials: boolean;
  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string, init?: { withCredentials?: boolean }) {
    this.url = url;
    this.withCredentials = init?.withCredentials ?? false;
    FakeEventSource.instances.push(this);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The server accepted the stream. */
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** One `data:` line as the server would send it, with its `id:` line when given. */
  send(data: unknown, lastEventId?: string): void {
    this.onmessage?.(new MessageEvent('message', { data: typeof data === 'string' ? data : JSON.stringify(data), lastEventId }));
  }

  /** A dropped connection: `closed` when the browser gives up instead of retrying. */
  fail(closed = false): void {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.(new Event('error'));
  }

  get isClosed(): boolean {
    return this.readyState === FakeEventSource.CLOSED;
  }

  static install(): FakeEventSource[] {
    FakeEventSource.instances = [];
    (globalThis as unknown as { EventSource: unknown }).EventSource = FakeEventSource;
    return FakeEventSource.instances;
  }

  static uninstall(): void {
    delete (globalThis as unknown as { EventSource?: unknown }).EventSource;
    FakeEventSource.instances = [];
  }

  /** The one stream still open, the one the slice is using. */
  static current(): FakeEventSource {
    const live = FakeEventSource.instances.filter((s) => !s.isClosed);
    if (live.length !== 1) throw new Error(`expected one open stream, found ${live.length}`);
    return live[0]!;
  }
}
