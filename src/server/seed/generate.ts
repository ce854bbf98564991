/**
 * The demo city generator: a pure function of (seed, size, now). This file plans the city (the
 * options resolved, the facilities and assessments, a few hundred rows) and holds the row types
 * and lookups its entities share. The entities are drawn in files of their own, streamed in
 * batches so that a million patients and five million appointments never sit in memory at once:
 * entities/patients.ts (patients), entities/visits.ts (their appointments and journeys),
 * entities/events.ts (SOS calls, AGD reports, mental-health responses), and the smaller demo
 * tables beside them.
 *
 * Rows carry their own ids (from bases the loader reads from the database), so appointments
 * can name their patient and nothing has to be read back while loading.
 */
import { facilityCode } from '../../domain/facility-integration.js';
import { faker as fakerID_ID } from '@faker-js/faker/locale/id_ID';
import { JAKARTA_KABUPATEN, JAKARTA_KECAMATAN, type Area } from '../../domain/jakarta.js';
import { Rng, Weighted, weighted } from './random.js';
import {
  ADULT_EDUCATION,
  ADULT_OCCUPATIONS,
  AGD_CATEGORIES,
  AGE_BANDS,
  ASSESSMENTS,
  ASSESSMENT_DESCRIPTIONS,
  BIRTH_CITIES,
  BLOOD_TYPES,
  BOOKING_CHANNELS,
  CLINIC_WORDS,
  EXTRA_RSUD_KECAMATAN,
  HOSPITAL_WORDS,
  INSURANCE,
  MAIN_RSUD,
  OTHER_FACILITY_NAMES,
  PHARMACY_WORDS,
  PHONE_PREFIXES,
  POLIS_BY_TYPE,
  POLI_INDEX,
  RELIGIONS,
  SENIOR_OCCUPATIONS,
  STREET_SUFFIXES,
  TRIBES,
  UNWELL_WEIGHTS,
  kelurahanByKecamatan,
} from './city-data.js';
import { dayString, jakartaDay, jakartaMinutes } from './calendar.js';
import { nowDate } from '../../domain/clock.js';

export const DEFAULT_SEED = 20261121;
/** Days of history before today (about six months). */
export const HISTORY_DAYS = 182;
/** Patients registered over the last three years. */
export const REGISTRATION_DAYS = 1095;

export interface CityOptions {
  /** Number of patients. */
  patients: number;
  seed?: number;
  /** The moment the city is generated for; today is its date in Asia/Jakarta. */
  now?: Date;
  /** Mean appointments per patient (default 5). */
  appointmentsPerPatient?: number;
  /** Journeys for appointments of the last N days (default: all; 0: none). */
  journeyDays?: number;
}

export type FacilityType = 'PUSKESMAS' | 'RSUD' | 'RS_SWASTA' | 'KLINIK' | 'APOTEK' | null;

export interface FacilityRow {
  id: number;
  /** Its code at the health office, as its integration's KODE_FASKES parameter says it. */
  code: string;
  name: string;
  type: FacilityType;
  email: string;
  phone: string;
  online: boolean;
  kecamatan_code: string;
  address: string;
}

export interface PatientRow {
  id: number;
  citizenship: string;
  identity_type: string;
  identity_number: string;
  full_name: string;
  place_of_birth: string;
  date_of_birth: string;
  gender: 'L' | 'P';
  marital_status: string;
  religion: string | null;
  blood_type: string | null;
  last_education: string | null;
  address: string;
  rt: string;
  rw: string;
  village: string;
  district: string;
  regency: string;
  province: string;
  postal_code: string;
  occupation: string;
  phone_number: string;
  email: string | null;
  tribe: string | null;
  mother_name: string;
  insurance: string;
  insurance_number: string | null;
  family_card_number: string;
  medical_facility_id: number;
  kecamatan_code: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface AppointmentRow {
  id: number;
  medical_facility_id: number;
  patient_id: number;
  nik: string;
  name: string;
  scheduled_date: string;
  poly_code: string;
  poly_name: string;
  health_insurance: string;
  insurance_number: string | null;
  queue_number: number;
  queue_left_until_my_turn: number;
  created_by: string;
  new_patient: boolean;
  start_time: string;
  end_time: string;
  payment_id: string | null;
  doctor_name: string;
  id_type: string;
  id_number: string;
  status: 'scheduled' | 'in_progress' | 'completed' | 'cancelled';
  created_at: string;
  updated_at: string;
}

export interface JourneyRow {
  appointment_id: number;
  event_id: string;
  is_completed: boolean;
  timestamp_start: string;
  timestamp_end: string | null;
  duration_minutes: number | null;
  title: string;
  title_en: string;
  blocked_attempts_count: number;
  last_blocked_attempt_at: string | null;
  last_blocked_reason: string | null;
}

export interface EmergencyRow {
  fullname: string;
  phone: string;
  latitude: number;
  longitude: number;
  accuracy: number;
  created_at: string;
}

export interface AgdReportRow {
  category: string;
  description: string;
  kecamatan_code: string;
  latitude: number;
  longitude: number;
  reported_at: string;
}

export interface AssessmentRow {
  id: number;
  assessment_name: string;
  assessment_type: string;
  description: string;
}

export interface MentalHealthResponseRow {
  assessment_id: number;
  patient_id: number | null;
  completed: boolean;
  score: number | null;
  satisfaction: number | null;
  created_at: string;
}

/** First ids to use; the loader reads them from the database (max(id) + 1). */
export interface IdBases {
  facility: number;
  patient: number;
  appointment: number;
}
export const FIRST_IDS: IdBases = { facility: 1, patient: 1, appointment: 1 };

export interface PatientBatch {
  patients: PatientRow[];
  appointments: AppointmentRow[];
  journeys: JourneyRow[];
}

export interface FacilityPlan extends Omit<FacilityRow, 'id' | 'code'> {
  regency: string;
  polis: number[];
  doctors: number;
}

export interface CityPlan {
  seed: number;
  patients: number;
  appointmentsPerPatient: number;
  journeyDays: number;
  today: number;
  nowMinutes: number;
  facilities: FacilityPlan[];
  counts: { emergencies: number; agdReports: number; mentalHealthResponses: number };
}

// ---------------------------------------------------------------------------------------------
// Shared lookups (built once per process)

export const KECAMATAN = JAKARTA_KECAMATAN;
export const KAB_NAME = new Map(JAKARTA_KABUPATEN.map((k) => [k.code, k.name]));
const byPopulation = (areas: Area[]) => new Weighted(areas.map((a) => [a, a.population] as const));
export const KEC_BY_POPULATION = byPopulation(KECAMATAN);
/** SOS calls come from the mainland (the islands lie outside the bounding area). */
export const MAINLAND_BY_POPULATION = byPopulation(KECAMATAN.filter((k) => !k.code.startsWith('31.01')));

const defs = fakerID_ID.rawDefinitions.person!;
const FIRST_NAMES = {
  L: [...(defs.first_name as any).male, ...(defs.first_name as any).generic] as string[],
  P: [...(defs.first_name as any).female, ...(defs.first_name as any).generic] as string[],
};
const LAST_NAMES = {
  L: (defs.last_name as any).male as string[],
  P: (defs.last_name as any).female as string[],
};

export const W = {
  insurance: weighted(INSURANCE),
  religion: weighted(RELIGIONS),
  blood: weighted(BLOOD_TYPES),
  tribe: weighted(TRIBES),
  education: weighted(ADULT_EDUCATION),
  occupation: weighted(ADULT_OCCUPATIONS),
  senior: weighted(SENIOR_OCCUPATIONS),
  birthCity: weighted(BIRTH_CITIES),
  channel: weighted(BOOKING_CHANNELS),
  agd: weighted(AGD_CATEGORIES),
  unwell: weighted(UNWELL_WEIGHTS),
  satisfaction: new Weighted([
    [5, 38],
    [4, 40],
    [3, 14],
    [2, 5],
    [1, 3],
  ]),
  ageBand: new Weighted(AGE_BANDS.map((b) => [b, b[2]] as const)),
};

/** Visit slots from 07:00 to 14:00 every 15 minutes, busiest mid-morning. */
export const SLOTS = Array.from({ length: 29 }, (_, i) => 7 * 60 + i * 15);
export const SLOT_WEIGHTS = new Weighted(
  SLOTS.map((m) => [m, m < 8 * 60 ? 6 : m < 11 * 60 ? 10 : m < 13 * 60 ? 6 : 3] as const),
);

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
export const ddmmyy = (day: number) => {
  const s = dayString(day);
  return `${s.slice(8, 10)}${s.slice(5, 7)}${s.slice(2, 4)}`;
};
export const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

export const emailUser = (name: { first: string; last: string }) =>
  `${name.first}.${name.last}`.toLowerCase().replace(/[^a-z.]/g, '');

export function personName(rng: Rng, gender: 'L' | 'P') {
  const first = rng.pick(FIRST_NAMES[gender]);
  const last = rng.pick(LAST_NAMES[gender]);
  if (rng.chance(0.3)) {
    let middle = rng.pick(FIRST_NAMES[gender]);
    if (middle === first) middle = rng.pick(FIRST_NAMES[gender]);
    return { first, last, full: `${first} ${middle} ${last}` };
  }
  return { first, last, full: `${first} ${last}` };
}

export const phone = (rng: Rng) => rng.pick(PHONE_PREFIXES) + rng.digits(rng.chance(0.6) ? 8 : 7);

export function street(rng: Rng, kelurahan: string) {
  const suffix = rng.pick(STREET_SUFFIXES);
  if (rng.chance(0.25)) return `Gg. ${rng.pick(FIRST_NAMES.L)} ${rng.int(1, 12)}`;
  return `Jl. ${kelurahan}${suffix ? ` ${suffix}` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// The plan: options resolved, facilities and fixed counts

export function planCity(options: CityOptions): CityPlan {
  const seed = options.seed ?? DEFAULT_SEED;
  const patients = Math.max(0, Math.floor(options.patients));
  const now = options.now ?? nowDate();
  // Sizes grow facility counts mildly: about 75 for a tiny city, under 300 for a million patients.
  const growth = Math.log10(1 + patients / 1000);
  const rng = new Rng(seed, 'facilities');
  const kelurahan = kelurahanByKecamatan();
  const facilities: FacilityPlan[] = [];
  const usedNames = new Set<string>();

  const add = (type: FacilityType, name: string, kec: Area, online: number) => {
    let unique = name;
    for (let n = 2; usedNames.has(unique); n++) unique = `${name} ${n}`;
    usedNames.add(unique);
    const village = rng.pick(kelurahan.get(kec.code)!);
    const shortName = unique.replace('Puskesmas Kecamatan', 'pkm');
    const polis = (type && POLIS_BY_TYPE[type]?.map((p) => POLI_INDEX[p])) || [];
    facilities.push({
      name: unique,
      type,
      email: `${slug(shortName)}@faskes.demo.local`,
      phone: `021-${rng.int(2, 8)}${rng.digits(rng.chance(0.7) ? 7 : 6)}`,
      online: rng.chance(online),
      kecamatan_code: kec.code,
      address: `${street(rng, village)} No. ${rng.int(1, 150)}, ${village}, ${kec.name}`,
      regency: kec.parent_code!,
      polis,
      doctors: type === 'PUSKESMAS' || type === 'KLINIK' ? 2 : 3,
    });
  };
  const kecByCode = new Map(KECAMATAN.map((k) => [k.code, k]));

  for (const kec of KECAMATAN) add('PUSKESMAS', `Puskesmas Kecamatan ${kec.name}`, kec, 0.92);
  for (const r of MAIN_RSUD) add('RSUD', r.name, kecByCode.get(r.kecamatan)!, 0.95);
  for (const code of EXTRA_RSUD_KECAMATAN.slice(0, Math.round(growth * 5))) {
    const kec = kecByCode.get(code)!;
    add('RSUD', `RSUD ${kec.name}`, kec, 0.9);
  }
  for (let i = 0; i < 6 + Math.round(growth * 6); i++) {
    const kec = MAINLAND_BY_POPULATION.draw(rng);
    add('RS_SWASTA', `RS ${rng.pick(HOSPITAL_WORDS)} ${kec.name}`, kec, 0.88);
  }
  for (let i = 0; i < 10 + Math.round(growth * 30); i++) {
    const kec = MAINLAND_BY_POPULATION.draw(rng);
    const kind = rng.chance(0.75) ? 'Pratama' : 'Utama';
    add('KLINIK', `Klinik ${kind} ${rng.pick(CLINIC_WORDS)} ${rng.pick(kelurahan.get(kec.code)!)}`, kec, 0.8);
  }
  for (let i = 0; i < 8 + Math.round(growth * 25); i++) {
    const kec = MAINLAND_BY_POPULATION.draw(rng);
    add('APOTEK', `Apotek ${rng.pick(PHARMACY_WORDS)} ${rng.pick(kelurahan.get(kec.code)!)}`, kec, 0.75);
  }
  for (let i = 0; i < 1 + Math.round(growth); i++) {
    const kec = MAINLAND_BY_POPULATION.draw(rng);
    add(null, `${OTHER_FACILITY_NAMES[i % OTHER_FACILITY_NAMES.length]} ${kec.name}`, kec, 0.7);
  }

  return {
    seed,
    patients,
    appointmentsPerPatient: options.appointmentsPerPatient ?? 5,
    journeyDays: options.journeyDays ?? Infinity,
    today: jakartaDay(now),
    nowMinutes: jakartaMinutes(now),
    facilities,
    counts: {
      emergencies: Math.max(40, Math.round(patients * 0.01)),
      agdReports: Math.max(60, Math.round(patients * 0.015)),
      mentalHealthResponses: Math.max(120, Math.round(patients * 0.06)),
    },
  };
}

export function facilityRows(plan: CityPlan, base = FIRST_IDS.facility): FacilityRow[] {
  return plan.facilities.map((f, i) => ({
    id: base + i,
    code: facilityCode(f.type, base + i),
    name: f.name,
    type: f.type,
    email: f.email,
    phone: f.phone,
    online: f.online,
    kecamatan_code: f.kecamatan_code,
    address: f.address,
  }));
}

export function assessmentRows(): Omit<AssessmentRow, 'id'>[] {
  return ASSESSMENTS.map((a) => ({
    assessment_name: a.name,
    assessment_type: a.type,
    description: ASSESSMENT_DESCRIPTIONS[a.type],
  }));
}
