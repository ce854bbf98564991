/** A reader of GET /api/events over a real socket, for the change stream's tests. */
import { expect } from 'vitest';
import type { TestApp } from './helper';

export interface SseEvent {
  id?: string;
  event: string;
  data: any;
}

export class SseReader {
  readonly events: SseEvent[] = [];
  pings = 0;
  ended = false;
  private waiters: (() => void)[] = [];
  private buffer = '';

  private constructor(
    readonly status: number,
    private readonly body: ReadableStreamDefaultReader<Uint8Array> | undefined,
  ) {
    if (body) void this.pump();
  }

  static async open(base: string, options: { token?: string; ticket?: string; lastEventId?: string } = {}) {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
    const url = `${base}/api/events${options.ticket ? `?ticket=${encodeURIComponent(options.ticket)}` : ''}`;
    const res = await fetch(url, { headers });
    if (res.status !== 200) {
      await res.body?.cancel();
      return new SseReader(res.status, undefined);
    }
    const reader = new SseReader(200, res.body!.getReader());
    await reader.next((e) => e.event === 'ready');
    return reader;
  }

  private async pump() {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await this.body!.read();
        if (done) break;
        this.buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = this.buffer.indexOf('\n\n')) >= 0) {
          this.parse(this.buffer.slice(0, cut));
          this.buffer = this.buffer.slice(cut + 2);
        }
      }
    } catch {
      // cancelled by close()
    }
    this.ended = true;
    this.notify();
  }

  private parse(block: string) {
    const e: Partial<SseEvent> & { data?: string } = {};
    let comment = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comment = true;
      else if (line.startsWith('id: ')) e.id = line.slice(4);
      else if (line.startsWith('event: ')) e.event = line.slice(7);
      else if (line.startsWith('data: ')) e.data = line.slice(6);
    }
    if (comment && !e.event) this.pings++;
    else if (e.event) this.events.push({ id: e.id, event: e.event, data: JSON.parse(e.data ?? '{}') });
    this.notify();
  }

  private notify() {
    for (const w of this.waiters.splice(0)) w();
  }

  private changed(ms: number) {
    return new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      this.waiters.push(() => {
        clearTimeout(t);
        resolve();
      });
    });
  }

  /** The first event (from the start) this predicate accepts, within ms. */
  async next(accept: (e: SseEvent) => boolean, ms = 10_000): Promise<SseEvent> {
    const until = Date.now() + ms;
    for (;;) {
      const found = this.events.find(accept);
      if (found) return found;
      if (this.ended) throw new Error(`stream ended; events: ${JSON.stringify(this.events)}`);
      if (Date.now() > until)
        throw new Error(`no such event in ${ms} ms; events: ${JSON.stringify(this.events)}`);
      await this.changed(until - Date.now());
    }
  }

  /** Resolves when the server has closed the stream. */
  async closedWithin(ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    while (!this.ended && Date.now() < until) await this.changed(until - Date.now());
    return this.ended;
  }

  changes(resource: string): SseEvent[] {
    return this.events.filter((e) => e.event === 'change' && e.data.resource === resource);
  }

  async close() {
    await this.body?.cancel().catch(() => undefined);
  }
}

/** The app listening on a loopback port; its base URL. */
export async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** Waits until the last outbox row is delivered to this reader (one who sees every change). */
export async function delivered(t: TestApp, witness: SseReader) {
  const { rows } = await t.db.query<{ last: number }>('SELECT max(id) AS last FROM change_outbox');
  const last = Number(rows[0].last);
  await witness.next((e) => Number(e.id) >= last);
  // The others were written in the same turn; give their sockets a moment.
  await new Promise((r) => setTimeout(r, 300));
  expect(last).toBeGreaterThan(0);
}
