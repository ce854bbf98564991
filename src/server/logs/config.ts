/** Settings of the platform's own logs, from the environment (see README "Logs"). */
export interface LogConfig {
  /** Whole months older than this many leave at the daily retention run (LOG_RETENTION_MONTHS). */
  retentionMonths: number;
  /** Rows older than this many days leave too, when set (LOG_RETENTION_DAYS; null: months only). */
  retentionDays: number | null;
  /** A request slower than this is a PERFORMANCE warning in the system log (LOG_SLOW_REQUEST_MS). */
  slowRequestMs: number;
  /** Buffered rows are written at this many (LOG_BUFFER_ROWS) ... */
  bufferRows: number;
  /** ... or this often (LOG_FLUSH_MS), whichever comes first. */
  flushIntervalMs: number;
  /** At most this many rows wait in memory; past it the oldest are dropped and counted. */
  maxBufferedRows: number;
  /** Every /api request in api_request_logs (LOG_API_REQUESTS=0 switches it off). */
  apiRequests: boolean;
  /** Opening a patient's data writes a patient access log row (PATIENT_ACCESS_LOG=0 switches it off). */
  patientAccess: boolean;
}

const int = (value: string | undefined, fallback: number, min = 0) => {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n >= min ? Math.floor(n) : fallback;
};

export function logConfig(env: NodeJS.ProcessEnv): LogConfig {
  const bufferRows = int(env.LOG_BUFFER_ROWS, 500, 1);
  return {
    retentionMonths: int(env.LOG_RETENTION_MONTHS, 12, 1),
    retentionDays: env.LOG_RETENTION_DAYS ? int(env.LOG_RETENTION_DAYS, 0, 1) || null : null,
    slowRequestMs: int(env.LOG_SLOW_REQUEST_MS, 1000, 1),
    bufferRows,
    flushIntervalMs: int(env.LOG_FLUSH_MS, 1000, 10),
    maxBufferedRows: Math.max(bufferRows * 4, int(env.LOG_MAX_BUFFERED_ROWS, 20_000, 1)),
    apiRequests: env.LOG_API_REQUESTS !== '0',
    patientAccess: env.PATIENT_ACCESS_LOG !== '0',
  };
}
