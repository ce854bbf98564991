/**
 * The log buffer: requests hand their log rows to it and never wait for the database. Rows are
 * written in one multi-row INSERT per table every `flushIntervalMs`, or as soon as
 * `bufferRows` are waiting, on the light pool and outside any request's deadline or
 * cancellation. At most `maxBufferedRows` wait: while the database cannot take them the oldest
 * are dropped and counted, and the count becomes a system log once writing works again. A
 * crash loses at most what is waiting; close() writes it.
 */
import type { Db } from '../db/db.js';
import { work } from '../db/work.js';
import type { PatientAccessAction } from '../../domain/patient-access.js';

export type Level = 'CRITICAL' | 'ERROR' | 'WARNING' | 'INFO' | 'DEBUG';
export type Category = 'AUTH' | 'API' | 'DATABASE' | 'SECURITY' | 'PERFORMANCE';
export type Severity = 'CRITICAL' | 'HIGH' | 'MEDIUM' | 'LOW';

export interface ApiRequestRow {
  request_id: string;
  request_time: string;
  method: string;
  url: string;
  route_pattern: string | null;
  status_code: number;
  duration_ms: number;
  user_id: number | null;
  username: string | null;
  facility_id: number | null;
  ip_address: string | null;
  user_agent: string | null;
  request_data: unknown;
  /** The answer as JSON text (see loggedText). */
  response_data: string | null;
}

export interface SystemRow {
  level: Level;
  category: Category;
  message: string;
  admin_id?: number | null;
  username?: string | null;
  ip_address?: string | null;
  request_id?: string | null;
  details?: unknown;
  created_at?: string;
}

export interface SecurityRow {
  event_type: 'FAILED_LOGIN' | 'BRUTE_FORCE' | 'SUSPICIOUS_ACTIVITY';
  severity: Severity;
  description: string;
  email?: string | null;
  ip_address?: string | null;
  admin_id?: number | null;
  details?: unknown;
  created_at?: string;
}

export interface ActivityRow {
  admin_id: number | null;
  username: string | null;
  action: 'CREATE' | 'UPDATE' | 'DELETE' | 'VIEW' | 'IMPORT' | 'UNDO_IMPORT';
  table_name: string;
  record_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  response_status: number;
  old_values?: unknown;
  new_values?: unknown;
  details?: unknown;
  created_at?: string;
}

export interface PatientAccessRow {
  /** When the record was read (the clock module), not when the batch is written. */
  at: string;
  user_id: number | null;
  username: string | null;
  /** The patient read; for an appointment, null and found from appointment_id when written. */
  patient_id: number | null;
  appointment_id: number | null;
  action: PatientAccessAction;
  /** 'GET /api/master/patients/:id' */
  route: string;
  screen: string | null;
  ip_address: string | null;
  /** An export's search and filters, and how many rows it sent. */
  filter?: unknown;
  row_count?: number | null;
}

interface Rows {
  api_request_logs: ApiRequestRow;
  system_logs: SystemRow;
  security_events: SecurityRow;
  activity_logs: ActivityRow;
  patient_access_logs: PatientAccessRow;
}
type Table = keyof Rows;

/** Each table's columns as jsonb_to_recordset reads them, and how each is inserted. */
const COLUMNS: Record<Table, [name: string, type: string, expr?: string][]> = {
  api_request_logs: [
    ['request_id', 'text'],
    ['request_time', 'timestamptz'],
    ['method', 'text'],
    ['url', 'text'],
    ['route_pattern', 'text'],
    ['status_code', 'smallint'],
    ['duration_ms', 'real'],
    ['user_id', 'integer'],
    ['username', 'text'],
    ['facility_id', 'integer'],
    ['ip_address', 'text'],
    ['user_agent', 'text'],
    ['request_data', 'jsonb'],
    ['response_data', 'text', 'r.response_data::jsonb'], // JSON text, parsed by PostgreSQL
  ],
  system_logs: [
    ['level', 'text'],
    ['category', 'text'],
    ['message', 'text'],
    ['admin_id', 'integer'],
    ['username', 'text'],
    ['ip_address', 'text'],
    ['request_id', 'text'],
    ['details', 'jsonb'],
    ['created_at', 'timestamptz', 'coalesce(r.created_at, app_now())'],
  ],
  security_events: [
    ['event_type', 'text'],
    ['severity', 'text'],
    ['description', 'text'],
    ['email', 'text'],
    ['ip_address', 'text'],
    ['admin_id', 'integer'],
    ['details', 'jsonb'],
    ['created_at', 'timestamptz', 'coalesce(r.created_at, app_now())'],
  ],
  activity_logs: [
    // activity_logs keeps its foreign key to web_admins: an admin removed meanwhile becomes null.
    ['admin_id', 'integer', '(SELECT w.id FROM web_admins w WHERE w.id = r.admin_id)'],
    ['username', 'text'],
    ['action', 'text'],
    ['table_name', 'text'],
    ['record_id', 'text'],
    ['ip_address', 'text'],
    ['user_agent', 'text'],
    ['response_status', 'integer'],
    ['old_values', 'jsonb'],
    ['new_values', 'jsonb'],
    ['details', 'jsonb'],
    ['created_at', 'timestamptz', 'coalesce(r.created_at, app_now())'],
  ],
  patient_access_logs: [
    ['at', 'timestamptz'],
    ['user_id', 'integer'],
    ['username', 'text'],
    [
      'patient_id',
      'integer',
      'coalesce(r.patient_id, (SELECT a.patient_id FROM appointments a WHERE a.id = r.appointment_id))',
    ],
    ['appointment_id', 'integer'],
    ['action', 'text'],
    ['route', 'text'],
    ['screen', 'text'],
    ['ip_address', 'text'],
    ['filter', 'jsonb'],
    ['row_count', 'integer'],
  ],
};

/** One statement per table: the whole batch as one JSON parameter. */
export const INSERT_SQL: Record<Table, string> = Object.fromEntries(
  (Object.keys(COLUMNS) as Table[]).map((table) => {
    const cols = COLUMNS[table];
    return [
      table,
      `INSERT INTO ${table} (${cols.map(([c]) => c).join(', ')})
       SELECT ${cols.map(([c, , expr]) => expr ?? `r.${c}`).join(', ')}
         FROM jsonb_to_recordset($1::jsonb) AS r(${cols.map(([c, t]) => `${c} ${t}`).join(', ')})`,
    ];
  }),
) as Record<Table, string>;

export interface WriterOptions {
  bufferRows: number;
  flushIntervalMs: number;
  maxBufferedRows: number;
  /** Where the writer reports its own trouble (the server's logger). */
  onError?: (err: unknown, message: string) => void;
}

const emptyBuffers = (): { [T in Table]: Rows[T][] } => ({
  api_request_logs: [],
  system_logs: [],
  security_events: [],
  activity_logs: [],
  patient_access_logs: [],
});

/** A batch that failed this many times in a row is given up (a row the table refuses). */
const MAX_ATTEMPTS = 3;

export class LogWriter {
  private buffers = emptyBuffers();
  private size = 0;
  private attempts = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private closed = false;
  /** Rows given up since the last report (buffer full, or refused by the database). */
  dropped = 0;
  /** Rows written since start. */
  written = 0;

  constructor(
    private readonly db: Db,
    private readonly options: WriterOptions,
  ) {
    this.timer = setInterval(() => void this.flush(), options.flushIntervalMs);
    this.timer.unref();
  }

  get pending() {
    return this.size;
  }

  apiRequest(row: ApiRequestRow) {
    this.push('api_request_logs', row);
  }
  system(row: SystemRow) {
    this.push('system_logs', row);
  }
  security(row: SecurityRow) {
    this.push('security_events', row);
  }
  activity(row: ActivityRow) {
    this.push('activity_logs', row);
  }
  patientAccess(row: PatientAccessRow) {
    this.push('patient_access_logs', row);
  }

  private push<T extends Table>(table: T, row: Rows[T]) {
    (this.buffers[table] as Rows[T][]).push(row);
    this.size++;
    if (this.size > this.options.maxBufferedRows) this.dropOldest();
    if (this.size >= this.options.bufferRows) void this.flush();
  }

  /** The API request log is the bulk of the rows and the least precious: it gives way first. */
  private dropOldest() {
    const order: Table[] = [
      'api_request_logs',
      'activity_logs',
      'system_logs',
      'patient_access_logs',
      'security_events',
    ];
    while (this.size > this.options.maxBufferedRows) {
      const table = order.find((t) => this.buffers[t].length > 0);
      if (!table) break;
      this.buffers[table].shift();
      this.size--;
      this.dropped++;
    }
  }

  /**
   * Writes what is waiting. Never run inside a request's context: the batch belongs to no
   * request, so neither its heavy pool nor its cancellation applies.
   */
  flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = work
      .exit(() => this.writeAll())
      .finally(() => {
        this.running = null;
        if (this.again && this.size >= this.options.bufferRows) {
          this.again = false;
          void this.flush();
        }
        this.again = false;
      });
    return this.running;
  }

  private async writeAll() {
    if (!this.size) return;
    const batch = this.buffers;
    this.buffers = emptyBuffers();
    const total = this.size;
    this.size = 0;
    const failed: Partial<typeof batch> = {};
    for (const table of Object.keys(batch) as Table[]) {
      const rows = batch[table];
      if (!rows.length) continue;
      try {
        await this.db.query(INSERT_SQL[table], [JSON.stringify(rows)]);
        this.written += rows.length;
      } catch (err) {
        (failed as Record<Table, unknown[]>)[table] = rows;
        this.options.onError?.(err, `log rows not written (${table}, ${rows.length} rows)`);
      }
    }
    const failedCount = Object.values(failed).reduce((n, rows) => n + rows.length, 0);
    if (failedCount) {
      this.attempts++;
      if (this.attempts >= MAX_ATTEMPTS || this.closed) {
        this.dropped += failedCount;
        this.attempts = 0;
      } else {
        // Back in front of what arrived meanwhile, within the bound.
        for (const table of Object.keys(failed) as Table[]) {
          (this.buffers[table] as unknown[]).unshift(...failed[table]!);
          this.size += failed[table]!.length;
        }
        if (this.size > this.options.maxBufferedRows) this.dropOldest();
      }
      return;
    }
    this.attempts = 0;
    if (this.dropped && total > 0) {
      const n = this.dropped;
      this.dropped = 0;
      this.system({
        level: 'WARNING',
        category: 'DATABASE',
        message: `${n} baris log dibuang karena basis data tidak dapat menerimanya tepat waktu`,
        details: { dropped: n },
      });
    }
  }

  /** Stops the timer and writes everything still waiting. */
  async close() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
    this.closed = true;
    await this.flush();
    if (this.size) await this.flush(); // the drop report, if any
  }
}
