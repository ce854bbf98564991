/**
 * The demo city's patients, with their appointments and the journey steps of those: one
 * patient's draws at a time, from its own random stream, so any range of patients can be drawn
 * apart (the bulk loader's worker threads) and still give the same city.
 */
import { JAKARTA_KABUPATEN } from '../../../domain/jakarta.js';
import { Rng, Weighted } from '../random.js';
import {
  BLOCKED_REASONS,
  EMAIL_DOMAINS,
  JOURNEY_STEPS,
  POLIS,
  POLI_INDEX,
  POSTAL_PREFIX,
  PRESCRIPTION_STEPS,
  kelurahanByKecamatan,
} from '../city-data.js';
import { MINUTE_MS, clock, dayString, iso, jakartaInstant, weekday } from '../calendar.js';
import {
  HISTORY_DAYS,
  type PatientRow,
  type AppointmentRow,
  type JourneyRow,
  type IdBases,
  FIRST_IDS,
  type PatientBatch,
  type CityPlan,
  type FacilityPlan,
  REGISTRATION_DAYS,
  KECAMATAN,
  KAB_NAME,
  KEC_BY_POPULATION,
  W,
  SLOTS,
  SLOT_WEIGHTS,
  ddmmyy,
  emailUser,
  personName,
  phone,
  street,
} from '../generate.js';

/** Where patients register and where they are seen, by kecamatan and by kota. */
function facilityIndex(plan: CityPlan) {
  const idx = (pred: (f: FacilityPlan) => boolean) => plan.facilities.flatMap((f, i) => (pred(f) ? [i] : []));
  const puskesmas = new Map<string, number>();
  plan.facilities.forEach((f, i) => {
    if (f.type === 'PUSKESMAS') puskesmas.set(f.kecamatan_code, i);
  });
  const clinicsIn = new Map<string, number[]>();
  const byRegency = new Map<string, { clinics: number[]; rsud: number[]; private: number[] }>();
  for (const k of JAKARTA_KABUPATEN) byRegency.set(k.code, { clinics: [], rsud: [], private: [] });
  plan.facilities.forEach((f, i) => {
    const r = byRegency.get(f.regency)!;
    if (f.type === 'KLINIK') {
      r.clinics.push(i);
      clinicsIn.set(f.kecamatan_code, [...(clinicsIn.get(f.kecamatan_code) ?? []), i]);
    }
    if (f.type === 'RSUD') r.rsud.push(i);
    if (f.type === 'RS_SWASTA') r.private.push(i);
  });
  return {
    puskesmas,
    clinicsIn,
    byRegency,
    hospitals: idx((f) => f.type === 'RSUD' || f.type === 'RS_SWASTA'),
  };
}

/** Relative weight of each poli for a patient of this age and gender. */
function poliWeights(age: number, gender: 'L' | 'P'): number[] {
  const w = new Array(POLIS.length).fill(0);
  const set = (name: string, v: number) => (w[POLI_INDEX[name]] = v);
  set('Umum', age < 18 ? 20 : 40);
  set('Anak', age < 18 ? 60 : 0);
  set('Kandungan', gender === 'P' && age >= 16 && age <= 49 ? 14 : 0);
  set('Mata', age > 50 ? 9 : 3);
  set('THT', 4);
  set('Kulit', 4);
  set('Saraf', age > 50 ? 7 : 2);
  set('Jantung', age > 45 ? 9 : 1);
  set('Paru', age > 50 ? 5 : 2);
  set('Jiwa', age >= 15 ? 2 : 0);
  set('Gigi', 10);
  set('Bedah', age >= 18 ? 3 : 1);
  return w;
}

/** Appointment day weights: weekdays busy, Saturday half, Sunday a few; a gentle upward trend. */
function dayWeights(plan: CityPlan) {
  const first = plan.today - HISTORY_DAYS;
  const weights: (readonly [number, number])[] = [];
  for (let d = first; d <= plan.today; d++) {
    const wd = weekday(d);
    const base = wd === 0 ? 0.07 : wd === 6 ? 0.45 : 1;
    weights.push([d, base * (0.85 + (0.3 * (d - first)) / HISTORY_DAYS)]);
  }
  return new Weighted(weights);
}

/** Minutes waited before a step (min, max); default 0-8. */
const STEP_WAIT = { checkin: [0, 0], consultation: [5, 40] } as Record<string, [number, number]>;

const pad3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
/** 'HH:MM' of each visit slot and of its end half an hour later. */
const SLOT_CLOCK: string[] = new Array(24 * 60);
for (const m of SLOTS) [m, m + 30].forEach((t) => (SLOT_CLOCK[t] = clock(t)));
/** 'YYYYMMDD' of the days payments were made on (cached by day). */
const compactDays = new Map<number, string>();
const compactDay = (day: number) => {
  let s = compactDays.get(day);
  if (s === undefined) compactDays.set(day, (s = dayString(day).replace(/-/g, '')));
  return s;
};

/**
 * The NIK of a kecamatan (its code without dots), birth day, gender and sequence number: the
 * same string as makeNik() of src/domain/nik.ts, without parsing the date back.
 */
function nikOf(region: string, birth: string, gender: 'L' | 'P', sequence: number): string {
  const dd = gender === 'P' ? String(Number(birth.slice(8, 10)) + 40) : birth.slice(8, 10);
  const seq = ((sequence - 1) % 9999) + 1;
  return `${region}${dd}${birth.slice(5, 7)}${birth.slice(2, 4)}${seq < 1000 ? `0${pad3[seq]}` : seq}`;
}

/** A patient as drawn: the row, with the birth date as a day number and the registration in epoch ms. */
export interface PatientDraw extends Omit<PatientRow, 'date_of_birth' | 'created_at' | 'updated_at'> {
  birth_day: number;
  created_ms: number;
}
/** An appointment as drawn: the row, with its times in epoch ms. */
export interface AppointmentDraw extends Omit<
  AppointmentRow,
  'scheduled_date' | 'created_at' | 'updated_at'
> {
  scheduled_ms: number;
  created_ms: number;
  updated_ms: number;
}
/** A journey step as drawn: the row, with its times in epoch ms. */
export interface JourneyDraw extends Omit<
  JourneyRow,
  'timestamp_start' | 'timestamp_end' | 'last_blocked_attempt_at'
> {
  start_ms: number;
  end_ms: number | null;
  blocked_at_ms: number | null;
}
export interface DrawBatch {
  patients: PatientDraw[];
  appointments: AppointmentDraw[];
  journeys: JourneyDraw[];
}

export const patientRow = (p: PatientDraw): PatientRow => ({
  id: p.id,
  citizenship: p.citizenship,
  identity_type: p.identity_type,
  identity_number: p.identity_number,
  full_name: p.full_name,
  place_of_birth: p.place_of_birth,
  date_of_birth: dayString(p.birth_day),
  gender: p.gender,
  marital_status: p.marital_status,
  religion: p.religion,
  blood_type: p.blood_type,
  last_education: p.last_education,
  address: p.address,
  rt: p.rt,
  rw: p.rw,
  village: p.village,
  district: p.district,
  regency: p.regency,
  province: p.province,
  postal_code: p.postal_code,
  occupation: p.occupation,
  phone_number: p.phone_number,
  email: p.email,
  tribe: p.tribe,
  mother_name: p.mother_name,
  insurance: p.insurance,
  insurance_number: p.insurance_number,
  family_card_number: p.family_card_number,
  medical_facility_id: p.medical_facility_id,
  kecamatan_code: p.kecamatan_code,
  created_by: p.created_by,
  created_at: iso(p.created_ms),
  updated_at: iso(p.created_ms),
});

export const appointmentRow = (a: AppointmentDraw): AppointmentRow => ({
  id: a.id,
  medical_facility_id: a.medical_facility_id,
  patient_id: a.patient_id,
  nik: a.nik,
  name: a.name,
  scheduled_date: iso(a.scheduled_ms),
  poly_code: a.poly_code,
  poly_name: a.poly_name,
  health_insurance: a.health_insurance,
  insurance_number: a.insurance_number,
  queue_number: a.queue_number,
  queue_left_until_my_turn: a.queue_left_until_my_turn,
  created_by: a.created_by,
  new_patient: a.new_patient,
  start_time: a.start_time,
  end_time: a.end_time,
  payment_id: a.payment_id,
  doctor_name: a.doctor_name,
  id_type: a.id_type,
  id_number: a.id_number,
  status: a.status,
  created_at: iso(a.created_ms),
  updated_at: iso(a.updated_ms),
});

export const journeyRow = (j: JourneyDraw): JourneyRow => ({
  appointment_id: j.appointment_id,
  event_id: j.event_id,
  is_completed: j.is_completed,
  timestamp_start: iso(j.start_ms),
  timestamp_end: j.end_ms === null ? null : iso(j.end_ms),
  duration_minutes: j.duration_minutes,
  title: j.title,
  title_en: j.title_en,
  blocked_attempts_count: j.blocked_attempts_count,
  last_blocked_attempt_at: j.blocked_at_ms === null ? null : iso(j.blocked_at_ms),
  last_blocked_reason: j.last_blocked_reason,
});

/**
 * Patients in batches with their appointments and journeys. The first patients (one per
 * kecamatan) register at their kecamatan's Puskesmas, so every Puskesmas has patients even in a
 * tiny test city, and the first appointments fall one on each of the last 30 days, so the
 * dashboard's daily chart is never empty.
 */
export function* patientBatches(
  plan: CityPlan,
  ids: IdBases = FIRST_IDS,
  batchSize = 1000,
): Generator<PatientBatch> {
  for (const batch of drawPatients(plan, ids, batchSize)) {
    yield {
      patients: batch.patients.map(patientRow),
      appointments: batch.appointments.map(appointmentRow),
      journeys: batch.journeys.map(journeyRow),
    };
  }
}

/** Lookups the patient generator derives from a plan (built once per generator). */
function patientContext(plan: CityPlan) {
  const firstDay = plan.today - HISTORY_DAYS;
  const oldest = plan.today - 96 * 366;
  // Registration days are spread over three years; the mean share of the window a patient was
  // registered for, so that appointments per patient still average appointmentsPerPatient.
  let presence = 0;
  for (let d = 1; d <= REGISTRATION_DAYS; d++) presence += Math.min(1, (d + 1) / (HISTORY_DAYS + 1));
  return {
    plan,
    kelurahan: kelurahanByKecamatan(),
    facilities: facilityIndex(plan),
    firstDay,
    oldest,
    /** Birth days a NIK prefix can have. */
    span: plan.today - oldest + 1,
    presenceScale: REGISTRATION_DAYS / presence,
  };
}
type PatientContext = ReturnType<typeof patientContext>;

const KEC_INDEX = new Map(KECAMATAN.map((k, i) => [k.code, i]));
const REGION_DIGITS = KECAMATAN.map((k) => k.code.replace(/\./g, ''));

/**
 * The first draws of patient i: who and where they are, where and when they registered, and
 * how many visits they make. The patient's other fields continue from `rng`, the visits from
 * `arng`.
 */
function drawPatientStart(ctx: PatientContext, i: number) {
  const { plan, facilities } = ctx;
  const rng = new Rng(plan.seed, 'patient', i);
  const coverage = i < KECAMATAN.length;
  const kec = coverage ? KECAMATAN[i] : KEC_BY_POPULATION.draw(rng);
  const gender: 'L' | 'P' = rng.chance(0.49) ? 'L' : 'P';
  const band = W.ageBand.draw(rng);
  const age = rng.int(band[0], band[1]);
  const dobDay = plan.today - age * 365 - Math.floor(age / 4) - rng.int(0, 364);
  const name = personName(rng, gender);
  const village = rng.pick(ctx.kelurahan.get(kec.code)!);
  const insurance = W.insurance.draw(rng);

  let marital = 'Belum Menikah';
  if (age >= 18) {
    const u = rng.next();
    if (age < 25) marital = u < 0.78 ? 'Belum Menikah' : 'Menikah';
    else if (age < 35) marital = u < 0.33 ? 'Belum Menikah' : u < 0.96 ? 'Menikah' : 'Cerai';
    else if (age < 60)
      marital = u < 0.07 ? 'Belum Menikah' : u < 0.86 ? 'Menikah' : u < 0.93 ? 'Cerai' : 'Janda/Duda';
    else marital = u < 0.03 ? 'Belum Menikah' : u < 0.66 ? 'Menikah' : u < 0.72 ? 'Cerai' : 'Janda/Duda';
  }
  let education: string | null;
  if (age < 5) education = null;
  else if (age < 13) education = 'SD';
  else if (age < 16) education = 'SMP';
  else if (age < 19) education = 'SMA';
  else education = W.education.draw(rng);
  let occupation: string;
  if (age < 5) occupation = 'Belum Bekerja';
  else if (age < 19) occupation = 'Pelajar/Mahasiswa';
  else if (age >= 60) occupation = W.senior.draw(rng);
  else occupation = W.occupation.draw(rng);
  if (gender === 'L' && occupation === 'Ibu Rumah Tangga') occupation = 'Karyawan Swasta';

  // Registered facility: mostly the kecamatan's Puskesmas, else a clinic or hospital nearby.
  const region = facilities.byRegency.get(kec.parent_code!)!;
  let facility = facilities.puskesmas.get(kec.code)!;
  if (!coverage) {
    const u = rng.next();
    const nearClinics = facilities.clinicsIn.get(kec.code) ?? region.clinics;
    if (u >= 0.6 && u < 0.8 && nearClinics.length) facility = rng.pick(nearClinics);
    else if (u >= 0.8 && u < 0.9 && region.private.length) facility = rng.pick(region.private);
    else if (u >= 0.9 && region.rsud.length) facility = rng.pick(region.rsud);
  }

  // Registered some time in the last three years; the coverage patients long ago.
  const createdDay =
    plan.today - (coverage ? rng.int(200, REGISTRATION_DAYS) : rng.int(1, REGISTRATION_DAYS));
  const createdMinute = rng.int(7 * 60, 20 * 60);

  // Appointments: a gamma-like spread around the mean, so some patients come often.
  const arng = new Rng(plan.seed, 'appointments', i);
  const g = (-Math.log(1 - arng.next()) - Math.log(1 - arng.next())) / 2;
  const earliest = Math.max(ctx.firstDay, createdDay);
  // Patients registered during the window come less often in total, not more often per day.
  const present = (plan.today - earliest + 1) / (HISTORY_DAYS + 1);
  const visits = Math.floor(plan.appointmentsPerPatient * ctx.presenceScale * present * g + arng.next());

  const k = KEC_INDEX.get(kec.code)!;
  /** Index of the patient's NIK prefix (kecamatan, gender, birth date) among all prefixes. */
  const nikPrefix = (k * 2 + (gender === 'L' ? 0 : 1)) * ctx.span + (dobDay - ctx.oldest);
  return {
    rng,
    arng,
    kec,
    k,
    gender,
    age,
    dobDay,
    name,
    village,
    insurance,
    marital,
    education,
    occupation,
    facility,
    createdDay,
    createdMinute,
    earliest,
    visits,
    nikPrefix,
  };
}

/**
 * Patients from..to-1, drawn apart from the others: the NIK sequence number of each (how many
 * earlier patients share their NIK prefix, plus one) and the id of the range's first appointment.
 */
export interface PatientRange {
  from: number;
  to: number;
  sequences: Uint16Array;
  appointmentId: number;
}

/**
 * The patients in ranges of `size`, for drawing them in several threads: a quick pass over
 * every patient's first draws fixes what depends on the patients before (NIK sequence numbers,
 * appointment ids). drawPatients() of the ranges, in order, is drawPatients() of the plan.
 */
export function* patientRanges(
  plan: CityPlan,
  ids: IdBases = FIRST_IDS,
  size = 10_000,
): Generator<PatientRange> {
  const ctx = patientContext(plan);
  const nikSeq = new Uint16Array(KECAMATAN.length * 2 * ctx.span);
  let appointmentId = ids.appointment;
  for (let from = 0; from < plan.patients; from += size) {
    const to = Math.min(plan.patients, from + size);
    const range: PatientRange = { from, to, sequences: new Uint16Array(to - from), appointmentId };
    for (let i = from; i < to; i++) {
      const start = drawPatientStart(ctx, i);
      range.sequences[i - from] = ++nikSeq[start.nikPrefix];
      appointmentId += start.visits;
    }
    yield range;
  }
}

/**
 * patientBatches() with times as numbers (what the bulk loader writes); of all patients, or of
 * one range of patientRanges().
 */
export function* drawPatients(
  plan: CityPlan,
  ids: IdBases = FIRST_IDS,
  batchSize = 1000,
  range?: PatientRange,
): Generator<DrawBatch> {
  const ctx = patientContext(plan);
  const { facilities, firstDay } = ctx;
  const days = dayWeights(plan);
  const nikSeq = range ? null : new Uint16Array(KECAMATAN.length * 2 * ctx.span);
  const doctorNames: (string | undefined)[] = new Array(plan.facilities.length * POLIS.length * 4);
  let appointmentId = range ? range.appointmentId : ids.appointment;
  const nowMs = jakartaInstant(plan.today, plan.nowMinutes);
  /** The queue number being served now (for today's waiting patients). */
  const serving = Math.max(0, Math.floor((plan.nowMinutes - 420) / 15) * 3);
  /** A kota's own hospitals (RSUD and private), where its patients are mostly referred. */
  const localHospitals = new Map(
    [...facilities.byRegency].map(([code, r]) => [code, r.rsud.concat(r.private)]),
  );
  const weightsFor: (number[] | undefined)[] = new Array(2 * 120);
  const timeline = new Timeline();

  const doctor = (facility: number, poli: number, k: number) => {
    const key = (facility * POLIS.length + poli) * 4 + k;
    let name = doctorNames[key];
    if (!name) {
      const rng = new Rng(plan.seed, 'doctor', key);
      const gender = rng.chance(0.55) ? 'P' : 'L';
      const n = personName(rng, gender);
      const title = POLIS[poli].title;
      name = title === 'drg.' ? `drg. ${n.full}` : `dr. ${n.full}${title ? `, ${title}` : ''}`;
      doctorNames[key] = name;
    }
    return name;
  };

  let batch: DrawBatch = { patients: [], appointments: [], journeys: [] };
  const dates: number[] = [];
  const from = range ? range.from : 0;
  const to = range ? range.to : plan.patients;
  for (let i = from; i < to; i++) {
    const start = drawPatientStart(ctx, i);
    const { rng, arng, kec, k, gender, age, dobDay, name, village, insurance, facility, createdDay } = start;
    const seq = nikSeq ? ++nikSeq[start.nikPrefix] : range!.sequences[i - from];
    const nik = nikOf(REGION_DIGITS[k], dayString(dobDay), gender, seq);
    const createdMs = jakartaInstant(createdDay, start.createdMinute);
    const patientId = ids.patient + i;

    // The fields are drawn in this order (object literals evaluate in order).
    const patient: PatientDraw = {
      id: patientId,
      citizenship: 'WNI',
      identity_type: 'KTP',
      identity_number: nik,
      full_name: name.full,
      place_of_birth: W.birthCity.draw(rng),
      birth_day: dobDay,
      gender,
      marital_status: start.marital,
      religion: W.religion.draw(rng),
      blood_type: rng.chance(0.9) ? W.blood.draw(rng) : null,
      last_education: start.education,
      address: `${street(rng, village)} No. ${rng.int(1, 200)}`,
      rt: pad3[rng.int(1, 15)],
      rw: pad3[rng.int(1, 12)],
      village,
      district: kec.name,
      regency: KAB_NAME.get(kec.parent_code!)!,
      province: 'DKI Jakarta',
      postal_code: (POSTAL_PREFIX[kec.parent_code!] + rng.digits(5)).slice(0, 5),
      occupation: start.occupation,
      phone_number: phone(rng),
      email:
        age >= 15 && rng.chance(0.6)
          ? `${emailUser(name)}${rng.int(1, 999)}@${rng.pick(EMAIL_DOMAINS)}`
          : null,
      tribe: rng.chance(0.92) ? W.tribe.draw(rng) : null,
      mother_name: personName(rng, 'P').full,
      insurance,
      insurance_number:
        insurance === 'BPJS'
          ? `000${rng.digits(10)}`
          : insurance === 'Asuransi Swasta'
            ? `POL${rng.digits(10)}`
            : null,
      // A KK number: region, issue date (DDMMYY) and a sequence.
      family_card_number: `${REGION_DIGITS[k]}${ddmmyy(plan.today - rng.int(200, 7000))}${rng.digits(4)}`,
      medical_facility_id: ids.facility + facility,
      kecamatan_code: kec.code,
      created_by: rng.pick(CREATED_BY),
      created_ms: createdMs,
    };
    batch.patients.push(patient);

    const { earliest, visits: count } = start;
    /** Appointments of the patients before this one. */
    const appointmentCount = appointmentId - ids.appointment;
    dates.length = 0;
    for (let a = 0; a < count; a++) {
      const u = arng.next();
      const coverDay = plan.today - (appointmentCount + a);
      dates.push(
        appointmentCount + a < 30 && coverDay >= earliest
          ? coverDay
          : days.items[days.indexFor(u, earliest - firstDay)],
      );
    }
    dates.sort((a, b) => a - b);
    const weightKey = age * 2 + (gender === 'L' ? 0 : 1);
    const weights = (weightsFor[weightKey] ??= poliWeights(age, gender));
    const local = localHospitals.get(kec.parent_code!)!;

    for (let a = 0; a < dates.length; a++) {
      const day = dates[a];
      const id = appointmentId++;
      let where = facility;
      if (arng.chance(0.45)) {
        where = local.length && arng.chance(0.75) ? arng.pick(local) : arng.pick(facilities.hospitals);
      }
      const f = plan.facilities[where];
      const poli = pickPoli(arng, f.polis, weights);
      const doctorName = doctor(where, poli, arng.int(0, f.doctors - 1));
      const slot = SLOT_WEIGHTS.draw(arng);
      const slotMs = jakartaInstant(day, slot);
      const queue = ((slot - 420) / 15) * 3 + arng.int(1, 3);
      const channel = W.channel.draw(arng);
      const atCounter = channel === 'loket-faskes';
      const bookedDay = Math.max(createdDay, day - (atCounter ? 0 : arng.int(0, 10)));
      const bookedMinute = atCounter ? slot - arng.int(20, 90) : arng.int(6 * 60, 22 * 60);
      const bookedMs = Math.min(jakartaInstant(bookedDay, bookedMinute), slotMs - 10 * MINUTE_MS);
      const cancelled = arng.chance(0.07);
      const steps = timeline.draw(arng, slotMs);

      // Today's visits are cut at the current time: steps done, one in progress, none after.
      let reached = 0; // steps started by now
      let lastChange = bookedMs;
      if (!cancelled) {
        for (let s = 0; s < steps; s++) {
          if (timeline.start[s] > nowMs) break;
          reached++;
          lastChange = timeline.end[s] <= nowMs ? timeline.end[s] : timeline.start[s];
          if (timeline.end[s] > nowMs) break;
        }
      }
      const finished = reached === steps && timeline.end[reached - 1] <= nowMs;
      const status: AppointmentRow['status'] = cancelled
        ? 'cancelled'
        : finished
          ? 'completed'
          : reached
            ? 'in_progress'
            : 'scheduled';
      if (cancelled) lastChange = Math.min(bookedMs + arng.int(1, 48) * 3_600_000, slotMs);
      if (day > plan.today - plan.journeyDays) {
        for (let s = 0; s < reached; s++) {
          const step = JOURNEY_STEPS[timeline.step[s]];
          const done = timeline.end[s] <= nowMs;
          const blocked = timeline.blocked[s];
          batch.journeys.push({
            appointment_id: id,
            event_id: step.id,
            is_completed: done,
            start_ms: timeline.start[s],
            end_ms: done ? timeline.end[s] : null,
            duration_minutes: done ? timeline.minutes[s] : null,
            title: step.title,
            title_en: step.title_en,
            blocked_attempts_count: blocked,
            blocked_at_ms: blocked ? timeline.blockedAt[s] : null,
            last_blocked_reason: blocked ? timeline.reason[s] : null,
          });
        }
      }

      batch.appointments.push({
        id,
        medical_facility_id: ids.facility + where,
        patient_id: patientId,
        nik,
        name: name.full,
        scheduled_ms: slotMs,
        poly_code: POLIS[poli].code,
        poly_name: POLIS[poli].name,
        health_insurance: insurance,
        insurance_number: patient.insurance_number,
        queue_number: queue,
        queue_left_until_my_turn: status === 'scheduled' ? Math.max(0, queue - serving) : 0,
        created_by: channel,
        new_patient: a === 0 && day - createdDay <= 30,
        start_time: SLOT_CLOCK[slot],
        end_time: SLOT_CLOCK[slot + 30],
        payment_id:
          status === 'completed' && insurance !== 'BPJS'
            ? `PAY${compactDay(day)}${String(id).padStart(8, '0')}`
            : null,
        doctor_name: doctorName,
        id_type: 'KTP',
        id_number: nik,
        status,
        created_ms: bookedMs,
        updated_ms: Math.min(lastChange, nowMs),
      });
    }

    if (batch.patients.length >= batchSize) {
      yield batch;
      batch = { patients: [], appointments: [], journeys: [] };
    }
  }
  if (batch.patients.length) yield batch;
}

const CREATED_BY = ['mobile-app', 'web', 'loket-faskes'];

function pickPoli(rng: Rng, polis: number[], weights: number[]): number {
  let total = 0;
  for (const p of polis) total += weights[p];
  if (!total) return POLI_INDEX.Umum;
  let u = rng.next() * total;
  for (const p of polis) {
    u -= weights[p];
    if (u < 0) return p;
  }
  return polis[polis.length - 1];
}

const STEP_REASONS = JOURNEY_STEPS.map((step) => BLOCKED_REASONS[step.id]);
const STEP_WAITS = JOURNEY_STEPS.map((step) => STEP_WAIT[step.id] ?? [0, 8]);
const STEP_PRESCRIPTION = JOURNEY_STEPS.map((step) => PRESCRIPTION_STEPS.has(step.id));

/**
 * A whole visit from check-in to completion (always drawn in full, so the numbers drawn do not
 * depend on the time of day): a wait before each step, mostly before the doctor, durations
 * around the defaults with a long tail, the prescription steps for about two visits in three,
 * and now and then a blocked attempt. One Timeline is reused for every visit: draw() fills its
 * arrays and returns the number of steps.
 */
class Timeline {
  readonly step = new Uint8Array(JOURNEY_STEPS.length);
  readonly start = new Float64Array(JOURNEY_STEPS.length);
  readonly end = new Float64Array(JOURNEY_STEPS.length);
  readonly minutes = new Int32Array(JOURNEY_STEPS.length);
  readonly blocked = new Int32Array(JOURNEY_STEPS.length);
  readonly blockedAt = new Float64Array(JOURNEY_STEPS.length);
  readonly reason: string[] = new Array(JOURNEY_STEPS.length).fill('');

  draw(rng: Rng, slotMs: number): number {
    const withPrescription = rng.chance(0.65);
    const blockedStep = rng.chance(0.04) ? rng.int(0, JOURNEY_STEPS.length - 1) : -1;
    let t = slotMs + rng.int(-15, 20) * MINUTE_MS;
    let n = 0;
    for (let s = 0; s < JOURNEY_STEPS.length; s++) {
      const [wmin, wmax] = STEP_WAITS[s];
      const wait = rng.int(wmin, wmax);
      const stretch = 0.55 + rng.next() * 0.9 + (rng.chance(0.05) ? 1 : 0);
      const blocked = s === blockedStep ? rng.int(1, 3) : 0;
      const reason = rng.pick(STEP_REASONS[s]);
      const earlier = rng.int(1, 5);
      if (STEP_PRESCRIPTION[s] && !withPrescription) continue;
      const minutes = Math.max(2, Math.round(JOURNEY_STEPS[s].minutes * stretch));
      const start = t + wait * MINUTE_MS;
      t = start + minutes * MINUTE_MS;
      this.step[n] = s;
      this.start[n] = start;
      this.end[n] = t;
      this.minutes[n] = minutes;
      this.blocked[n] = blocked;
      this.blockedAt[n] = start - earlier * MINUTE_MS;
      this.reason[n] = reason;
      n++;
    }
    return n;
  }
}
