/**
 * The visits of the demo city's patients: each patient's appointments (their days, facility,
 * poli, doctor, slot, booking, and status at the current time) and the journey steps of those,
 * drawn from the patient's own appointment stream (see ./patients.ts).
 */
import type { Area } from '../../../domain/jakarta.js';
import { JAKARTA_KABUPATEN } from '../../../domain/jakarta.js';
import { Rng, Weighted } from '../random.js';
import { BLOCKED_REASONS, JOURNEY_STEPS, POLIS, POLI_INDEX, PRESCRIPTION_STEPS } from '../city-data.js';
import { MINUTE_MS, clock, dayString, jakartaInstant, weekday } from '../calendar.js';
import {
  HISTORY_DAYS,
  SLOTS,
  SLOT_WEIGHTS,
  W,
  personName,
  type AppointmentRow,
  type CityPlan,
  type FacilityPlan,
  type IdBases,
  type JourneyRow,
} from '../generate.js';

/** Where patients register and where they are seen, by kecamatan and by kota. */
export function facilityIndex(plan: CityPlan) {
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

export type FacilityIndex = ReturnType<typeof facilityIndex>;

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
export interface VisitBatch {
  appointments: AppointmentDraw[];
  journeys: JourneyDraw[];
}

/** What a patient's visits depend on. */
export interface Visitor {
  /** The patient's appointment stream. */
  arng: Rng;
  id: number;
  nik: string;
  name: string;
  age: number;
  gender: 'L' | 'P';
  kecamatan: Area;
  /** Index of the registered facility in the plan. */
  facility: number;
  createdDay: number;
  /** The first day of the history the patient was registered on. */
  earliest: number;
  visits: number;
  insurance: string;
  insuranceNumber: string | null;
}

/**
 * Draws the visits of patient after patient, in order (the first appointments of the city
 * fall one on each of the last 30 days, so the dashboard's daily chart is never empty).
 */
export class VisitDrawer {
  private readonly firstDay: number;
  private readonly days: Weighted<number>;
  private readonly doctorNames: (string | undefined)[];
  private readonly nowMs: number;
  /** The queue number being served now (for today's waiting patients). */
  private readonly serving: number;
  /** A kota's own hospitals (RSUD and private), where its patients are mostly referred. */
  private readonly localHospitals: Map<string, number[]>;
  private readonly weightsFor: (number[] | undefined)[] = new Array(2 * 120);
  private readonly timeline = new Timeline();
  private readonly dates: number[] = [];

  constructor(
    private readonly plan: CityPlan,
    private readonly facilities: FacilityIndex,
    private readonly ids: IdBases,
  ) {
    this.firstDay = plan.today - HISTORY_DAYS;
    this.days = dayWeights(plan);
    this.doctorNames = new Array(plan.facilities.length * POLIS.length * 4);
    this.nowMs = jakartaInstant(plan.today, plan.nowMinutes);
    this.serving = Math.max(0, Math.floor((plan.nowMinutes - 420) / 15) * 3);
    this.localHospitals = new Map(
      [...facilities.byRegency].map(([code, r]) => [code, r.rsud.concat(r.private)]),
    );
  }

  /** The visits of `p` into `batch`, with ids from `appointmentId`; returns the next id. */
  draw(p: Visitor, appointmentId: number, batch: VisitBatch): number {
    const { plan, days, dates } = this;
    const { arng, earliest } = p;
    /** Appointments of the patients before this one. */
    const appointmentCount = appointmentId - this.ids.appointment;
    dates.length = 0;
    for (let a = 0; a < p.visits; a++) {
      const u = arng.next();
      const coverDay = plan.today - (appointmentCount + a);
      dates.push(
        appointmentCount + a < 30 && coverDay >= earliest
          ? coverDay
          : days.items[days.indexFor(u, earliest - this.firstDay)],
      );
    }
    dates.sort((a, b) => a - b);
    const weightKey = p.age * 2 + (p.gender === 'L' ? 0 : 1);
    const weights = (this.weightsFor[weightKey] ??= poliWeights(p.age, p.gender));
    const local = this.localHospitals.get(p.kecamatan.parent_code!)!;
    for (let a = 0; a < dates.length; a++) {
      this.visit(p, a, dates[a], appointmentId++, weights, local, batch);
    }
    return appointmentId;
  }

  private doctor(facility: number, poli: number, k: number) {
    const key = (facility * POLIS.length + poli) * 4 + k;
    let name = this.doctorNames[key];
    if (!name) {
      const rng = new Rng(this.plan.seed, 'doctor', key);
      const gender = rng.chance(0.55) ? 'P' : 'L';
      const n = personName(rng, gender);
      const title = POLIS[poli].title;
      name = title === 'drg.' ? `drg. ${n.full}` : `dr. ${n.full}${title ? `, ${title}` : ''}`;
      this.doctorNames[key] = name;
    }
    return name;
  }

  /** The `a`-th visit of `p`, on `day`, with id `id`, and its journey steps. */
  private visit(
    p: Visitor,
    a: number,
    day: number,
    id: number,
    weights: number[],
    local: number[],
    batch: VisitBatch,
  ) {
    const { plan, timeline, nowMs, facilities } = this;
    const { arng, facility, createdDay, insurance } = p;
    let where = facility;
    if (arng.chance(0.45)) {
      where = local.length && arng.chance(0.75) ? arng.pick(local) : arng.pick(facilities.hospitals);
    }
    const f = plan.facilities[where];
    const poli = pickPoli(arng, f.polis, weights);
    const doctorName = this.doctor(where, poli, arng.int(0, f.doctors - 1));
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
      medical_facility_id: this.ids.facility + where,
      patient_id: p.id,
      nik: p.nik,
      name: p.name,
      scheduled_ms: slotMs,
      poly_code: POLIS[poli].code,
      poly_name: POLIS[poli].name,
      health_insurance: insurance,
      insurance_number: p.insuranceNumber,
      queue_number: queue,
      queue_left_until_my_turn: status === 'scheduled' ? Math.max(0, queue - this.serving) : 0,
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
      id_number: p.nik,
      status,
      created_ms: bookedMs,
      updated_ms: Math.min(lastChange, nowMs),
    });
  }
}

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
