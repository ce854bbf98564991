/**
 * Loads a generated city into the database, in one transaction, with the rollup triggers off
 * and the rollups rebuilt at the end.
 *
 * On PostgreSQL, given its URL, the load goes through binary COPY (./bulk.ts, chosen by ./city.ts). Otherwise (PGlite,
 * which has no COPY FROM STDIN) rows go in columns: one
 * `INSERT ... SELECT * FROM unnest($1::int[], $2::text[], ...)` per table and chunk; loads of
 * some size drop the secondary indexes of the largest tables and build them again afterwards
 * (faster than maintaining them row by row).
 */
import type { Db, Queryable, Tx } from '../db/db.js';
import {
  assessmentRows,
  facilityRows,
  planCity,
  type CityOptions,
  type CityPlan,
  type IdBases,
  type PatientBatch,
} from './generate.js';
import { patientBatches, patientRanges } from './entities/patients.js';
import { APPOINTMENTS, JOURNEYS, PATIENTS, copySql, encodePatientRange, type CopyTable } from './copy.js';
import { agdReportRows, emergencyRows, mentalHealthRows } from './entities/events.js';
import { insertUsersAndDeliveries } from './entities/deliveries.js';
import { insertPoli } from './entities/poli.js';

type Column = readonly [name: string, type: 'int' | 'text' | 'date' | 'timestamptz' | 'bool' | 'float8'];

const cols = (spec: string) =>
  spec
    .trim()
    .split(/\s*,\s*/)
    .map((c) => {
      const [name, type = 'text'] = c.split(/\s+/);
      return [name, type] as unknown as Column;
    });

/** The columns written per table (text unless a type is given). */
export const TABLE_COLUMNS = {
  medical_facilities: cols('id int, name, type, email, phone, online bool, kecamatan_code, address'),
  patients: cols(`id int, citizenship, identity_type, identity_number, full_name, place_of_birth,
    date_of_birth date, gender, marital_status, religion, blood_type, last_education, address, rt, rw,
    village, district, regency, province, postal_code, occupation, phone_number, email, tribe,
    mother_name, insurance, insurance_number, family_card_number, medical_facility_id int,
    kecamatan_code, created_by, created_at timestamptz, updated_at timestamptz`),
  appointments: cols(`id int, medical_facility_id int, patient_id int, nik, name,
    scheduled_date timestamptz, poly_code, poly_name, health_insurance, insurance_number,
    queue_number int, queue_left_until_my_turn int, created_by, new_patient bool, start_time,
    end_time, payment_id, doctor_name, id_type, id_number, status, created_at timestamptz,
    updated_at timestamptz`),
  appointment_journeys: cols(`appointment_id int, event_id, is_completed bool,
    timestamp_start timestamptz, timestamp_end timestamptz, duration_minutes int, title, title_en,
    blocked_attempts_count int, last_blocked_attempt_at timestamptz, last_blocked_reason`),
  emergencies: cols(
    'fullname, phone, latitude float8, longitude float8, accuracy float8, created_at timestamptz',
  ),
  agd_reports: cols(
    'category, description, kecamatan_code, latitude float8, longitude float8, reported_at timestamptz',
  ),
  mental_health_responses: cols(
    'assessment_id int, patient_id int, completed bool, score int, satisfaction int, created_at timestamptz',
  ),
} as const;
export type SeedTable = keyof typeof TABLE_COLUMNS;

/** The tables the demo city fills (a reset empties them; web admins are kept). */
export const DEMO_TABLES = [
  'appointment_journeys',
  'appointments',
  'mental_health_responses',
  'mental_health_assessments',
  'emergencies',
  'agd_reports',
  'deliveries',
  'users',
  'patients',
  'patient_rollup',
  'appointment_daily',
] as const;

/**
 * Inserts rows with one `INSERT ... SELECT * FROM unnest(...)` per `chunk` rows, each column
 * passed as one array parameter. (PGlite parses parameters slower than it inserts: chunks of a
 * few thousand rows are its sweet spot.)
 */
export async function insertColumns(
  q: Queryable,
  table: SeedTable,
  rows: readonly object[],
  chunk = 5000,
): Promise<void> {
  const spec = TABLE_COLUMNS[table];
  const sql = `INSERT INTO ${table} (${spec.map(([n]) => n).join(', ')})
     SELECT * FROM unnest(${spec.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')})`;
  for (let from = 0; from < rows.length; from += chunk) {
    const to = Math.min(rows.length, from + chunk);
    const arrays: unknown[][] = spec.map(() => new Array(to - from));
    for (let r = from; r < to; r++) {
      const row = rows[r] as Record<string, unknown>;
      for (let c = 0; c < spec.length; c++) arrays[c][r - from] = row[spec[c][0]] ?? null;
    }
    await q.query(sql, arrays);
  }
}

export interface LoadProgress {
  phase:
    | 'prepare'
    | 'facilities'
    | 'patients'
    | 'events'
    | 'indexes'
    | 'foreign keys'
    | 'rollups'
    | 'rollups and list indexes'
    | 'analyze'
    | 'done';
  patients: number;
  totalPatients: number;
  appointments: number;
  journeys: number;
  /** Rows written so far, all tables. */
  rows: number;
  elapsedMs: number;
}

export interface LoadOptions extends CityOptions {
  /**
   * postgres://... of the database `db` is connected to: load through COPY on a connection of
   * its own (PostgreSQL only; without it rows are inserted through `db`).
   */
  databaseUrl?: string;
  /** Patients per batch (their appointments and journeys go along; insert path). */
  batchSize?: number;
  /**
   * Threads drawing and encoding patients for COPY (default: up to 3, as many as there are
   * CPUs, from 50,000 patients on; 0: all in this thread).
   */
  threads?: number;
  /**
   * Insert path: drop the keys, indexes and foreign keys of the big tables for the load and
   * build them again after (default: from 1,000 patients on; COPY loads always do).
   */
  rebuildIndexes?: boolean;
  onProgress?: (progress: LoadProgress) => void;
  /** Runs at the end of the load's transaction (demo accounts linked to the new facilities). */
  finish?: (tx: Tx) => Promise<void>;
}

/** Time spent in one phase of a load; `detail` says where it went, when known. */
export interface LoadPhase {
  phase: LoadProgress['phase'];
  ms: number;
  detail?: string;
}

export interface LoadSummary {
  facilities: number;
  patients: number;
  appointments: number;
  journeys: number;
  emergencies: number;
  agdReports: number;
  mentalHealthResponses: number;
  ms: number;
  phases: LoadPhase[];
}

/**
 * Triggers off during a bulk load: the rollups (rebuilt by refresh_rollups() at the end) and
 * the patient locator (the generated patients carry their kecamatan).
 */
export const BULK_TRIGGERS = [
  'patients_rollup',
  'patients_locate',
  'appointments_rollup',
  'mental_health_rollup',
];

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function firstIds(q: Queryable): Promise<IdBases> {
  const { rows } = await q.query<{ f: number; p: number; a: number }>(
    `SELECT (SELECT coalesce(max(id), 0) + 1 FROM medical_facilities)::int AS f,
            (SELECT coalesce(max(id), 0) + 1 FROM patients)::int AS p,
            (SELECT coalesce(max(id), 0) + 1 FROM appointments)::int AS a`,
  );
  return { facility: rows[0].f, patient: rows[0].p, appointment: rows[0].a };
}

/** The assessments (kept when already there); returns their ids in assessmentRows() order. */
export async function insertAssessments(q: Queryable): Promise<number[]> {
  const assessments = assessmentRows();
  await q.query(
    `INSERT INTO mental_health_assessments (assessment_name, assessment_type, description)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT (assessment_name) DO NOTHING`,
    [
      assessments.map((a) => a.assessment_name),
      assessments.map((a) => a.assessment_type),
      assessments.map((a) => a.description),
    ],
  );
  const { rows: stored } = await q.query<{ id: number; assessment_name: string }>(
    'SELECT id, assessment_name FROM mental_health_assessments WHERE assessment_name = ANY($1::text[])',
    [assessments.map((a) => a.assessment_name)],
  );
  return assessments.map((a) => stored.find((s) => s.assessment_name === a.assessment_name)!.id);
}

/** The tables written in bulk, stripped of keys and indexes during a load. */
export const BULK_TABLES = [
  'patients',
  'appointments',
  'appointment_journeys',
  'emergencies',
  'agd_reports',
  'mental_health_responses',
  'users',
  'deliveries',
];

/** A key, index or foreign key dropped for a load, and its statement to come back. */
export interface Restore {
  name: string;
  table: string;
  sql: string;
}

/** What beginBulkLoad() switched off or dropped. */
export interface BulkLoad {
  triggers: { table: string; name: string }[];
  /** Primary keys and unique constraints, then the other indexes. */
  indexes: Restore[];
  foreignKeys: Restore[];
}

/**
 * Readies `tables` for a bulk load in the current transaction: switches BULK_TRIGGERS off and,
 * with `strip`, drops their keys, unique constraints, indexes and foreign keys (and the foreign
 * keys pointing at them). A sorted build and one validating join per key at the end cost far
 * less than a B-tree insert and a key lookup per row. CHECK and NOT NULL constraints stay.
 */
export async function beginBulkLoad(tx: Tx, tables: string[], strip: boolean): Promise<BulkLoad> {
  const { rows: triggers } = await tx.query<{ table: string; name: string }>(
    `SELECT tgrelid::regclass::text AS table, format('%I', tgname) AS name FROM pg_trigger
      WHERE NOT tgisinternal AND tgenabled <> 'D' AND tgname = ANY ($1::text[])
        AND tgrelid = ANY (SELECT to_regclass(unnest($2::text[])))`,
    [BULK_TRIGGERS, tables],
  );
  for (const t of triggers) await tx.exec(`ALTER TABLE ${t.table} DISABLE TRIGGER ${t.name}`);
  if (!strip) return { triggers, indexes: [], foreignKeys: [] };

  type Item = { name: string; table: string; drop: string; add: string };
  const constraints = (where: string) =>
    tx.query<Item>(
      `SELECT conname AS name, conrelid::regclass::text AS table,
              format('ALTER TABLE %s DROP CONSTRAINT %I', conrelid::regclass, conname) AS drop,
              format('ALTER TABLE %s ADD CONSTRAINT %I %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) AS add
         FROM pg_constraint WHERE ${where}
        ORDER BY conrelid::regclass::text, contype, conname`,
      [tables],
    );
  const { rows: fks } = await constraints(
    `contype = 'f' AND (conrelid = ANY ($1::regclass[]) OR confrelid = ANY ($1::regclass[]))`,
  );
  const { rows: keys } = await constraints(`contype IN ('p', 'u') AND conrelid = ANY ($1::regclass[])`);
  const { rows: indexes } = await tx.query<Item>(
    `SELECT i.relname AS name, x.indrelid::regclass::text AS table,
            format('DROP INDEX %s', x.indexrelid::regclass) AS drop,
            pg_get_indexdef(x.indexrelid) AS add
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      WHERE x.indrelid = ANY ($1::regclass[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid AND c.contype IN ('p', 'u', 'x'))
      ORDER BY x.indrelid::regclass::text, i.relname`,
    [tables],
  );
  for (const c of [...fks, ...keys, ...indexes]) await tx.exec(c.drop);
  const restore = (c: Item): Restore => ({ name: c.name, table: c.table, sql: c.add });
  return { triggers, indexes: [...keys, ...indexes].map(restore), foreignKeys: fks.map(restore) };
}

/** Runs the statements and says how long each took (the slow ones). */
export async function rebuild(tx: Tx, items: Restore[]): Promise<string | undefined> {
  const times: string[] = [];
  for (const c of items) {
    const t = performance.now();
    await tx.exec(c.sql);
    const ms = performance.now() - t;
    if (ms >= 50) times.push(`${c.name} ${(ms / 1000).toFixed(1)} s`);
  }
  return times.join(', ') || undefined;
}

export async function endBulkTriggers(tx: Tx, load: BulkLoad): Promise<void> {
  for (const t of load.triggers) await tx.exec(`ALTER TABLE ${t.table} ENABLE TRIGGER ${t.name}`);
}

/** Empties the demo tables and the facilities (web admins stay; their facility link is cleared). */
export async function resetDemoData(q: Tx): Promise<void> {
  await q.exec(`TRUNCATE ${DEMO_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
  await q.exec('DELETE FROM medical_facilities');
}

/**
 * The progress, phase timings and summary of one load, shared by the insert and COPY paths:
 * `report` tells the caller where the load is, `next` ends the running phase (recording its
 * time and where it went) and starts the next.
 */
export function loadTracker(totalPatients: number, started: number, onProgress?: (p: LoadProgress) => void) {
  const phases: LoadPhase[] = [];
  const progress: LoadProgress = {
    phase: 'prepare',
    patients: 0,
    totalPatients,
    appointments: 0,
    journeys: 0,
    rows: 0,
    elapsedMs: 0,
  };
  let phaseStart = started;
  const report = (phase: LoadProgress['phase']) => {
    progress.phase = phase;
    progress.elapsedMs = performance.now() - started;
    onProgress?.(progress);
  };
  const next = (phase: LoadProgress['phase'], detail?: string) => {
    const now = performance.now();
    phases.push({ phase: progress.phase, ms: now - phaseStart, detail });
    phaseStart = now;
    report(phase);
  };
  const summary: LoadSummary = {
    facilities: 0,
    patients: 0,
    appointments: 0,
    journeys: 0,
    emergencies: 0,
    agdReports: 0,
    mentalHealthResponses: 0,
    ms: 0,
    phases,
  };
  return { phases, progress, report, next, summary };
}

export async function insertCity(db: Db, options: LoadOptions): Promise<LoadSummary> {
  const started = performance.now();
  const plan: CityPlan = planCity(options);
  const batchSize = options.batchSize ?? (db.kind === 'postgres' ? 2000 : 1000);
  const chunk = db.kind === 'postgres' ? 20_000 : 2500;
  const strip = options.rebuildIndexes ?? plan.patients >= 1000;
  const { progress, report, next, summary } = loadTracker(plan.patients, started, options.onProgress);

  report('prepare');
  await db.transaction(async (tx) => {
    const ids = await firstIds(tx);
    const bulk = await beginBulkLoad(tx, BULK_TABLES, strip);

    next('facilities');
    const facilities = facilityRows(plan, ids.facility);
    await insertColumns(tx, 'medical_facilities', facilities);
    summary.facilities = facilities.length;
    const assessmentIds = await insertAssessments(tx);
    await insertPoli(tx);

    let lastReport = 0;
    /** Counts rows the database has taken, reporting progress at most once a second. */
    const written = (rows: { patients: number; appointments: number; journeys: number }) => {
      progress.patients += rows.patients;
      progress.appointments += rows.appointments;
      progress.journeys += rows.journeys;
      progress.rows += rows.patients + rows.appointments + rows.journeys;
      if (performance.now() - lastReport > 1000) {
        lastReport = performance.now();
        report('patients');
      }
    };

    // Patients with their appointments and journeys in INSERTs; the next batch is generated
    // while the database writes the previous one. Small slices keep the event loop (and the
    // socket) moving.
    async function insertPatients() {
      let pending: Promise<unknown> = Promise.resolve();
      const slice = Math.max(1, Math.min(250, batchSize));
      const slices = patientBatches(plan, ids, slice);
      let done = false;
      while (!done) {
        const batch: PatientBatch = { patients: [], appointments: [], journeys: [] };
        while (batch.patients.length < batchSize) {
          const next = slices.next();
          if (next.done) {
            done = true;
            break;
          }
          batch.patients.push(...next.value.patients);
          batch.appointments.push(...next.value.appointments);
          batch.journeys.push(...next.value.journeys);
          if (db.kind === 'postgres') await nextTick();
        }
        await pending;
        summary.patients += batch.patients.length;
        summary.appointments += batch.appointments.length;
        summary.journeys += batch.journeys.length;
        pending = (async () => {
          await insertColumns(tx, 'patients', batch.patients, chunk);
          await insertColumns(tx, 'appointments', batch.appointments, chunk);
          await insertColumns(tx, 'appointment_journeys', batch.journeys, chunk);
          written({
            patients: batch.patients.length,
            appointments: batch.appointments.length,
            journeys: batch.journeys.length,
          });
        })();
        // Keep the rejection from being unhandled while we generate; it is awaited next round.
        pending.catch(() => undefined);
      }
      await pending;
    }

    next('patients');
    const copyFrom = tx.copyFrom?.bind(tx);
    if (copyFrom) {
      // In-process (PGlite), COPY takes the rows as the bulk loader encodes them, in half the
      // time of INSERTs of the same rows: the drawing is the same, so is the city.
      for (const range of patientRanges(plan, ids, 1000)) {
        const encoded = encodePatientRange(plan, ids, range);
        const tables: [CopyTable<never>, Buffer[], number][] = [
          [PATIENTS as CopyTable<never>, encoded.patients, encoded.rows.patients],
          [APPOINTMENTS as CopyTable<never>, encoded.appointments, encoded.rows.appointments],
          [JOURNEYS as CopyTable<never>, encoded.journeys, encoded.rows.journeys],
        ];
        for (const [table, data, n] of tables) if (n) await copyFrom(copySql(table, false), data);
        summary.patients += encoded.rows.patients;
        summary.appointments += encoded.rows.appointments;
        summary.journeys += encoded.rows.journeys;
        written(encoded.rows);
      }
    } else await insertPatients();

    next('events');
    const writeAll = async (table: SeedTable, rows: Iterable<object>) => {
      let n = 0;
      let rowsOf: object[] = [];
      for (const row of rows) {
        rowsOf.push(row);
        if (rowsOf.length >= 10_000) {
          await insertColumns(tx, table, rowsOf, chunk);
          n += rowsOf.length;
          rowsOf = [];
        }
      }
      await insertColumns(tx, table, rowsOf, chunk);
      n += rowsOf.length;
      progress.rows += n;
      return n;
    };
    summary.emergencies = await writeAll('emergencies', emergencyRows(plan));
    summary.agdReports = await writeAll('agd_reports', agdReportRows(plan));
    summary.mentalHealthResponses = await writeAll(
      'mental_health_responses',
      mentalHealthRows(plan, assessmentIds, ids),
    );
    await insertUsersAndDeliveries(tx, plan, ids.facility);

    next('indexes');
    if (db.kind === 'postgres') await tx.exec(`SET LOCAL maintenance_work_mem = '256MB'`);
    const indexTimes = await rebuild(tx, bulk.indexes);
    next('foreign keys', indexTimes);
    const keyTimes = await rebuild(tx, bulk.foreignKeys);

    // Ids were given explicitly: move the identity sequences past them.
    for (const table of ['medical_facilities', 'patients', 'appointments']) {
      await tx.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), max(id)) FROM ${table} HAVING max(id) IS NOT NULL`,
      );
    }
    next('rollups', keyTimes);
    await endBulkTriggers(tx, bulk);
    // A city loaded row by row is small: the rebuild reads whole tables, and hash joins do it.
    // (The planner estimates one row for the performance rebuild's join of appointments to their
    // units, then re-ran the journeys' aggregate for each appointment: 45 s for 1,200 patients.)
    await tx.exec('SET LOCAL enable_nestloop = off');
    await tx.exec('SELECT refresh_rollups()');
    await tx.exec('SET LOCAL enable_nestloop = on');
    await options.finish?.(tx);
  });

  // Statistics for the planner; on PostgreSQL also the visibility map and hint bits, so the
  // first queries after a big load neither rewrite every page nor skip index-only scans.
  next('analyze');
  const tables = `medical_facilities, ${DEMO_TABLES.join(', ')}`;
  await db.exec(db.kind === 'postgres' ? `VACUUM (ANALYZE) ${tables}` : `ANALYZE ${tables}`);
  summary.ms = Math.round(performance.now() - started);
  next('done');
  return summary;
}
