/**
 * Loads a generated city into the database: columns in arrays, one
 * `INSERT ... SELECT * FROM unnest($1::int[], $2::text[], ...)` per table and batch, in one
 * transaction. The rollup triggers are off during the load and the rollups rebuilt at the end;
 * loads of some size also drop the secondary indexes of the largest tables and build them again
 * afterwards (faster than maintaining them row by row). While PostgreSQL inserts one batch, the
 * next one is generated.
 */
import type { Db, Queryable, Tx } from '../db/db.js';
import {
  agdReportRows,
  assessmentRows,
  emergencyRows,
  facilityRows,
  mentalHealthRows,
  patientBatches,
  planCity,
  type CityOptions,
  type CityPlan,
  type IdBases,
  type PatientBatch,
} from './generate.js';

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
  phase: 'facilities' | 'patients' | 'events' | 'indexes' | 'rollups' | 'analyze' | 'done';
  patients: number;
  totalPatients: number;
  appointments: number;
  journeys: number;
  /** Rows written so far, all tables. */
  rows: number;
  elapsedMs: number;
}

export interface LoadOptions extends CityOptions {
  /** Patients per INSERT batch (their appointments and journeys go along). */
  batchSize?: number;
  /** Drop and rebuild the secondary indexes of the big tables (default: from 1,000 patients on). */
  rebuildIndexes?: boolean;
  onProgress?: (progress: LoadProgress) => void;
  /** Runs at the end of the load's transaction (demo accounts linked to the new facilities). */
  finish?: (tx: Tx) => Promise<void>;
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
}

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

async function firstIds(q: Queryable): Promise<IdBases> {
  const { rows } = await q.query<{ f: number; p: number; a: number }>(
    `SELECT (SELECT coalesce(max(id), 0) + 1 FROM medical_facilities)::int AS f,
            (SELECT coalesce(max(id), 0) + 1 FROM patients)::int AS p,
            (SELECT coalesce(max(id), 0) + 1 FROM appointments)::int AS a`,
  );
  return { facility: rows[0].f, patient: rows[0].p, appointment: rows[0].a };
}

/** Secondary (non-unique, non-key) indexes of a table, as their CREATE statements. */
async function secondaryIndexes(q: Queryable, tables: string[]) {
  const { rows } = await q.query<{ name: string; def: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS def
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      WHERE t.oid = ANY (SELECT unnest($1::text[])::regclass) AND NOT x.indisunique AND NOT x.indisprimary`,
    [tables],
  );
  return rows;
}

/** Empties the demo tables and the facilities (web admins stay; their facility link is cleared). */
export async function resetDemoData(q: Tx): Promise<void> {
  await q.exec(`TRUNCATE ${DEMO_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
  await q.exec('DELETE FROM medical_facilities');
}

/** Generates the city for `options` and writes it. Same options and same empty tables: same rows. */
export async function loadCity(db: Db, options: LoadOptions): Promise<LoadSummary> {
  const started = performance.now();
  const plan: CityPlan = planCity(options);
  const batchSize = options.batchSize ?? (db.kind === 'postgres' ? 2000 : 1000);
  const chunk = db.kind === 'postgres' ? 20_000 : 2500;
  const rebuild = options.rebuildIndexes ?? plan.patients >= 1000;
  const progress: LoadProgress = {
    phase: 'facilities',
    patients: 0,
    totalPatients: plan.patients,
    appointments: 0,
    journeys: 0,
    rows: 0,
    elapsedMs: 0,
  };
  const report = (phase: LoadProgress['phase']) => {
    progress.phase = phase;
    progress.elapsedMs = performance.now() - started;
    options.onProgress?.(progress);
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
  };

  await db.transaction(async (tx) => {
    await tx.exec(`ALTER TABLE patients DISABLE TRIGGER patients_rollup;
                   ALTER TABLE appointments DISABLE TRIGGER appointments_rollup`);
    const ids = await firstIds(tx);
    const dropped = rebuild
      ? await secondaryIndexes(tx, ['patients', 'appointments', 'appointment_journeys'])
      : [];
    for (const index of dropped) await tx.exec(`DROP INDEX "${index.name.replace(/"/g, '""')}"`);

    report('facilities');
    const facilities = facilityRows(plan, ids.facility);
    await insertColumns(tx, 'medical_facilities', facilities);
    summary.facilities = facilities.length;
    const assessments = assessmentRows();
    await tx.query(
      `INSERT INTO mental_health_assessments (assessment_name, assessment_type, description)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT (assessment_name) DO NOTHING`,
      [
        assessments.map((a) => a.assessment_name),
        assessments.map((a) => a.assessment_type),
        assessments.map((a) => a.description),
      ],
    );
    const { rows: stored } = await tx.query<{ id: number; assessment_name: string }>(
      'SELECT id, assessment_name FROM mental_health_assessments WHERE assessment_name = ANY($1::text[])',
      [assessments.map((a) => a.assessment_name)],
    );
    const assessmentIds = assessments.map(
      (a) => stored.find((s) => s.assessment_name === a.assessment_name)!.id,
    );

    // Patients with their appointments and journeys; the next batch is generated while the
    // database writes the previous one. Small slices keep the event loop (and the socket) moving.
    report('patients');
    let pending: Promise<unknown> = Promise.resolve();
    let lastReport = 0;
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
        progress.patients += batch.patients.length;
        progress.appointments += batch.appointments.length;
        progress.journeys += batch.journeys.length;
        progress.rows += batch.patients.length + batch.appointments.length + batch.journeys.length;
        if (performance.now() - lastReport > 1000) {
          lastReport = performance.now();
          report('patients');
        }
      })();
      // Keep the rejection from being unhandled while we generate; it is awaited next round.
      pending.catch(() => undefined);
    }
    await pending;

    report('events');
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

    if (dropped.length) {
      report('indexes');
      if (db.kind === 'postgres') await tx.exec(`SET LOCAL maintenance_work_mem = '256MB'`);
      for (const index of dropped) await tx.exec(index.def);
    }

    // Ids were given explicitly: move the identity sequences past them.
    for (const table of ['medical_facilities', 'patients', 'appointments']) {
      await tx.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), max(id)) FROM ${table} HAVING max(id) IS NOT NULL`,
      );
    }
    report('rollups');
    await tx.exec(`ALTER TABLE patients ENABLE TRIGGER patients_rollup;
                   ALTER TABLE appointments ENABLE TRIGGER appointments_rollup;
                   SELECT refresh_rollups()`);
    await options.finish?.(tx);
  });

  // Statistics for the planner; on PostgreSQL also the visibility map and hint bits, so the
  // first queries after a big load neither rewrite every page nor skip index-only scans.
  report('analyze');
  const tables = `medical_facilities, ${DEMO_TABLES.join(', ')}`;
  await db.exec(db.kind === 'postgres' ? `VACUUM (ANALYZE) ${tables}` : `ANALYZE ${tables}`);
  summary.ms = Math.round(performance.now() - started);
  report('done');
  return summary;
}
