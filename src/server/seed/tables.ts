/**
 * The tables the seed writes, each with its one column list: names, types and where each value
 * comes from in a generated row. Both writers (./writers.ts) work from these lists: COPY encodes
 * the values in PostgreSQL's binary format (./binary.ts), INSERT passes them as arrays.
 */
import { BinaryCopyWriter, FIELD_WRITERS, rowBytes, type BinaryType } from './binary.js';
import { dayString, iso } from './calendar.js';
import {
  FIRST_IDS,
  type AgdReportRow,
  type AppointmentRow,
  type CityPlan,
  type EmergencyRow,
  type FacilityRow,
  type IdBases,
  type JourneyRow,
  type MentalHealthResponseRow,
  type PatientBatch,
  type PatientRow,
} from './generate.js';
import {
  drawPatients,
  type AppointmentDraw,
  type JourneyDraw,
  type PatientDraw,
  type PatientRange,
} from './entities/patients.js';

/**
 * A column: its name, its type, and how its value is read from a row (dates as Unix day
 * numbers, timestamps as epoch milliseconds, null for NULL).
 */
export interface Column<R> {
  name: string;
  type: BinaryType;
  get: (row: R) => unknown;
}

/** A table the seed writes and the columns it writes, in order. */
export interface SeedTable<R> {
  table: string;
  columns: readonly Column<R>[];
  /** Appends `row` to a COPY stream. */
  encode(w: BinaryCopyWriter, row: R): void;
}

/** A column is its type, read from the row's field of the same name, or [type, getter]. */
type ColumnSpec<R> = BinaryType | readonly [BinaryType, (row: R) => unknown];

/**
 * The COPY encoder of a column list, compiled into one function (as ajv compiles a schema):
 * every field read and field writer call is a call site of its own, which V8 inlines, where a
 * loop over the columns would make each a call through many targets (twice the time at the 1M
 * city's 38 million rows).
 */
function compileEncoder<R>(columns: readonly Column<R>[], plain: ReadonlySet<string>) {
  const value = (c: Column<R>, i: number) => (plain.has(c.name) ? `r.${c.name}` : `g[${i}](r)`);
  const texts = columns.flatMap((c, i) =>
    c.type === 'text' ? [`s = ${value(c, i)}; if (s !== null) t += s.length;`] : [],
  );
  const body = [
    'let t = 0, s;',
    ...texts,
    `let p = w.row(${columns.length}, rowBytes(${columns.length}, t));`,
    'const b = w.buf;',
    ...columns.map((c, i) => `p = f[${i}](b, p, ${value(c, i)});`),
    'w.end(p);',
  ];
  const compile = new Function('g', 'f', 'rowBytes', `return function encode(w, r) {\n${body.join('\n')}\n}`);
  return compile(
    columns.map((c) => c.get),
    columns.map((c) => FIELD_WRITERS[c.type]),
    rowBytes,
  ) as (w: BinaryCopyWriter, row: R) => void;
}

function seedTable<R>(table: string, spec: Record<string, ColumnSpec<R>>): SeedTable<R> {
  const plain = new Set<string>();
  const columns = Object.entries(spec).map(([name, s]): Column<R> => {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`${table}: not a column name: ${name}`);
    if (typeof s !== 'string') return { name, type: s[0], get: s[1] };
    plain.add(name);
    return { name, type: s, get: (row) => (row as Record<string, unknown>)[name] ?? null };
  });
  return { table, columns, encode: compileEncoder(columns, plain) };
}

/** The value of a column as SQL text or number: dates as 'YYYY-MM-DD', timestamps in ISO 8601. */
export function sqlValue(type: BinaryType, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (type === 'timestamptz') return iso(v as number);
  if (type === 'date') return dayString(v as number);
  return v;
}

/** A generated row as the table stores it (column name to SQL value). */
export const sqlRow = <R>(t: SeedTable<R>, row: R): Record<string, unknown> =>
  Object.fromEntries(t.columns.map((c) => [c.name, sqlValue(c.type, c.get(row))]));

export const FACILITIES = seedTable<FacilityRow>('medical_facilities', {
  id: 'int4',
  name: 'text',
  type: 'text',
  email: 'text',
  phone: 'text',
  online: 'bool',
  kecamatan_code: 'text',
  address: 'text',
  code: 'text',
});

export const PATIENTS = seedTable<PatientDraw>('patients', {
  id: 'int4',
  citizenship: 'text',
  identity_type: 'text',
  identity_number: 'text',
  full_name: 'text',
  place_of_birth: 'text',
  date_of_birth: ['date', (d) => d.birth_day],
  gender: 'text',
  marital_status: 'text',
  religion: 'text',
  blood_type: 'text',
  last_education: 'text',
  address: 'text',
  rt: 'text',
  rw: 'text',
  village: 'text',
  district: 'text',
  regency: 'text',
  province: 'text',
  postal_code: 'text',
  occupation: 'text',
  phone_number: 'text',
  email: 'text',
  tribe: 'text',
  mother_name: 'text',
  insurance: 'text',
  insurance_number: 'text',
  family_card_number: 'text',
  medical_facility_id: 'int4',
  kecamatan_code: 'text',
  created_by: 'text',
  created_at: ['timestamptz', (d) => d.created_ms],
  updated_at: ['timestamptz', (d) => d.created_ms],
});

export const APPOINTMENTS = seedTable<AppointmentDraw>('appointments', {
  id: 'int4',
  medical_facility_id: 'int4',
  patient_id: 'int4',
  nik: 'text',
  name: 'text',
  scheduled_date: ['timestamptz', (a) => a.scheduled_ms],
  poly_code: 'text',
  poly_name: 'text',
  health_insurance: 'text',
  insurance_number: 'text',
  queue_number: 'int4',
  queue_left_until_my_turn: 'int4',
  created_by: 'text',
  new_patient: 'bool',
  start_time: 'text',
  end_time: 'text',
  payment_id: 'text',
  doctor_name: 'text',
  id_type: 'text',
  id_number: 'text',
  status: 'text',
  created_at: ['timestamptz', (a) => a.created_ms],
  updated_at: ['timestamptz', (a) => a.updated_ms],
});

export const JOURNEYS = seedTable<JourneyDraw>('appointment_journeys', {
  appointment_id: 'int4',
  event_id: 'text',
  is_completed: 'bool',
  timestamp_start: ['timestamptz', (j) => j.start_ms],
  timestamp_end: ['timestamptz', (j) => j.end_ms],
  duration_minutes: 'int4',
  title: 'text',
  title_en: 'text',
  blocked_attempts_count: 'int4',
  last_blocked_attempt_at: ['timestamptz', (j) => j.blocked_at_ms],
  last_blocked_reason: 'text',
});

export const EMERGENCIES = seedTable<EmergencyRow>('emergencies', {
  fullname: 'text',
  phone: 'text',
  latitude: 'float8',
  longitude: 'float8',
  accuracy: 'float8',
  created_at: ['timestamptz', (e) => Date.parse(e.created_at)],
});

export const AGD_REPORTS = seedTable<AgdReportRow>('agd_reports', {
  category: 'text',
  description: 'text',
  kecamatan_code: 'text',
  latitude: 'float8',
  longitude: 'float8',
  reported_at: ['timestamptz', (r) => Date.parse(r.reported_at)],
});

export const MENTAL_HEALTH_RESPONSES = seedTable<MentalHealthResponseRow>('mental_health_responses', {
  assessment_id: 'int4',
  patient_id: 'int4',
  completed: 'bool',
  score: 'int4',
  satisfaction: 'int2',
  created_at: ['timestamptz', (r) => Date.parse(r.created_at)],
});

/** Every table of this file (their column types are checked against the database before a load). */
export const SEED_TABLES = [
  FACILITIES,
  PATIENTS,
  APPOINTMENTS,
  JOURNEYS,
  EMERGENCIES,
  AGD_REPORTS,
  MENTAL_HEALTH_RESPONSES,
] as SeedTable<never>[];

/** Column lists by table name. */
export const TABLES_BY_NAME = new Map(SEED_TABLES.map((t) => [t.table, t]));

/** One range of patients as three COPY streams: patients, appointments, journey steps. */
export interface EncodedRange {
  from: number;
  patients: Buffer[];
  appointments: Buffer[];
  journeys: Buffer[];
  rows: { patients: number; appointments: number; journeys: number };
  /** Time spent drawing and encoding. */
  ms: number;
}

/** Draws one range of patients (see patientRanges()) and encodes it. */
export function encodePatientRange(plan: CityPlan, ids: IdBases, range: PatientRange): EncodedRange {
  const started = performance.now();
  const [pw, aw, jw] = [new BinaryCopyWriter(), new BinaryCopyWriter(), new BinaryCopyWriter()];
  for (const batch of drawPatients(plan, ids, 16, range)) {
    for (const p of batch.patients) PATIENTS.encode(pw, p);
    for (const a of batch.appointments) APPOINTMENTS.encode(aw, a);
    for (const j of batch.journeys) JOURNEYS.encode(jw, j);
  }
  return {
    from: range.from,
    rows: { patients: pw.rows, appointments: aw.rows, journeys: jw.rows },
    patients: pw.finish(),
    appointments: aw.finish(),
    journeys: jw.finish(),
    ms: performance.now() - started,
  };
}

/**
 * The patients in batches with their appointments and journeys, as the tables store them
 * (dates and times as text): what a load writes.
 */
export function* patientBatches(
  plan: CityPlan,
  ids: IdBases = FIRST_IDS,
  batchSize = 1000,
): Generator<PatientBatch> {
  for (const batch of drawPatients(plan, ids, batchSize)) {
    yield {
      patients: batch.patients.map((p) => sqlRow(PATIENTS, p) as unknown as PatientRow),
      appointments: batch.appointments.map((a) => sqlRow(APPOINTMENTS, a) as unknown as AppointmentRow),
      journeys: batch.journeys.map((j) => sqlRow(JOURNEYS, j) as unknown as JourneyRow),
    };
  }
}
