/**
 * Scheduled backups of the embedded database: with BACKUP_DIR set the server writes one every
 * BACKUP_EVERY_HOURS into it and keeps the newest BACKUP_KEEP. Each backup (or failure) is a
 * system log line; /api/health reports the last one's time and a warning when it failed or is
 * older than two periods. Times come from the project's clock, so tests can set them.
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import { now as clockNow } from '../../domain/clock.js';
import { makeBackup } from './backup.js';
import type { BackupScheduleConfig } from './config.js';

export interface BackupStatus {
  /** When the last backup was written (ISO), null before the first. */
  last_at: string | null;
  /** 'stale': the last is older than two periods (or none yet after two); 'failed': the last attempt failed. */
  warning: 'stale' | 'failed' | null;
}

type Report = (level: 'INFO' | 'WARNING' | 'ERROR', message: string, details?: unknown) => void;

const NAME = /^dkj-backup-(\d{8}T\d{6}Z)\.dkjb$/;
const fileName = (at: number) =>
  `dkj-backup-${new Date(at)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.dkjb`;
const timeOf = (name: string) => {
  const s = NAME.exec(name)![1];
  return Date.parse(`${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 11)}:${s.slice(11, 13)}:${s.slice(13)}`);
};
const MAX_WAIT_MS = 3_600_000;

export class BackupSchedule {
  private lastAt: number | null = null;
  private failed = false;
  private startedAt: number;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;
  private readonly periodMs: number;

  constructor(
    private readonly options: BackupScheduleConfig & { dir: string },
    private readonly config: Config,
    private readonly db: Db,
    private readonly report: Report,
    /** BACKUP_PASSPHRASE is read from here at each backup. */
    private readonly env: NodeJS.ProcessEnv = process.env,
    private readonly now: () => number = clockNow,
  ) {
    this.periodMs = options.everyHours * 3_600_000;
    this.startedAt = now();
  }

  status(): BackupStatus {
    const since = this.now() - (this.lastAt ?? this.startedAt);
    const warning = since > 2 * this.periodMs ? 'stale' : this.failed ? 'failed' : null;
    return { last_at: this.lastAt === null ? null : new Date(this.lastAt).toISOString(), warning };
  }

  /** The backups in the directory, oldest first. */
  async files(): Promise<string[]> {
    const names = await readdir(this.options.dir).catch(() => [] as string[]);
    return names.filter((n) => NAME.test(n)).sort();
  }

  /** Learns the last backup from the directory, then backs up whenever one is due. */
  async start() {
    const files = await this.files();
    if (files.length) this.lastAt = timeOf(files.at(-1)!);
    this.startedAt = this.now();
    await this.tick();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    return this.running ?? Promise.resolve();
  }

  private async tick() {
    if (this.stopped) return;
    await this.runDue();
    if (this.stopped) return;
    const due = (this.lastAt ?? -Infinity) + this.periodMs - this.now();
    // A failed attempt is tried again after a period, or an hour when that is shorter.
    const wait = this.failed
      ? Math.min(this.periodMs, MAX_WAIT_MS)
      : Math.min(Math.max(due, 1000), MAX_WAIT_MS);
    this.timer = setTimeout(() => void this.tick(), wait);
    this.timer.unref();
  }

  /** Writes a backup if one is due (or a failed attempt waits to be tried again). */
  async runDue(): Promise<void> {
    if (this.lastAt !== null && this.now() < this.lastAt + this.periodMs && !this.failed) return;
    this.running = this.run();
    await this.running;
  }

  private async run() {
    const at = this.now();
    const file = path.join(this.options.dir, fileName(at));
    try {
      await mkdir(this.options.dir, { recursive: true, mode: 0o700 });
      const header = await makeBackup(file, this.config, this.env, this.db);
      this.lastAt = at;
      this.failed = false;
      const removed = await this.prune();
      this.report('INFO', `Cadangan basis data dibuat: ${path.basename(file)}`, {
        file,
        bytes: header.size,
        schema: header.meta.schema,
        removed,
      });
    } catch (err) {
      this.failed = true;
      this.report('ERROR', `Cadangan basis data gagal: ${(err as Error).message}`, { file });
    }
    const { last_at: last, warning } = this.status();
    if (warning === 'stale')
      this.report(
        'WARNING',
        `Cadangan basis data terakhir ${last ?? '(belum ada)'} lebih tua dari dua periode (${2 * this.options.everyHours} jam)`,
        { last_at: last },
      );
  }

  /** Removes all but the newest BACKUP_KEEP backups; returns the names removed. */
  private async prune(): Promise<string[]> {
    const files = await this.files();
    const old = files.slice(0, Math.max(0, files.length - this.options.keep));
    for (const name of old) await rm(path.join(this.options.dir, name), { force: true });
    return old;
  }
}
