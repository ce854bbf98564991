/**
 * One process's side of the change stream: it follows the outbox (migration 035) from where it
 * started, woken by NOTIFY (PostgreSQL: every process hears every commit; PGlite: in process),
 * and tells each open stream what its reader may know. One query per wake-up, whatever the
 * number of readers; frames are cut once per kind of reader (same menus, same facility).
 */
import type { Db, Queryable, Session } from '../db/db.js';
import { loadAdminsBySession, type AdminContext } from '../plugins/access.js';
import { type Change, changeFrames, FIGURE_SOURCES, frame, readerKey, readerOf } from './frames.js';
import type { Source } from './sources.js';
import { nowDate } from '../../domain/clock.js';
import { work } from '../db/work.js';

export interface HubOptions {
  /** Comment line sent to every stream this often (and sessions checked for expiry). */
  heartbeatMs: number;
  /** Outbox rows older than this are pruned (a reconnect from further back gets `reload`). */
  retentionMs: number;
  /** A stream whose reader does not take its frames holds at most this much before it is closed. */
  maxBufferedBytes?: number;
  /** Dashboard figures events at most this often. */
  figuresMs?: number;
  /** How long after a notification the outbox is read, so that the writes of that moment go together (ms). */
  batchMs?: number;
  /** Called as soon as a write moves the figures (reused answers are dropped: shared-answers). */
  onFiguresMoved?: () => void;
}

/** One open stream: where its frames go, and who reads it. */
export interface Stream {
  admin: AdminContext;
  key: string;
  write(text: string): void;
  /** Bytes written and not yet taken by the client. */
  buffered(): number;
  end(): void;
  /** Frames held while its replay runs (replay first, then what came live meanwhile). */
  held?: string[];
}

/** How long a gap in the outbox ids is waited for (a transaction between its write and commit). */
const GAP_WAIT_MS = 250;
const BATCH_MS = 400; // HubOptions.batchMs's default: 2,000 streams keep 90 % of the mix (bench:realtime)
/** Ids skipped as gaps, looked for again this long (a long import batch commits late). */
const LATE_MS = 5 * 60_000;
/** When nothing was heard, the outbox is still read this often (a lost notification). */
const POLL_MS = 5000;
const PAGE = 1000;

const COLUMNS = `id, source, kind, ids, facilities, count, version, actor_id, actor_name,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at`;

export class Hub {
  readonly streams = new Set<Stream>();
  /** The last outbox id delivered in order; later ones arrive live. */
  cursor = 0;
  private late = new Map<number, number>();
  private gapSince = 0;
  private fetching: Promise<void> | undefined;
  private again = false;
  private timers: NodeJS.Timeout[] = [];
  private unlisten: (() => Promise<void>) | undefined;
  private figures = new Map<string, { id: number; scopes: Set<string>; facilities: Set<number> | null }>();
  private figuresTimer: NodeJS.Timeout | undefined;
  private batchTimer: NodeJS.Timeout | undefined;
  private checkingSessions: Promise<void> | undefined;
  private session: Promise<Session> | undefined;
  private stopped = false;

  /**
   * The hub's own reads: on PostgreSQL a connection of its own (named dkj-events), so that a
   * burst of requests holding every pool connection does not hold up the events; opened again
   * after it fails.
   */
  private readonly reads: Queryable = {
    query: async (sql, params) => {
      if (!this.db.openSession) return this.db.query(sql, params);
      this.session ??= this.db.openSession('dkj-events');
      const session = this.session;
      try {
        return await (await session).query(sql, params);
      } catch (err) {
        if (this.session === session) this.session = undefined;
        void session.then((s) => s.close()).catch(() => undefined);
        throw err;
      }
    },
  };

  constructor(
    private readonly db: Db,
    private readonly sources: Map<string, Source>,
    private readonly options: HubOptions,
  ) {}

  async start(): Promise<void> {
    const { rows } = await this.db.query<{ schema: string; last: number | null }>(
      'SELECT current_schema() AS schema, (SELECT max(id) FROM change_outbox) AS last',
    );
    this.cursor = Number(rows[0].last ?? 0);
    const { schema } = rows[0];
    const changes = `dkj_changes_${schema}`;
    this.unlisten = await this.db.listen(
      [changes, `dkj_sessions_${schema}`],
      (channel) => (channel === changes ? this.wakeSoon() : void this.checkSessions()),
      () => {
        this.wake();
        void this.checkSessions();
      },
    );
    const every = (ms: number, fn: () => void) => {
      const t = setInterval(fn, ms);
      t.unref();
      this.timers.push(t);
    };
    every(this.options.heartbeatMs, () => this.heartbeat());
    every(POLL_MS, () => this.wake());
    every(60_000, () => void this.prune().catch(() => undefined));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    clearTimeout(this.figuresTimer);
    clearTimeout(this.batchTimer);
    await this.unlisten?.();
    await this.fetching;
    const session = this.session;
    this.session = undefined;
    await session?.then((s) => s.close()).catch(() => undefined);
    for (const s of this.streams) s.end();
    this.streams.clear();
  }

  /** A new stream: told the current id, or replayed what it missed since `lastEventId`. */
  async open(stream: Stream, lastEventId: number | undefined): Promise<void> {
    stream.key = readerKey(readerOf(stream.admin));
    this.streams.add(stream);
    stream.write('retry: 3000\n\n');
    if (lastEventId === undefined || !Number.isFinite(lastEventId)) {
      stream.write(frame('ready', {}, this.cursor));
      return;
    }
    stream.held = [];
    const upTo = this.cursor;
    try {
      const { rows } = await this.db.query<{ first: number | null }>(
        'SELECT min(id) AS first FROM change_outbox',
      );
      const first = Number(rows[0].first ?? upTo + 1);
      // Pruned past what it saw: the reader refetches its screen.
      if (lastEventId < first - 1) stream.write(frame('reload', {}));
      else await this.replay(stream, lastEventId, upTo);
      stream.write(frame('ready', {}, Math.max(upTo, lastEventId)));
    } finally {
      const held = stream.held;
      stream.held = undefined;
      for (const text of held) stream.write(text);
    }
  }

  close(stream: Stream) {
    this.streams.delete(stream);
  }

  private async replay(stream: Stream, after: number, upTo: number) {
    let from = after;
    while (from < upTo) {
      const { rows } = await this.db.query<Change>(
        `SELECT ${COLUMNS} FROM change_outbox WHERE id > $1 AND id <= $2 ORDER BY id LIMIT ${PAGE}`,
        [from, upTo],
      );
      if (!rows.length) break;
      for (const c of rows.map(normal)) {
        const source = this.sources.get(c.source);
        if (source) stream.write(changeFrames(c, source, readerOf(stream.admin)));
        else if (c.kind === 'menu') stream.write(frame('menu', { at: c.at }, c.id));
      }
      from = Number(rows[rows.length - 1].id);
    }
  }

  /** Reads the outbox a moment after a notification: one write per stream for that moment's changes. */
  private wakeSoon() {
    if (this.batchTimer || this.stopped) return;
    this.batchTimer = setTimeout(() => {
      this.batchTimer = undefined;
      this.wake();
    }, this.options.batchMs ?? BATCH_MS);
  }

  /** Reads the outbox now, or once more after the read under way. */
  wake() {
    if (this.stopped) return;
    if (this.fetching) {
      this.again = true;
      return;
    }
    // Outside whatever request woke it: its statements must not die with that request's client.
    this.fetching = work
      .exit(() => this.fetch())
      .catch(() => undefined) // the next notification or poll reads again
      .finally(() => {
        this.fetching = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async fetch(): Promise<void> {
    for (;;) {
      const late = [...this.late.keys()];
      const { rows } = await this.reads.query<Change>(
        `SELECT ${COLUMNS} FROM change_outbox WHERE id > $1 OR id = ANY($2::bigint[]) ORDER BY id LIMIT ${PAGE}`,
        [this.cursor, late],
      );
      const changes = rows.map(normal);
      const ready: Change[] = [];
      let waiting = false;
      for (const c of changes) {
        if (this.late.delete(c.id)) {
          ready.push(c);
          continue;
        }
        if (c.id <= this.cursor) continue;
        if (c.id > this.cursor + 1) {
          // An id not committed yet (or never): wait a moment, then go on without it.
          const now = Date.now();
          if (!this.gapSince) this.gapSince = now;
          if (now - this.gapSince < GAP_WAIT_MS) {
            setTimeout(() => this.wake(), GAP_WAIT_MS - (now - this.gapSince)).unref();
            waiting = true;
            break;
          }
          for (let id = this.cursor + 1; id < c.id; id++) this.late.set(id, now);
        }
        this.gapSince = 0;
        this.cursor = c.id;
        ready.push(c);
      }
      this.forgetLate();
      if (ready.length) await this.deliver(ready);
      if (waiting || rows.length < PAGE) return;
    }
  }

  private forgetLate() {
    const before = Date.now() - LATE_MS;
    for (const [id, since] of this.late) if (since < before) this.late.delete(id);
    // Bounded: a rolled-back burst must not grow this without end.
    if (this.late.size > 10_000) this.late.clear();
  }

  /** Tells every stream its share of these changes, after access they change is read again. */
  private async deliver(changes: Change[]) {
    const menu = changes.some((c) => c.kind === 'menu');
    const admins = new Set(changes.filter((c) => c.source === 'web_admins').flatMap((c) => c.ids));
    const touched = [...this.streams].filter((s) => menu || admins.has(s.admin.id));
    const moved = touched.length ? await this.reloadAccess(touched) : new Set<Stream>();
    const cache = new Map<string, string>();
    // Each stream's frames of these changes, written at once.
    const out = new Map<Stream, string>();
    const add = (st: Stream, text: string) => out.set(st, (out.get(st) ?? '') + text);
    for (const c of changes) {
      cache.clear();
      const source = this.sources.get(c.source);
      if (c.kind === 'menu') {
        for (const s of this.streams) add(s, frame('menu', { at: c.at }, c.id));
        continue;
      }
      if (!source) continue;
      for (const s of this.streams) {
        let text = cache.get(s.key);
        if (text === undefined) {
          text = changeFrames(c, source, readerOf(s.admin));
          cache.set(s.key, text);
        }
        if (text) add(s, text);
        if (!menu && moved.has(s) && c.source === 'web_admins' && c.ids.includes(s.admin.id))
          add(s, frame('menu', { at: c.at }, c.id));
      }
      this.noteFigures(c, source);
    }
    for (const [s, text] of out) if (this.streams.has(s)) this.send(s, text);
  }

  /** Reads the access of these readers again; answers those whose menus or facility changed. */
  private async reloadAccess(streams: Stream[]): Promise<Set<Stream>> {
    const fresh = await loadAdminsBySession(this.reads, [...new Set(streams.map((s) => s.admin.sessionId))]);
    const moved = new Set<Stream>();
    for (const s of streams) {
      const admin = fresh.get(s.admin.sessionId);
      if (!admin) {
        this.end(s);
        continue;
      }
      const key = readerKey(readerOf(admin));
      if (key !== s.key) moved.add(s);
      s.admin = admin;
      s.key = key;
    }
    return moved;
  }

  private send(s: Stream, text: string) {
    if (s.held) s.held.push(text);
    else if (s.buffered() > (this.options.maxBufferedBytes ?? 1 << 20))
      this.end(s); // it reconnects and replays
    else s.write(text);
  }

  private end(s: Stream) {
    this.streams.delete(s);
    s.end();
  }

  private noteFigures(c: Change, source: Source) {
    const scopes = FIGURE_SOURCES[c.source];
    if (!scopes) return;
    this.options.onFiguresMoved?.();
    const key = scopes.join(',');
    const entry = this.figures.get(key) ?? {
      id: c.id,
      scopes: new Set(scopes),
      facilities: new Set<number>(),
    };
    entry.id = Math.max(entry.id, c.id);
    if (!source.facilityColumn) entry.facilities = null;
    else for (const f of c.facilities) if (f !== null) entry.facilities?.add(f);
    this.figures.set(key, entry);
    this.figuresTimer ??= setTimeout(() => this.flushFigures(), this.options.figuresMs ?? 1000);
  }

  /** One `figures` event for what moved since the last; a facility reader hears only of its own. */
  private flushFigures() {
    this.figuresTimer = undefined;
    const entries = [...this.figures.values()];
    this.figures.clear();
    const at = nowDate().toISOString();
    for (const s of this.streams) {
      const scope = s.admin.facilityScope;
      const mine = entries.filter((e) => scope === null || e.facilities === null || e.facilities.has(scope));
      if (!mine.length) continue;
      const scopes = [...new Set(mine.flatMap((e) => [...e.scopes]))];
      this.send(s, frame('figures', { scopes, at }, Math.max(...mine.map((e) => e.id))));
    }
  }

  /** A comment to every stream (proxies keep it open), and their sessions checked. */
  private heartbeat() {
    for (const s of this.streams) this.send(s, ': ping\n\n');
    void this.checkSessions();
  }

  /** Closes the streams whose session ended (logout, revocation, expiry, a deactivated admin). */
  checkSessions(): Promise<void> {
    if (!this.checkingSessions) {
      const check = work
        .exit(() => this.closeEnded())
        .finally(() => {
          if (this.checkingSessions === check) this.checkingSessions = undefined;
        });
      this.checkingSessions = check;
    }
    return this.checkingSessions;
  }

  private async closeEnded() {
    const streams = [...this.streams];
    if (!streams.length) return;
    try {
      const live = await loadAdminsBySession(this.reads, [...new Set(streams.map((s) => s.admin.sessionId))]);
      for (const s of streams) if (!live.has(s.admin.sessionId)) this.end(s);
    } catch {
      // the next heartbeat checks again
    }
  }

  /** Drops outbox rows past the retention and spent or expired tickets. */
  async prune(): Promise<void> {
    await this.db.query(
      `DELETE FROM change_outbox WHERE created_at < app_now() - make_interval(secs => $1)`,
      [this.options.retentionMs / 1000],
    );
    await this.db.query('DELETE FROM event_tickets WHERE expires_at <= app_now()');
  }
}

/** bigint arrays arrive as numbers (types.ts); ids as numbers for comparison. */
function normal(row: Change): Change {
  return {
    ...row,
    id: Number(row.id),
    ids: (row.ids ?? []).map(Number),
    facilities: (row.facilities ?? []).map((f) => (f === null ? null : Number(f))),
  };
}
