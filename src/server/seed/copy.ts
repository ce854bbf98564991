/**
 * PostgreSQL's binary COPY format, written straight from the generator's rows into buffers:
 * no text to parse on the server side (timestamps are the costly part of a text COPY), no
 * intermediate strings on ours.
 *
 * A COPY stream is a header, one tuple per row (a 16-bit field count, then per field a 32-bit
 * length, -1 for NULL, and the value in the type's binary send format), and a trailer.
 */
import {
  type AgdReportRow,
  type CityPlan,
  type EmergencyRow,
  type FacilityRow,
  type IdBases,
  type MentalHealthResponseRow,
} from './generate.js';
import {
  drawPatients,
  type AppointmentDraw,
  type JourneyDraw,
  type PatientDraw,
  type PatientRange,
} from './entities/patients.js';

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
  /** The buffer being written (valid between row() and end()). */
  buf: Buffer;
  private readonly chunks: Buffer[] = [];
  private pos = 0;

  constructor(private readonly chunkSize = 1 << 20) {
    this.buf = Buffer.allocUnsafeSlow(chunkSize);
    for (const byte of SIGNATURE) this.buf[this.pos++] = byte;
    this.pos = int32(this.buf, this.pos, 0); // flags
    this.pos = int32(this.buf, this.pos, 0); // header extension length
  }

  /**
   * Starts a tuple of `fields` fields that take at most `bytes` bytes; returns the position in
   * `buf` to write them at, with the field writers below, and to hand to end() after the last.
   */
  row(fields: number, bytes: number): number {
    this.room(2 + bytes);
    this.rows++;
    const buf = this.buf;
    const p = this.pos;
    buf[p] = fields >>> 8;
    buf[p + 1] = fields & 0xff;
    return p + 2;
  }

  end(p: number): void {
    // Writes past the end of a Buffer are dropped silently: a row must not outgrow its room.
    if (p > this.buf.length) throw new Error('COPY row larger than the room taken for it');
    this.pos = p;
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

  /** Makes room for `bytes` more bytes, starting a new buffer when this one is full. */
  private room(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    if (this.pos) this.chunks.push(this.buf.subarray(0, this.pos));
    // Never from Buffer's shared pool: whole chunks move between threads.
    this.buf = Buffer.allocUnsafeSlow(Math.max(this.chunkSize, bytes));
    this.pos = 0;
  }
}

/** Room a row of `fields` fields with text of `textLength` UTF-16 units in all may need. */
const rowBytes = (fields: number, textLength: number) => 12 * fields + 3 * textLength;
const len = (s: string | null) => (s === null ? 0 : s.length);

// Field writers: each writes one field (its length, then its value) at p in b and returns the
// position after it.

function int32(b: Buffer, p: number, v: number): number {
  b[p] = v >>> 24;
  b[p + 1] = v >>> 16;
  b[p + 2] = v >>> 8;
  b[p + 3] = v;
  return p + 4;
}

export function nil(b: Buffer, p: number): number {
  return int32(b, p, -1);
}

export function int2(b: Buffer, p: number, v: number): number {
  p = int32(b, p, 2);
  b[p] = v >>> 8;
  b[p + 1] = v;
  return p + 2;
}

export function int4(b: Buffer, p: number, v: number): number {
  return int32(b, int32(b, p, 4), v);
}

export function int4OrNull(b: Buffer, p: number, v: number | null): number {
  return v === null ? nil(b, p) : int4(b, p, v);
}

export function bool(b: Buffer, p: number, v: boolean): number {
  p = int32(b, p, 1);
  b[p] = v ? 1 : 0;
  return p + 1;
}

export function float8(b: Buffer, p: number, v: number): number {
  b.writeDoubleBE(v, int32(b, p, 8));
  return p + 12;
}

/** A date, as a Unix day number. */
export function date(b: Buffer, p: number, day: number): number {
  return int32(b, int32(b, p, 4), day - PG_EPOCH_DAY);
}

/** A timestamptz, as epoch milliseconds (whole milliseconds). */
export function timestamp(b: Buffer, p: number, ms: number): number {
  const micros = (ms - PG_EPOCH_MS) * 1000;
  const high = Math.floor(micros / TWO_32);
  return int32(b, int32(b, int32(b, p, 8), high), micros - high * TWO_32);
}

export function timestampOrNull(b: Buffer, p: number, ms: number | null): number {
  return ms === null ? nil(b, p) : timestamp(b, p, ms);
}

/** Text (also varchar and char(n)) in UTF-8. */
export function text(b: Buffer, p: number, s: string): number {
  const bytes = b.write(s, p + 4);
  int32(b, p, bytes);
  return p + 4 + bytes;
}

export function textOrNull(b: Buffer, p: number, s: string | null): number {
  return s === null ? nil(b, p) : text(b, p, s);
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
    let p = w.row(
      8,
      rowBytes(
        8,
        r.name.length +
          len(r.type) +
          r.email.length +
          r.phone.length +
          r.kecamatan_code.length +
          r.address.length,
      ),
    );
    const b = w.buf;
    p = int4(b, p, r.id);
    p = text(b, p, r.name);
    p = textOrNull(b, p, r.type);
    p = text(b, p, r.email);
    p = text(b, p, r.phone);
    p = bool(b, p, r.online);
    p = text(b, p, r.kecamatan_code);
    p = text(b, p, r.address);
    w.end(p);
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
  (w, d) => {
    let p = w.row(
      33,
      rowBytes(
        33,
        d.citizenship.length +
          d.identity_type.length +
          d.identity_number.length +
          d.full_name.length +
          d.place_of_birth.length +
          d.gender.length +
          d.marital_status.length +
          len(d.religion) +
          len(d.blood_type) +
          len(d.last_education) +
          d.address.length +
          d.rt.length +
          d.rw.length +
          d.village.length +
          d.district.length +
          d.regency.length +
          d.province.length +
          d.postal_code.length +
          d.occupation.length +
          d.phone_number.length +
          len(d.email) +
          len(d.tribe) +
          d.mother_name.length +
          d.insurance.length +
          len(d.insurance_number) +
          d.family_card_number.length +
          d.kecamatan_code.length +
          d.created_by.length,
      ),
    );
    const b = w.buf;
    p = int4(b, p, d.id);
    p = text(b, p, d.citizenship);
    p = text(b, p, d.identity_type);
    p = text(b, p, d.identity_number);
    p = text(b, p, d.full_name);
    p = text(b, p, d.place_of_birth);
    p = date(b, p, d.birth_day);
    p = text(b, p, d.gender);
    p = text(b, p, d.marital_status);
    p = textOrNull(b, p, d.religion);
    p = textOrNull(b, p, d.blood_type);
    p = textOrNull(b, p, d.last_education);
    p = text(b, p, d.address);
    p = text(b, p, d.rt);
    p = text(b, p, d.rw);
    p = text(b, p, d.village);
    p = text(b, p, d.district);
    p = text(b, p, d.regency);
    p = text(b, p, d.province);
    p = text(b, p, d.postal_code);
    p = text(b, p, d.occupation);
    p = text(b, p, d.phone_number);
    p = textOrNull(b, p, d.email);
    p = textOrNull(b, p, d.tribe);
    p = text(b, p, d.mother_name);
    p = text(b, p, d.insurance);
    p = textOrNull(b, p, d.insurance_number);
    p = text(b, p, d.family_card_number);
    p = int4(b, p, d.medical_facility_id);
    p = text(b, p, d.kecamatan_code);
    p = text(b, p, d.created_by);
    p = timestamp(b, p, d.created_ms);
    p = timestamp(b, p, d.created_ms);
    w.end(p);
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
    let p = w.row(
      23,
      rowBytes(
        23,
        a.nik.length +
          a.name.length +
          a.poly_code.length +
          a.poly_name.length +
          a.health_insurance.length +
          len(a.insurance_number) +
          a.created_by.length +
          a.start_time.length +
          a.end_time.length +
          len(a.payment_id) +
          a.doctor_name.length +
          a.id_type.length +
          a.id_number.length +
          a.status.length,
      ),
    );
    const b = w.buf;
    p = int4(b, p, a.id);
    p = int4(b, p, a.medical_facility_id);
    p = int4(b, p, a.patient_id);
    p = text(b, p, a.nik);
    p = text(b, p, a.name);
    p = timestamp(b, p, a.scheduled_ms);
    p = text(b, p, a.poly_code);
    p = text(b, p, a.poly_name);
    p = text(b, p, a.health_insurance);
    p = textOrNull(b, p, a.insurance_number);
    p = int4(b, p, a.queue_number);
    p = int4(b, p, a.queue_left_until_my_turn);
    p = text(b, p, a.created_by);
    p = bool(b, p, a.new_patient);
    p = text(b, p, a.start_time);
    p = text(b, p, a.end_time);
    p = textOrNull(b, p, a.payment_id);
    p = text(b, p, a.doctor_name);
    p = text(b, p, a.id_type);
    p = text(b, p, a.id_number);
    p = text(b, p, a.status);
    p = timestamp(b, p, a.created_ms);
    p = timestamp(b, p, a.updated_ms);
    w.end(p);
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
    let p = w.row(
      11,
      rowBytes(11, j.event_id.length + j.title.length + j.title_en.length + len(j.last_blocked_reason)),
    );
    const b = w.buf;
    p = int4(b, p, j.appointment_id);
    p = text(b, p, j.event_id);
    p = bool(b, p, j.is_completed);
    p = timestamp(b, p, j.start_ms);
    p = timestampOrNull(b, p, j.end_ms);
    p = int4OrNull(b, p, j.duration_minutes);
    p = text(b, p, j.title);
    p = text(b, p, j.title_en);
    p = int4(b, p, j.blocked_attempts_count);
    p = timestampOrNull(b, p, j.blocked_at_ms);
    p = textOrNull(b, p, j.last_blocked_reason);
    w.end(p);
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
    let p = w.row(6, rowBytes(6, e.fullname.length + e.phone.length));
    const b = w.buf;
    p = text(b, p, e.fullname);
    p = text(b, p, e.phone);
    p = float8(b, p, e.latitude);
    p = float8(b, p, e.longitude);
    p = float8(b, p, e.accuracy);
    p = timestamp(b, p, Date.parse(e.created_at));
    w.end(p);
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
    let p = w.row(6, rowBytes(6, r.category.length + r.description.length + r.kecamatan_code.length));
    const b = w.buf;
    p = text(b, p, r.category);
    p = text(b, p, r.description);
    p = text(b, p, r.kecamatan_code);
    p = float8(b, p, r.latitude);
    p = float8(b, p, r.longitude);
    p = timestamp(b, p, Date.parse(r.reported_at));
    w.end(p);
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
    let p = w.row(6, rowBytes(6, 0));
    const b = w.buf;
    p = int4(b, p, r.assessment_id);
    p = int4OrNull(b, p, r.patient_id);
    p = bool(b, p, r.completed);
    p = int4OrNull(b, p, r.score);
    p = r.satisfaction === null ? nil(b, p) : int2(b, p, r.satisfaction);
    p = timestamp(b, p, Date.parse(r.created_at));
    w.end(p);
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
