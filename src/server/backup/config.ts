import path from 'node:path';

/** Scheduled backups of the embedded database (src/server/backup/schedule.ts). */
export interface BackupScheduleConfig {
  /** BACKUP_DIR; unset: no scheduled backups. */
  dir?: string;
  everyHours: number;
  keep: number;
}

export function backupScheduleConfig(env: NodeJS.ProcessEnv): BackupScheduleConfig {
  const num = (v: string | undefined, fallback: number) => (v && Number(v) > 0 ? Number(v) : fallback);
  return {
    dir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : undefined,
    everyHours: num(env.BACKUP_EVERY_HOURS, 24),
    keep: Math.max(1, Math.floor(num(env.BACKUP_KEEP, 7))),
  };
}
