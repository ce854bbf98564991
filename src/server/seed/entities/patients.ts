/**
 * The demo city's patients, with their appointments and the journey steps of those (drawn in
 * ./visits.ts): one patient's draws at a time, from its own random stream, so any range of
 * patients can be drawn apart (the bulk loader's worker threads) and still give the same city.
 * The first patients (one per kecamatan) register at their kecamatan's Puskesmas, so every
 * Puskesmas has patients even in a tiny test city.
 */
import { Rng } from '../random.js';
import { EMAIL_DOMAINS, POSTAL_PREFIX, kelurahanByKecamatan } from '../city-data.js';
import { dayString, jakartaInstant } from '../calendar.js';
import {
  HISTORY_DAYS,
  type PatientRow,
  type IdBases,
  FIRST_IDS,
  type CityPlan,
  REGISTRATION_DAYS,
  KECAMATAN,
  KAB_NAME,
  KEC_BY_POPULATION,
  W,
  ddmmyy,
  emailUser,
  personName,
  phone,
  street,
} from '../generate.js';
import { VisitDrawer, facilityIndex, type AppointmentDraw, type JourneyDraw } from './visits.js';

export type { AppointmentDraw, JourneyDraw } from './visits.js';

const pad3 = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

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
export interface DrawBatch {
  patients: PatientDraw[];
  appointments: AppointmentDraw[];
  journeys: JourneyDraw[];
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

type PatientStart = ReturnType<typeof drawPatientStart>;

/** Patient i (its first draws `start`, its NIK sequence number `seq`); the fields are drawn in order. */
function drawPatient(ctx: PatientContext, start: PatientStart, i: number, seq: number, ids: IdBases) {
  const { plan } = ctx;
  const { rng, kec, k, gender, age, dobDay, name, village, insurance, facility, createdDay } = start;
  const nik = nikOf(REGION_DIGITS[k], dayString(dobDay), gender, seq);
  const createdMs = jakartaInstant(createdDay, start.createdMinute);
  const patientId = ids.patient + i;
  // (Object literals evaluate in order.)
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
      age >= 15 && rng.chance(0.6) ? `${emailUser(name)}${rng.int(1, 999)}@${rng.pick(EMAIL_DOMAINS)}` : null,
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
  return patient;
}

/**
 * The patients with their appointments and journeys, in batches, times as numbers; of all
 * patients, or of one range of patientRanges().
 */
export function* drawPatients(
  plan: CityPlan,
  ids: IdBases = FIRST_IDS,
  batchSize = 1000,
  range?: PatientRange,
): Generator<DrawBatch> {
  const ctx = patientContext(plan);
  const visits = new VisitDrawer(plan, ctx.facilities, ids);
  const nikSeq = range ? null : new Uint16Array(KECAMATAN.length * 2 * ctx.span);
  let appointmentId = range ? range.appointmentId : ids.appointment;
  let batch: DrawBatch = { patients: [], appointments: [], journeys: [] };
  const from = range ? range.from : 0;
  const to = range ? range.to : plan.patients;
  for (let i = from; i < to; i++) {
    const start = drawPatientStart(ctx, i);
    const seq = nikSeq ? ++nikSeq[start.nikPrefix] : range!.sequences[i - from];
    const patient = drawPatient(ctx, start, i, seq, ids);
    batch.patients.push(patient);
    appointmentId = visits.draw(
      {
        arng: start.arng,
        id: patient.id,
        nik: patient.identity_number,
        name: patient.full_name,
        age: start.age,
        gender: start.gender,
        kecamatan: start.kec,
        facility: start.facility,
        createdDay: start.createdDay,
        earliest: start.earliest,
        visits: start.visits,
        insurance: patient.insurance,
        insuranceNumber: patient.insurance_number,
      },
      appointmentId,
      batch,
    );
    if (batch.patients.length >= batchSize) {
      yield batch;
      batch = { patients: [], appointments: [], journeys: [] };
    }
  }
  if (batch.patients.length) yield batch;
}

const CREATED_BY = ['mobile-app', 'web', 'loket-faskes'];
