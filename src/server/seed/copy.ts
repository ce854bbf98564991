/**
 * PostgreSQL's binary COPY format, written straight from the generator's rows into buffers:
 * no text to parse on the server side (timestamps are the costly part of a text COPY), no
 * intermediate strings on ours.
 *
 * A COPY stream is a header, one tuple per row (a 16-bit field count, then per field a 32-bit
 * length, -1 for NULL, and the value in the type's binary send format), and a trailer.
 */
import {
  drawPatients,
  type AgdReportRow,
  type AppointmentDraw,
  type CityPlan,
  type EmergencyRow,
  type FacilityRow,
  type IdBases,
  type JourneyDraw,
  type MentalHealthResponseRow,
  type PatientDraw,
  type PatientRange,
} from './generate.js';

/** The binary formats the encoders write; each column's SQL type must be one of its `types`. */
export const BINARY_TYPES = {
  int2: ['smallint'],
  int4: ['integer'],
  float8: ['double precision'],
  bool: ['boolean'],
  date: ['date'],
  timestamptz: ['timestamp with time zone'],
  text: ['text', 'character varying', 'character'],
} as const;
export type BinaryType = keyof typeof BINARY_TYPES;

const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]; // PGCOPY\n\377\r\n\0
/** 2000-01-01, PostgreSQL's epoch, in Unix days and milliseconds. */
const PG_EPOCH_DAY = 10_957;
const PG_EPOCH_MS = PG_EPOCH_DAY * 86_400_000;
const TWO_32 = 4_294_967_296;

/** Collects one COPY stream (header, tuples, trailer) in buffers of about `chunkSize` bytes. */
export class BinaryCopyWriter {
  /** Rows written so far. */
  rows = 0;
  private readonly chunks: Buffer[] = [];
  private buf: Buffer;
  private pos = 0;
  private readonly scratch = Buffer.allocUnsafe(8);

  constructor(private readonly chunkSize = 1 << 20) {
    this.buf = Buffer.allocUnsafeSlow(chunkSize);
    this.room(19);
    for (const byte of SIGNATURE) this.buf[this.pos++] = byte;
    this.raw32(0); // flags
    this.raw32(0); // header extension length
  }

  /** Starts a tuple of `fields` fields. */
  row(fields: number): void {
    this.rows++;
    this.room(2);
    this.buf[this.pos++] = fields >>> 8;
    this.buf[this.pos++] = fields & 0xff;
  }

  null(): void {
    this.room(4);
    this.raw32(-1);
  }

  int2(value: number): void {
    this.room(6);
    this.raw32(2);
    this.buf[this.pos++] = (value >> 8) & 0xff;
    this.buf[this.pos++] = value & 0xff;
  }

  int4(value: number): void {
    this.room(8);
    this.raw32(4);
    this.raw32(value);
  }

  bool(value: boolean): void {
    this.room(5);
    this.raw32(1);
    this.buf[this.pos++] = value ? 1 : 0;
  }

  float8(value: number): void {
    this.room(12);
    this.raw32(8);
    this.scratch.writeDoubleBE(value, 0);
    for (let i = 0; i < 8; i++) this.buf[this.pos++] = this.scratch[i];
  }

  /** A date, as a Unix day number. */
  date(day: number): void {
    this.room(8);
    this.raw32(4);
    this.raw32(day - PG_EPOCH_DAY);
  }

  /** A timestamptz, as epoch milliseconds (whole milliseconds). */
  timestamp(ms: number): void {
    const micros = (ms - PG_EPOCH_MS) * 1000;
    const high = Math.floor(micros / TWO_32);
    this.room(12);
    this.raw32(8);
    this.raw32(high);
    this.raw32(micros - high * TWO_32);
  }

  /** Text (also varchar and char(n)) in UTF-8. */
  text(value: string): void {
    const length = value.length;
    this.room(4 + 3 * length); // a UTF-16 unit is at most 3 bytes of UTF-8
    const buf = this.buf;
    const start = this.pos + 4;
    // Copied as ASCII (the common case, and a loop without an exit is much faster), written
    // again as UTF-8 when a character was not ASCII.
    let all = 0;
    for (let i = 0; i < length; i++) {
      const c = value.charCodeAt(i);
      all |= c;
      buf[start + i] = c;
    }
    const bytes = all < 0x80 ? length : buf.write(value, start, 'utf8');
    this.raw32(bytes);
    this.pos += bytes;
  }

  textOrNull(value: string | null): void {
    if (value === null) this.null();
    else this.text(value);
  }

  int4OrNull(value: number | null): void {
    if (value === null) this.null();
    else this.int4(value);
  }

  timestampOrNull(ms: number | null): void {
    if (ms === null) this.null();
    else this.timestamp(ms);
  }

  /** The whole stream, trailer included; the writer is done after this. */
  finish(): Buffer[] {
    this.room(2);
    this.buf[this.pos++] = 0xff;
    this.buf[this.pos++] = 0xff;
    this.chunks.push(this.buf.subarray(0, this.pos));
    this.buf = Buffer.alloc(0);
    this.pos = 0;
    return this.chunks;
  }

  private raw32(value: number): void {
    const buf = this.buf;
    buf[this.pos++] = (value >>> 24) & 0xff;
    buf[this.pos++] = (value >>> 16) & 0xff;
    buf[this.pos++] = (value >>> 8) & 0xff;
    buf[this.pos++] = value & 0xff;
  }

  /** Makes room for `bytes` more bytes, starting a new buffer when this one is full. */
  private room(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    if (this.pos) this.chunks.push(this.buf.subarray(0, this.pos));
    // Never from Buffer's shared pool: whole chunks move between threads.
    this.buf = Buffer.allocUnsafeSlow(Math.max(this.chunkSize, bytes));
    this.pos = 0;
  }
}

/** A table written by COPY: its columns with their binary formats, and how a row is written. */
export interface CopyTable<R> {
  table: string;
  columns: readonly (readonly [name: string, type: BinaryType])[];
  write(w: BinaryCopyWriter, row: R): void;
}

const copyTable = <R>(
  table: string,
  columns: readonly (readonly [string, BinaryType])[],
  write: (w: BinaryCopyWriter, row: R) => void,
): CopyTable<R> => ({ table, columns, write });

// The write functions write the columns in the order listed; the loader checks the listed
// types against the database before it writes anything.

export const FACILITIES = copyTable<FacilityRow>(
  'medical_facilities',
  [
    ['id', 'int4'],
    ['name', 'text'],
    ['type', 'text'],
    ['email', 'text'],
    ['phone', 'text'],
    ['online', 'bool'],
    ['kecamatan_code', 'text'],
    ['address', 'text'],
  ],
  (w, r) => {
    w.row(8);
    w.int4(r.id);
    w.text(r.name);
    w.textOrNull(r.type);
    w.text(r.email);
    w.text(r.phone);
    w.bool(r.online);
    w.text(r.kecamatan_code);
    w.text(r.address);
  },
);

export const PATIENTS = copyTable<PatientDraw>(
  'patients',
  [
    ['id', 'int4'],
    ['citizenship', 'text'],
    ['identity_type', 'text'],
    ['identity_number', 'text'],
    ['full_name', 'text'],
    ['place_of_birth', 'text'],
    ['date_of_birth', 'date'],
    ['gender', 'text'],
    ['marital_status', 'text'],
    ['religion', 'text'],
    ['blood_type', 'text'],
    ['last_education', 'text'],
    ['address', 'text'],
    ['rt', 'text'],
    ['rw', 'text'],
    ['village', 'text'],
    ['district', 'text'],
    ['regency', 'text'],
    ['province', 'text'],
    ['postal_code', 'text'],
    ['occupation', 'text'],
    ['phone_number', 'text'],
    ['email', 'text'],
    ['tribe', 'text'],
    ['mother_name', 'text'],
    ['insurance', 'text'],
    ['insurance_number', 'text'],
    ['family_card_number', 'text'],
    ['medical_facility_id', 'int4'],
    ['kecamatan_code', 'text'],
    ['created_by', 'text'],
    ['created_at', 'timestamptz'],
    ['updated_at', 'timestamptz'],
  ],
  (w, p) => {
    w.row(33);
    w.int4(p.id);
    w.text(p.citizenship);
    w.text(p.identity_type);
    w.text(p.identity_number);
    w.text(p.full_name);
    w.text(p.place_of_birth);
    w.date(p.birth_day);
    w.text(p.gender);
    w.text(p.marital_status);
    w.textOrNull(p.religion);
    w.textOrNull(p.blood_type);
    w.textOrNull(p.last_education);
    w.text(p.address);
    w.text(p.rt);
    w.text(p.rw);
    w.text(p.village);
    w.text(p.district);
    w.text(p.regency);
    w.text(p.province);
    w.text(p.postal_code);
    w.text(p.occupation);
    w.text(p.phone_number);
    w.textOrNull(p.email);
    w.textOrNull(p.tribe);
    w.text(p.mother_name);
    w.text(p.insurance);
    w.textOrNull(p.insurance_number);
    w.text(p.family_card_number);
    w.int4(p.medical_facility_id);
    w.text(p.kecamatan_code);
    w.text(p.created_by);
    w.timestamp(p.created_ms);
    w.timestamp(p.created_ms);
  },
);

export const APPOINTMENTS = copyTable<AppointmentDraw>(
  'appointments',
  [
    ['id', 'int4'],
    ['medical_facility_id', 'int4'],
    ['patient_id', 'int4'],
    ['nik', 'text'],
    ['name', 'text'],
    ['scheduled_date', 'timestamptz'],
    ['poly_code', 'text'],
    ['poly_name', 'text'],
    ['health_insurance', 'text'],
    ['insurance_number', 'text'],
    ['queue_number', 'int4'],
    ['queue_left_until_my_turn', 'int4'],
    ['created_by', 'text'],
    ['new_patient', 'bool'],
    ['start_time', 'text'],
    ['end_time', 'text'],
    ['payment_id', 'text'],
    ['doctor_name', 'text'],
    ['id_type', 'text'],
    ['id_number', 'text'],
    ['status', 'text'],
    ['created_at', 'timestamptz'],
    ['updated_at', 'timestamptz'],
  ],
  (w, a) => {
    w.row(23);
    w.int4(a.id);
    w.int4(a.medical_facility_id);
    w.int4(a.patient_id);
    w.text(a.nik);
    w.text(a.name);
    w.timestamp(a.scheduled_ms);
    w.text(a.poly_code);
    w.text(a.poly_name);
    w.text(a.health_insurance);
    w.textOrNull(a.insurance_number);
    w.int4(a.queue_number);
    w.int4(a.queue_left_until_my_turn);
    w.text(a.created_by);
    w.bool(a.new_patient);
    w.text(a.start_time);
    w.text(a.end_time);
    w.textOrNull(a.payment_id);
    w.text(a.doctor_name);
    w.text(a.id_type);
    w.text(a.id_number);
    w.text(a.status);
    w.timestamp(a.created_ms);
    w.timestamp(a.updated_ms);
  },
);

export const JOURNEYS = copyTable<JourneyDraw>(
  'appointment_journeys',
  [
    ['appointment_id', 'int4'],
    ['event_id', 'text'],
    ['is_completed', 'bool'],
    ['timestamp_start', 'timestamptz'],
    ['timestamp_end', 'timestamptz'],
    ['duration_minutes', 'int4'],
    ['title', 'text'],
    ['title_en', 'text'],
    ['blocked_attempts_count', 'int4'],
    ['last_blocked_attempt_at', 'timestamptz'],
    ['last_blocked_reason', 'text'],
  ],
  (w, j) => {
    w.row(11);
    w.int4(j.appointment_id);
    w.text(j.event_id);
    w.bool(j.is_completed);
    w.timestamp(j.start_ms);
    w.timestampOrNull(j.end_ms);
    w.int4OrNull(j.duration_minutes);
    w.text(j.title);
    w.text(j.title_en);
    w.int4(j.blocked_attempts_count);
    w.timestampOrNull(j.blocked_at_ms);
    w.textOrNull(j.last_blocked_reason);
  },
);

export const EMERGENCIES = copyTable<EmergencyRow>(
  'emergencies',
  [
    ['fullname', 'text'],
    ['phone', 'text'],
    ['latitude', 'float8'],
    ['longitude', 'float8'],
    ['accuracy', 'float8'],
    ['created_at', 'timestamptz'],
  ],
  (w, e) => {
    w.row(6);
    w.text(e.fullname);
    w.text(e.phone);
    w.float8(e.latitude);
    w.float8(e.longitude);
    w.float8(e.accuracy);
    w.timestamp(Date.parse(e.created_at));
  },
);

export const AGD_REPORTS = copyTable<AgdReportRow>(
  'agd_reports',
  [
    ['category', 'text'],
    ['description', 'text'],
    ['kecamatan_code', 'text'],
    ['latitude', 'float8'],
    ['longitude', 'float8'],
    ['reported_at', 'timestamptz'],
  ],
  (w, r) => {
    w.row(6);
    w.text(r.category);
    w.text(r.description);
    w.text(r.kecamatan_code);
    w.float8(r.latitude);
    w.float8(r.longitude);
    w.timestamp(Date.parse(r.reported_at));
  },
);

export const MENTAL_HEALTH_RESPONSES = copyTable<MentalHealthResponseRow>(
  'mental_health_responses',
  [
    ['assessment_id', 'int4'],
    ['patient_id', 'int4'],
    ['completed', 'bool'],
    ['score', 'int4'],
    ['satisfaction', 'int2'],
    ['created_at', 'timestamptz'],
  ],
  (w, r) => {
    w.row(6);
    w.int4(r.assessment_id);
    w.int4OrNull(r.patient_id);
    w.bool(r.completed);
    w.int4OrNull(r.score);
    if (r.satisfaction === null) w.null();
    else w.int2(r.satisfaction);
    w.timestamp(Date.parse(r.created_at));
  },
);

/** COPY ... FROM STDIN for a table, binary, FREEZE when the table was emptied in this transaction. */
export const copySql = (t: CopyTable<never>, freeze: boolean) =>
  `COPY ${t.table} (${t.columns.map(([name]) => name).join(', ')}) FROM STDIN (FORMAT binary${freeze ? ', FREEZE' : ''})`;

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
    for (const p of batch.patients) PATIENTS.write(pw, p);
    for (const a of batch.appointments) APPOINTMENTS.write(aw, a);
    for (const j of batch.journeys) JOURNEYS.write(jw, j);
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
