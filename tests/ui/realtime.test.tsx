/**
 * The console's change stream client: one EventSource per console opened with a single-use
 * ticket, topics in ra-realtime's shape, reconnects with a new ticket and the last event id after
 * a growing pause, closed on sign-out. A fake EventSource stands for the browser's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtime, type EventSourceLike, type RealtimeEvent } from '../../src/app/providers/realtime';
import { dataProvider } from '../../src/app/providers/dataProvider';
import { streamTopicOf } from '../../src/app/resources/screen-paths';

class FakeStream implements EventSourceLike {
  onopen: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  closed = false;
  listeners = new Map<string, ((ev: { data: string; lastEventId: string }) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, l: (ev: { data: string; lastEventId: string }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
  }
  close() {
    this.closed = true;
  }
  send(type: string, data: unknown, id = '') {
    for (const l of this.listeners.get(type) ?? []) l({ data: JSON.stringify(data), lastEventId: id });
  }
}

let streams: FakeStream[];
let tickets: number;
let refuseTickets: boolean;
let signedIn: boolean;

const make = () =>
  createRealtime({
    requestTicket: async () => {
      if (refuseTickets) throw new Error('401');
      return `t${++tickets}`;
    },
    signedIn: () => signedIn,
    openStream: (url) => {
      const s = new FakeStream(url);
      streams.push(s);
      return s;
    },
    backoffMs: [1000, 2000, 5000],
    lingerMs: 500,
    random: () => 0.5,
  });

/** Lets the ticket's promise settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);
const query = (s: FakeStream) => Object.fromEntries(new URL(s.url, 'http://x').searchParams);

beforeEach(() => {
  vi.useFakeTimers();
  streams = [];
  tickets = 0;
  refuseTickets = false;
  signedIn = true;
});
afterEach(() => vi.useRealTimers());

describe('the change stream client', () => {
  it('opens one stream with a ticket for all its listeners and routes each event to its topics', async () => {
    const rt = make();
    const list: RealtimeEvent[] = [];
    const record: RealtimeEvent[] = [];
    const menu: RealtimeEvent[] = [];
    rt.subscribe('resource/master/patients', (e) => list.push(e));
    rt.subscribe('resource/master/patients/12', (e) => record.push(e));
    rt.subscribe('menu', (e) => menu.push(e));
    await settle();
    expect(streams).toHaveLength(1);
    expect(streams[0].url.startsWith('/api/events?')).toBe(true);
    expect(query(streams[0])).toEqual({ ticket: 't1' });
    streams[0].onopen?.({});
    expect(rt.status()).toBe('open');

    const change = {
      resource: 'master/patients',
      kind: 'updated',
      ids: ['12'],
      versions: ['3'],
      by: { id: '5', name: 'Siti Rahma' },
      at: '2026-11-28T07:05:00.000Z',
    };
    streams[0].send('change', change, '41');
    streams[0].send('change', { ...change, resource: 'master/poli', ids: ['12'] }, '42');
    streams[0].send('menu', { at: '2026-11-28T07:06:00.000Z' }, '43');
    const payload = { ids: ['12'], versions: ['3'], by: { id: '5', name: 'Siti Rahma' }, at: change.at };
    expect(list).toEqual([{ topic: 'resource/master/patients', type: 'updated', payload }]);
    expect(record).toEqual([{ topic: 'resource/master/patients/12', type: 'updated', payload }]);
    expect(menu.map((e) => e.type)).toEqual(['menu']);
  });

  it('reconnects after a growing pause with a new ticket and the last event id, and says it is down meanwhile', async () => {
    const rt = make();
    const seen: string[] = [];
    rt.subscribe('figures', (e) => seen.push(e.type));
    await settle();
    streams[0].onopen?.({});
    streams[0].send('figures', { scopes: ['dashboard'] }, '7');
    streams[0].onerror?.({});
    expect(streams[0].closed).toBe(true);
    expect(rt.status()).toBe('down');

    // The ticket is refused twice: 1 s, then 2 s, then 5 s between attempts.
    refuseTickets = true;
    await vi.advanceTimersByTimeAsync(999);
    expect(streams).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(tickets).toBe(1);
    await vi.advanceTimersByTimeAsync(1999);
    await vi.advanceTimersByTimeAsync(1);
    refuseTickets = false;
    await vi.advanceTimersByTimeAsync(4999);
    expect(streams).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(streams).toHaveLength(2);
    expect(query(streams[1])).toEqual({ ticket: 't2', lastEventId: '7' });
    expect(rt.status()).toBe('down');
    streams[1].onopen?.({});
    expect(rt.status()).toBe('open');
    // An event of the old stream after it was replaced is not delivered.
    streams[0].send('figures', {}, '8');
    streams[1].send('figures', {}, '9');
    expect(seen).toEqual(['figures', 'figures']);

    // After an open, the pause starts again at 1 s.
    streams[1].onerror?.({});
    await vi.advanceTimersByTimeAsync(1000);
    expect(streams).toHaveLength(3);
    expect(query(streams[2]).lastEventId).toBe('9');
  });

  it("replays from the position the stream started at ('ready') when nothing came before a cut", async () => {
    const rt = make();
    rt.subscribe('menu', () => undefined);
    await settle();
    streams[0].onopen?.({});
    streams[0].send('ready', {}, '120');
    streams[0].onerror?.({});
    await vi.advanceTimersByTimeAsync(1000);
    expect(query(streams[1])).toEqual({ ticket: 't2', lastEventId: '120' });
  });

  it('closes on sign-out and when the last listener has gone, and opens again for the next one', async () => {
    const rt = make();
    const listener = () => undefined;
    rt.subscribe('menu', listener);
    await settle();
    rt.stop();
    expect(streams[0].closed).toBe(true);
    expect(rt.status()).toBe('idle');
    streams[0].onerror?.({});
    await vi.advanceTimersByTimeAsync(60_000);
    expect(streams).toHaveLength(1);

    rt.unsubscribe('menu', listener);
    rt.subscribe('menu', listener);
    await settle();
    expect(streams).toHaveLength(2);
    rt.unsubscribe('menu', listener);
    await vi.advanceTimersByTimeAsync(499);
    expect(streams[1].closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(streams[1].closed).toBe(true);

    // Signed out: no ticket is asked for.
    signedIn = false;
    rt.subscribe('menu', listener);
    await settle();
    expect(streams).toHaveLength(2);
    expect(tickets).toBe(2);
  });
});

describe('the dataProvider topics', () => {
  it("name the console's resources as the stream does", () => {
    expect(streamTopicOf('resource/master/patients')).toBe('resource/master/patients');
    expect(streamTopicOf('resource/master/patients/12')).toBe('resource/master/patients/12');
    expect(streamTopicOf('resource/master/medical-facilities/3/params')).toBe(
      'resource/master/medical-facilities/params',
    );
    expect(streamTopicOf('resource/master/medical-facilities/3/params/8')).toBe(
      'resource/master/medical-facilities/params/8',
    );
    // A screen at another path than its API: the console's 'simulator/poli' is the API's 'admin/simulator/poli'.
    expect(streamTopicOf('resource/simulator/poli')).toBe('resource/admin/simulator/poli');
    expect(streamTopicOf('resource/simulator/poli/4')).toBe('resource/admin/simulator/poli/4');
    expect(streamTopicOf('menu')).toBe('menu');
  });

  it('subscribe and unsubscribe as ra-realtime does, answering with a promise', async () => {
    await expect(dataProvider.subscribe('menu', () => undefined)).resolves.toEqual({ data: null });
    await expect(dataProvider.unsubscribe('menu', () => undefined)).resolves.toEqual({ data: null });
  });
});
