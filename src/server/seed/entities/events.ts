/**
 * The demo city's SOS calls, AGD reports and mental-health responses: drawn from the plan
 * alone (a patient is named by id), spread over the history the dashboards show.
 */
import { Rng, Weighted } from '../random.js';
import { AGD_DESCRIPTIONS, ASSESSMENTS, JAKARTA_BOX, KECAMATAN_CENTRES } from '../city-data.js';
import { iso, jakartaInstant, monthStart } from '../calendar.js';
import {
  HISTORY_DAYS,
  type EmergencyRow,
  type AgdReportRow,
  type MentalHealthResponseRow,
  type IdBases,
  FIRST_IDS,
  type CityPlan,
  KEC_BY_POPULATION,
  MAINLAND_BY_POPULATION,
  W,
  round,
  personName,
  phone,
} from '../generate.js';

/** A point near the centre of a kecamatan; mainland points stay inside Jakarta's box. */
export function pointIn(rng: Rng, kecamatanCode: string, spread = 0.009): [number, number] {
  const [lat, lon] = KECAMATAN_CENTRES[kecamatanCode];
  let y = lat + rng.normal() * spread;
  let x = lon + rng.normal() * spread;
  if (!kecamatanCode.startsWith('31.01')) {
    y = Math.min(JAKARTA_BOX.latMax - 0.002, Math.max(JAKARTA_BOX.latMin + 0.002, y));
    x = Math.min(JAKARTA_BOX.lonMax - 0.002, Math.max(JAKARTA_BOX.lonMin + 0.002, x));
  }
  return [round(y, 6), round(x, 6)];
}

/** A moment on one of the last HISTORY_DAYS days, never after now. */
function pastMoment(rng: Rng, plan: CityPlan, day: number, fromMinute = 0, toMinute = 24 * 60 - 1) {
  const last = day === plan.today ? Math.min(toMinute, plan.nowMinutes) : toMinute;
  const minute = Math.max(0, Math.min(last, fromMinute + Math.floor(rng.next() * (last - fromMinute + 1))));
  const ms = jakartaInstant(day, minute) + rng.int(0, 59) * 1000;
  return iso(Math.min(ms, jakartaInstant(plan.today, plan.nowMinutes)));
}

export function* emergencyRows(plan: CityPlan): Generator<EmergencyRow> {
  for (let j = 0; j < plan.counts.emergencies; j++) {
    const rng = new Rng(plan.seed, 'emergency', j);
    const kec = MAINLAND_BY_POPULATION.draw(rng);
    const [latitude, longitude] = pointIn(rng, kec.code, 0.012);
    const day = plan.today - rng.int(0, HISTORY_DAYS);
    yield {
      fullname: personName(rng, rng.chance(0.5) ? 'L' : 'P').full,
      phone: phone(rng),
      latitude,
      longitude,
      accuracy: round(4 + rng.next() ** 2 * 60, 1),
      created_at: pastMoment(rng, plan, day),
    };
  }
}

/** Golden-ratio steps: spread evenly over [0, 1) however few are taken. */
const evenly = (j: number) => (0.5 + j * 0.6180339887498949) % 1;

/** AGD reports; categories follow their shares closely even in a small city (evenly spread quantiles). */
export function* agdReportRows(plan: CityPlan): Generator<AgdReportRow> {
  for (let j = 0; j < plan.counts.agdReports; j++) {
    const rng = new Rng(plan.seed, 'agd', j);
    const category = W.agd.items[W.agd.indexFor(evenly(j))];
    const kec = KEC_BY_POPULATION.draw(rng);
    const [latitude, longitude] = pointIn(rng, kec.code);
    const day = plan.today - rng.int(0, HISTORY_DAYS);
    yield {
      category,
      description: rng.pick(AGD_DESCRIPTIONS[category]),
      kecamatan_code: kec.code,
      latitude,
      longitude,
      reported_at: pastMoment(rng, plan, day),
    };
  }
}

/**
 * Responses over the current month and the five before it, growing in number and drifting
 * towards better outcomes; about 85 % completed, about 78 % of ratings 4 or 5.
 */
export function* mentalHealthRows(
  plan: CityPlan,
  /** The id of each of assessmentRows(), in order. */
  assessmentIds: number[],
  ids: IdBases = FIRST_IDS,
): Generator<MentalHealthResponseRow> {
  const months = Array.from({ length: 6 }, (_, m) => {
    const start = monthStart(plan.today, 5 - m);
    const end = m === 5 ? plan.today + 1 : monthStart(plan.today, 4 - m);
    return { start, end };
  });
  const byMonth = new Weighted(months.map((m, i) => [i, (m.end - m.start) * (0.75 + 0.1 * i)] as const));
  const assessmentIndex = new Map(ASSESSMENTS.map((a, i) => [a.name, i]));
  const wellNames = ASSESSMENTS.filter((a) => a.well).map((a) => a.name);
  for (let j = 0; j < plan.counts.mentalHealthResponses; j++) {
    const rng = new Rng(plan.seed, 'mental-health', j);
    const m = j < 6 ? j : byMonth.draw(rng);
    const { start, end } = months[m];
    const day = start + Math.floor(rng.next() * (end - start));
    const well = rng.chance(0.46 + 0.035 * m);
    const name = well ? rng.pick(wellNames) : W.unwell.draw(rng);
    const a = ASSESSMENTS[assessmentIndex.get(name)!];
    const completed = j < 6 || rng.chance(0.85);
    yield {
      assessment_id: assessmentIds[assessmentIndex.get(name)!],
      patient_id: plan.patients ? ids.patient + rng.int(0, plan.patients - 1) : null,
      completed,
      score: completed ? rng.int(a.score[0], a.score[1]) : null,
      satisfaction: completed && rng.chance(0.9) ? W.satisfaction.draw(rng) : null,
      created_at: pastMoment(rng, plan, day, 6 * 60, 23 * 60),
    };
  }
}
