/**
 * Long database work a PostgreSQL server finds at start, done behind the served console rather
 * than before it answers: missing or invalid list indexes (./indexes.ts), stale rollups
 * (./rollups.ts) and the request-log summary to fill (./log-summary.ts), side by side, each on a
 * connection of its own. With several processes one does each (advisory locks); the others look
 * again every few seconds until it is done, and take over should that process stop. Each step is a system log line; /api/health says what runs.
 * PGlite (embedded, small) does all of it before it serves (src/server/setup.ts).
 */
import type { Db, Session } from '../db/db.js';
import type { ResourceDeclaration } from '../../domain/resource.js';
import { buildListIndexes, listIndexesToDo } from './indexes.js';
import { rebuildRollupsBehind, staleRollups } from './rollups.js';
import { fillLogSummaryBehind, summaryToFill } from './log-summary.js';
import type { Report } from './report.js';

export interface MaintenanceStatus {
  running: boolean;
  /** What is being done now, one line per kind of work. */
  tasks: string[];
}

type Kind = 'indexes' | 'rollups' | 'logSummary';
const LABEL: Record<Kind, string> = {
  indexes: 'Indeks daftar',
  rollups: 'Rollup',
  logSummary: 'Ringkasan log API',
};
const MAX_RETRY_MS = 10 * 60_000;

interface Job {
  /** Whether there is work left (read on the job's own connection). */
  needed(s: Session): Promise<boolean>;
  /** Does it under the job's lock; false when another process holds the lock. */
  work(s: Session, doing: (task: string | null) => void): Promise<boolean>;
}

export class Maintenance {
  private readonly tasks = new Map<Kind, string>();
  private readonly sessions = new Set<Session>();
  private stopping = false;
  private wake = new Set<() => void>();
  /** Resolves when nothing is left to do, or when stop() ended the work. */
  done: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly decls: ResourceDeclaration[],
    private readonly report: Report,
    /** How long to wait before looking again while another process works, or after a failure. */
    private readonly retryMs = 5000,
  ) {}

  status(): MaintenanceStatus {
    return { running: this.tasks.size > 0, tasks: [...this.tasks.values()] };
  }

  /** Starts the work in the background (PostgreSQL only; PGlite did it before serving). */
  start(): Promise<void> {
    if (!this.db.openSession) return this.done;
    const { decls, report } = this;
    this.done = Promise.all([
      this.run('indexes', {
        needed: async (s) => (await listIndexesToDo(s, decls)) > 0,
        work: (s, doing) => buildListIndexes(s, decls, report, doing),
      }),
      this.run('rollups', {
        needed: async (s) => (await staleRollups(s)).length > 0,
        work: (s, doing) => rebuildRollupsBehind(s, report, doing),
      }),
      this.run('logSummary', {
        needed: summaryToFill,
        work: (s, doing) => fillLogSummaryBehind(s, report, doing),
      }),
    ]).then(() => undefined);
    return this.done;
  }

  /** Ends the work: a statement running is cancelled (the next start does it again). */
  async stop() {
    this.stopping = true;
    for (const wake of this.wake) wake();
    await Promise.all([...this.sessions].map((s) => s.cancel().catch(() => undefined)));
    await this.done.catch(() => undefined);
  }

  private async run(kind: Kind, job: Job) {
    let failures = 0;
    const doing = (task: string | null) => (task ? this.tasks.set(kind, task) : this.tasks.delete(kind));
    try {
      while (!this.stopping) {
        let s: Session | undefined;
        try {
          s = await this.db.openSession!();
          this.sessions.add(s);
          if (!(await job.needed(s))) return;
          if (!(await job.work(s, doing))) doing(`${LABEL[kind]}: dikerjakan oleh proses lain`);
          else if (!(await job.needed(s))) return;
          failures = 0;
        } catch (err) {
          if (this.stopping) return;
          failures++;
          const message = err instanceof Error ? err.message : String(err);
          this.report('ERROR', `${LABEL[kind]}: pemeliharaan gagal (${message}); dicoba lagi`, { kind });
          doing(`${LABEL[kind]}: menunggu untuk dicoba lagi`);
        } finally {
          if (s) {
            this.sessions.delete(s);
            await s.close().catch(() => undefined);
          }
        }
        await this.sleep(Math.min(this.retryMs * 2 ** failures, MAX_RETRY_MS));
      }
    } finally {
      doing(null);
    }
  }

  private sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake.add(done);
    });
  }
}
