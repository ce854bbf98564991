/**
 * The console's one connection to the change stream (GET /api/events, server-sent events), shared
 * by every open screen: topics `resource/<api name>` and `resource/<api name>/<id>` (ra-realtime's
 * shape), and `menu`, `figures`, `reload`. The EventSource is opened with a single-use ticket
 * (POST /api/events/ticket), never with the session token, which would reach logs in a URL.
 * A ticket serves one connection, so every reconnect is ours: a new ticket, the last event id
 * passed on, and a growing pause between failed attempts.
 */
import { API_URL, httpClient } from './http';
import { getToken } from './session';

export type RealtimeEventType =
  'created' | 'updated' | 'deleted' | 'imported' | 'menu' | 'figures' | 'reload';

export interface RealtimePayload {
  ids?: string[];
  /** One per id: the record's version as the API returns it (a string). */
  versions?: (string | number | null)[];
  /** null for a write without a signed-in writer (the facility API). */
  by?: { id: string; name: string } | null;
  at?: string;
  count?: number;
  scopes?: string[];
}

export interface RealtimeEvent {
  topic: string;
  type: RealtimeEventType;
  payload: RealtimePayload;
}

export type RealtimeListener = (event: RealtimeEvent) => void;

/** idle: nobody listens or nobody is signed in; down: the stream failed and is being reopened. */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'down';

/** The part of the browser's EventSource the client uses (a fake one in tests). */
export interface EventSourceLike {
  onopen: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  addEventListener(type: string, listener: (ev: { data: string; lastEventId: string }) => void): void;
  close(): void;
}

export interface RealtimeOptions {
  /** The ticket for one connection (POST /api/events/ticket); rejects when signed out or refused. */
  requestTicket: () => Promise<string>;
  /** Whether someone is signed in (no ticket is asked for otherwise). */
  signedIn: () => boolean;
  openStream: (url: string) => EventSourceLike;
  eventsUrl?: string;
  /** Pauses before the 1st, 2nd, ... reconnect; the last one repeats. */
  backoffMs?: number[];
  /** How long the connection stays open after the last listener left (a screen change). */
  lingerMs?: number;
  random?: () => number;
}

export const DEFAULT_BACKOFF_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export interface Realtime {
  subscribe(topic: string, listener: RealtimeListener): void;
  unsubscribe(topic: string, listener: RealtimeListener): void;
  status(): RealtimeStatus;
  onStatus(listener: () => void): () => void;
  /** Closes the connection until the next subscribe (sign-out). */
  stop(): void;
}

const CHANGE_KINDS = new Set(['created', 'updated', 'deleted', 'imported']);

class RealtimeClient implements Realtime {
  private readonly listeners = new Map<string, Set<RealtimeListener>>();
  private readonly statusListeners = new Set<() => void>();
  private current: RealtimeStatus = 'idle';
  private source: EventSourceLike | null = null;
  private lastEventId = '';
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  // Each connect() has its number: answers of an older attempt are ignored.
  private attempt = 0;

  constructor(private readonly options: Required<RealtimeOptions>) {}

  subscribe = (topic: string, listener: RealtimeListener) => {
    let set = this.listeners.get(topic);
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    clearTimeout(this.lingerTimer);
    if (this.current === 'idle') void this.connect();
  };

  unsubscribe = (topic: string, listener: RealtimeListener) => {
    const set = this.listeners.get(topic);
    set?.delete(listener);
    if (set && !set.size) this.listeners.delete(topic);
    if (this.hasListeners()) return;
    clearTimeout(this.lingerTimer);
    this.lingerTimer = setTimeout(() => {
      if (!this.hasListeners()) this.stop();
    }, this.options.lingerMs);
  };

  status = () => this.current;

  onStatus = (listener: () => void) => {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  };

  stop = () => {
    this.attempt++;
    clearTimeout(this.retryTimer);
    clearTimeout(this.lingerTimer);
    this.closeSource();
    this.failures = 0;
    this.lastEventId = '';
    this.setStatus('idle');
  };

  private setStatus(next: RealtimeStatus) {
    if (this.current === next) return;
    this.current = next;
    for (const l of [...this.statusListeners]) l();
  }

  private emit(topic: string, type: RealtimeEventType, payload: RealtimePayload) {
    for (const l of [...(this.listeners.get(topic) ?? [])]) {
      try {
        l({ topic, type, payload });
      } catch (err) {
        console.error(err);
      }
    }
  }

  private dispatch(type: string, data: string) {
    let body: Record<string, any>;
    try {
      body = data ? JSON.parse(data) : {};
    } catch {
      return;
    }
    if (type !== 'change') return this.emit(type, type as RealtimeEventType, body);
    if (typeof body.resource !== 'string' || !CHANGE_KINDS.has(body.kind)) return;
    const { resource, kind, ...payload } = body;
    this.emit(`resource/${resource}`, kind, payload);
    for (const id of (payload.ids as unknown[]) ?? [])
      this.emit(`resource/${resource}/${String(id)}`, kind, payload);
  }

  private hasListeners() {
    return [...this.listeners.values()].some((s) => s.size > 0);
  }

  private closeSource() {
    this.source?.close();
    this.source = null;
  }

  private scheduleRetry() {
    clearTimeout(this.retryTimer);
    if (!this.hasListeners() || !this.options.signedIn()) return this.setStatus('idle');
    this.setStatus('down');
    const { backoffMs, random } = this.options;
    const base = backoffMs[Math.min(this.failures, backoffMs.length - 1)];
    this.failures++;
    // ±20 %: consoles cut off together do not all come back in the same instant.
    const delay = Math.round(base * (0.8 + 0.4 * random()));
    this.retryTimer = setTimeout(() => void this.connect(), delay);
  }

  private async connect() {
    clearTimeout(this.retryTimer);
    this.closeSource();
    if (!this.hasListeners() || !this.options.signedIn()) return this.setStatus('idle');
    const mine = ++this.attempt;
    if (this.current !== 'down') this.setStatus('connecting');
    let ticket: string;
    try {
      ticket = await this.options.requestTicket();
    } catch {
      if (mine === this.attempt) this.scheduleRetry();
      return;
    }
    if (mine !== this.attempt) return;
    const query = new URLSearchParams({ ticket });
    if (this.lastEventId) query.set('lastEventId', this.lastEventId);
    this.listen(this.options.openStream(`${this.options.eventsUrl}?${query}`));
  }

  private listen(es: EventSourceLike) {
    this.source = es;
    es.onopen = () => {
      if (this.source !== es) return;
      this.failures = 0;
      this.setStatus('open');
    };
    // The browser would reconnect on its own with the used ticket: close and reconnect with a new one.
    es.onerror = () => {
      if (this.source !== es) return;
      this.closeSource();
      this.scheduleRetry();
    };
    // 'ready' carries the stream's position at the start: a reconnect replays from there even
    // when nothing came meanwhile.
    for (const type of ['ready', 'change', 'menu', 'figures', 'reload'])
      es.addEventListener(type, (ev) => {
        if (this.source !== es) return;
        if (ev.lastEventId) this.lastEventId = ev.lastEventId;
        if (type !== 'ready') this.dispatch(type, ev.data);
      });
  }
}

export function createRealtime(options: RealtimeOptions): Realtime {
  return new RealtimeClient({
    eventsUrl: '/api/events',
    backoffMs: DEFAULT_BACKOFF_MS,
    lingerMs: 1_000,
    random: Math.random,
    ...options,
  });
}

/** Calls fn at once, then at most once per `ms` while calls keep coming (the last one is kept). */
export function throttle(fn: () => void, ms: number) {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    timer = undefined;
    last = Date.now();
    fn();
  };
  const call = () => {
    if (timer) return;
    const wait = last + ms - Date.now();
    if (wait <= 0) run();
    else timer = setTimeout(run, wait);
  };
  call.cancel = () => clearTimeout(timer);
  return call;
}

/** The console's connection: tickets through the signed-in API client, the browser's EventSource. */
export const realtime = createRealtime({
  async requestTicket() {
    const { json } = await httpClient(`${API_URL}/events/ticket`, { method: 'POST', body: '{}' });
    return String(json.ticket);
  },
  signedIn: () => Boolean(getToken()),
  openStream: (url) => new EventSource(url) as unknown as EventSourceLike,
});
