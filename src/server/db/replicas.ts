/**
 * Read replicas (DATABASE_READ_URL): which of them heavy reads may use now, watched in the
 * background. Every `checkMs` the primary's WAL position is sampled and each replica is asked
 * how far it has replayed, both under a deadline. A replica that does not answer, or whose
 * replay is more than `maxLagMs` behind the primary, is skipped (its reads go to the primary)
 * with a system-log warning, and taken back with one info line once it answers and has caught
 * up. Lag is measured from WAL positions, not from the last replayed transaction's time: an
 * idle primary leaves a healthy replica's last transaction old without it being behind.
 */
import pg from 'pg';

/** A WAL position ('16/B374D848') as a number, for comparing. */
export function lsnValue(lsn: string): bigint {
  const [hi, lo] = lsn.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

/** One sample of the primary's WAL position, at a moment of performance.now(). */
export interface WalSample {
  at: number;
  lsn: bigint;
}

/**
 * How long ago the primary first had WAL the replica has not replayed, in ms: 0 when it has
 * replayed all the primary had at the last sample. `history` is oldest first. When even the
 * oldest sample is ahead of the replica, the lag is at least the age of that sample.
 */
export function replayLagMs(history: WalSample[], replayed: bigint, now: number): number {
  const latest = history.at(-1);
  if (!latest || replayed >= latest.lsn) return 0;
  const firstAhead = history.find((s) => s.lsn > replayed)!;
  return Math.max(0, Math.round(now - firstAhead.at));
}

/** What a probe learns of a replica: how far it has replayed ('X/Y'). */
export interface ProbeResult {
  lsn: string;
  /** A lag the probe measured itself (tests); otherwise it is computed from `lsn`. */
  lagMs?: number;
}

export type ReplicaProbe = (replica: Replica, deadlineMs: number) => Promise<ProbeResult>;

export interface ReplicaStatus {
  /** Host and port (never the password of the connection string). */
  name: string;
  up: boolean;
  lag_ms: number | null;
  /** Heavy reads go to it now. */
  in_use: boolean;
  /** Heavy-read statements this process has run on it. */
  heavy_reads: number;
}

export interface ReadEvent {
  level: 'WARNING' | 'INFO';
  message: string;
}

export class Replica {
  readonly name: string;
  up = false;
  lagMs: number | null = null;
  replayed = -1n;
  usable = false;
  /** Whether a state was ever reported (the first check is silent when the replica is fine). */
  reported = false;
  client?: pg.Client;

  constructor(readonly url: string) {
    const u = new URL(url);
    this.name = `${u.hostname}:${u.port || 5432}${u.pathname}`;
  }
}

/** Asks the replica how far it has replayed; a server not in recovery has all of its own WAL. */
export const sqlProbe: ReplicaProbe = async (replica, deadlineMs) => {
  if (!replica.client) {
    const client = new pg.Client({
      connectionString: replica.url,
      connectionTimeoutMillis: deadlineMs,
      query_timeout: deadlineMs,
      application_name: 'dkj-api-probe',
    });
    client.on('error', () => undefined); // a replica going away: the next probe sees it
    replica.client = client;
    await client.connect();
  }
  const { rows } = await replica.client.query<{ lsn: string }>(
    `SELECT (CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_lsn() END)::text AS lsn`,
  );
  return { lsn: rows[0].lsn ?? '0/0' };
};

export interface ReadRouterOptions {
  maxLagMs: number;
  checkMs: number;
  /** The primary's current WAL position ('X/Y'). */
  primaryLsn: () => Promise<string>;
  probe?: ReplicaProbe;
}

const HISTORY_MS = 120_000;

export class ReadRouter {
  readonly replicas: Replica[];
  /** Heavy reads served, by where: 'primary' or a replica's name. */
  readonly served: Record<string, number> = { primary: 0 };
  private history: WalSample[] = [];
  private timer?: NodeJS.Timeout;
  private next = 0;
  private checking?: Promise<void>;
  private listener?: (e: ReadEvent) => void;
  private pending: ReadEvent[] = [];
  private readonly probe: ReplicaProbe;

  constructor(
    urls: string[],
    private readonly options: ReadRouterOptions,
  ) {
    this.replicas = urls.map((u) => new Replica(u));
    for (const r of this.replicas) this.served[r.name] = 0;
    this.probe = options.probe ?? sqlProbe;
  }

  /** Checks once at once, then every checkMs in the background. */
  async start() {
    await this.check();
    this.timer = setInterval(() => void this.check(), this.options.checkMs);
    this.timer.unref();
  }

  /** Where warnings and recoveries go (the system log); events before it are kept for it. */
  onEvent(listener: (e: ReadEvent) => void) {
    this.listener = listener;
    for (const e of this.pending.splice(0)) listener(e);
  }

  /**
   * A replica for a heavy read of a session whose last write is at `writeLsn`: one in use that
   * has replayed at least that far (round robin), or undefined for the primary. No waiting: a
   * replica not yet there leaves this read to the primary.
   */
  pick(writeLsn?: string): Replica | undefined {
    const floor = writeLsn ? lsnValue(writeLsn) : -1n;
    const n = this.replicas.length;
    for (let i = 0; i < n; i++) {
      const r = this.replicas[(this.next + i) % n];
      if (r.usable && r.replayed >= floor) {
        this.next = (this.next + i + 1) % n;
        return r;
      }
    }
    return undefined;
  }

  count(where: Replica | undefined) {
    this.served[where?.name ?? 'primary']++;
  }

  /** A statement on the replica failed because the replica went: skip it until it answers. */
  fail(replica: Replica, reason: string) {
    if (!replica.up) return;
    this.setState(replica, false, null, reason);
  }

  status(): ReplicaStatus[] {
    return this.replicas.map((r) => ({
      name: r.name,
      up: r.up,
      lag_ms: r.lagMs,
      in_use: r.usable,
      heavy_reads: this.served[r.name],
    }));
  }

  /** One round of checks (a round already running is awaited, not doubled). */
  check(): Promise<void> {
    this.checking ??= this.round().finally(() => (this.checking = undefined));
    return this.checking;
  }

  stop() {
    clearInterval(this.timer);
    for (const r of this.replicas) void r.client?.end().catch(() => undefined);
  }

  private async round() {
    const deadline = Math.max(200, Math.min(this.options.checkMs, 2000));
    try {
      const lsn = await withDeadline(this.options.primaryLsn(), deadline);
      const now = performance.now();
      this.history.push({ at: now, lsn: lsnValue(lsn) });
      while (this.history.length > 2 && this.history[0].at < now - HISTORY_MS) this.history.shift();
    } catch {
      // The primary did not answer: the replicas' lag cannot be told this round; keep states.
      return;
    }
    await Promise.all(
      this.replicas.map(async (r) => {
        try {
          const res = await withDeadline(this.probe(r, deadline), deadline);
          const replayed = lsnValue(res.lsn);
          const lag = res.lagMs ?? replayLagMs(this.history, replayed, performance.now());
          r.replayed = replayed;
          this.setState(r, true, lag);
        } catch (err) {
          void r.client?.end().catch(() => undefined);
          r.client = undefined;
          this.setState(r, false, null, (err as Error).message || 'tidak menjawab');
        }
      }),
    );
  }

  private setState(r: Replica, up: boolean, lagMs: number | null, reason?: string) {
    const usable = up && lagMs !== null && lagMs <= this.options.maxLagMs;
    const changed = usable !== r.usable || !r.reported;
    r.up = up;
    r.lagMs = lagMs;
    r.usable = usable;
    if (!changed) return;
    const first = !r.reported;
    r.reported = true;
    if (usable && first) return; // fine from the start: nothing to say
    if (usable)
      this.emit({ level: 'INFO', message: `Replika baca ${r.name} dipakai lagi (tertinggal ${lagMs} ms)` });
    else
      this.emit({
        level: 'WARNING',
        message: up
          ? `Replika baca ${r.name} dilewati: tertinggal ${lagMs} ms (batas ${this.options.maxLagMs} ms); bacaannya ke primary`
          : `Replika baca ${r.name} dilewati: tidak terjangkau (${reason}); bacaannya ke primary`,
      });
  }

  private emit(e: ReadEvent) {
    if (this.listener) this.listener(e);
    else this.pending.push(e);
  }
}

function withDeadline<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`tidak menjawab dalam ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
