import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { performanceRating, performanceScore, waitBucket } from '../../src/domain/performance';
import { now } from '../../src/domain/clock';
import { rebuildStaleRollups } from '../../src/server/maintenance/rollups';

const URL = '/api/analytics/performance';
const DAY = 86_400_000;
const MIN = 60_000;
const JAKARTA = 7 * 3_600_000;

/** An instant at hh:mm Jakarta time, `ago` days before today in Jakarta. */
function jakarta(ago: number, hh: number, mm = 0): number {
  const today = Math.floor((now() + JAKARTA) / DAY) * DAY;
  return today - ago * DAY + hh * 3_600_000 + mm * MIN - JAKARTA;
}
const jakartaDay = (ms: number) => new Date(ms + JAKARTA).toISOString().slice(0, 10);

interface Visit {
  ago: number;
  hour: number;
  doctor: string;
  type: string;
  status?: string;
  /** Minutes after the slot: check-in end, consultation start; completion reached. */
  checkinEnd?: number;
  consultStart?: number;
  completion?: boolean;
}

const SATU = 'dr. Kinerja Satu';
const DUA = 'dr. Kinerja Dua';
const VISITS: Visit[] = [
  { ago: 1, hour: 9, doctor: SATU, type: 'Umum', checkinEnd: 10, consultStart: 30, completion: true },
  { ago: 2, hour: 10, doctor: SATU, type: 'Umum', checkinEnd: 5, consultStart: 10 },
  { ago: 3, hour: 9, doctor: DUA, type: 'Gigi', checkinEnd: 15, consultStart: 90, completion: true },
  { ago: 3, hour: 11, doctor: DUA, type: 'Gigi', checkinEnd: 2, consultStart: 40, completion: true },
  { ago: 5, hour: 13, doctor: DUA, type: 'Gigi', status: 'cancelled' },
  { ago: 40, hour: 9, doctor: DUA, type: 'Gigi', status: 'completed' },
];
const waitOf = (v: Visit) =>
  v.checkinEnd !== undefined && v.consultStart !== undefined ? v.consultStart - v.checkinEnd : null;

/** What the screen should say of these visits, computed from them. */
function expected(visits: Visit[]) {
  const waits = visits.map(waitOf).filter((w): w is number => w !== null);
  const completed = visits.filter((v) => v.completion).length;
  const completionRate = visits.length ? Math.round((completed / visits.length) * 1000) / 10 : 0;
  const avgWaitTime = waits.length
    ? Math.round((waits.reduce((a, b) => a + b, 0) / waits.length) * 10) / 10
    : null;
  const score = performanceScore(avgWaitTime, completionRate);
  const bucket = (b: string) => waits.filter((w) => waitBucket(w) === b).length;
  return {
    totalAppointments: visits.length,
    completionRate,
    avgWaitTime,
    score,
    rating: performanceRating(score),
    waitTime0to15: bucket('0-15'),
    waitTime15to30: bucket('15-30'),
    waitTime30to60: bucket('30-60'),
    waitTime60plus: bucket('60+'),
  };
}

describe.each(dbTargets())('performance analytics API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  let faskes: string;
  let facility: number;
  const ids: number[] = [];

  const get = async (query: string, token = admin) => {
    const res = await t.request(token, { method: 'GET', url: `${URL}${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** A patient of the test facility. */
  const addPatient = async (nik: string, name: string): Promise<number> =>
    (
      await t.db.query<{ id: number }>(
        `INSERT INTO patients (identity_type, identity_number, full_name, place_of_birth, date_of_birth, gender,
                               marital_status, created_by, medical_facility_id)
         VALUES ('KTP', $1, $2, 'Jakarta', '1990-05-17', 'L', 'Menikah', 'test', $3)
         RETURNING id`,
        [nik, name, facility],
      )
    ).rows[0].id;
  async function addJourney(appointment: number, slot: number, v: Visit) {
    const step = (event: string, start: number, end: number | null) =>
      t.db.query(
        `INSERT INTO appointment_journeys (appointment_id, event_id, is_completed, timestamp_start, timestamp_end,
                                           duration_minutes, title)
         VALUES ($1, $2, $3, $4, $5, $6, $2)`,
        [
          appointment,
          event,
          end !== null,
          new Date(start).toISOString(),
          end === null ? null : new Date(end).toISOString(),
          end === null ? null : Math.round((end - start) / MIN),
        ],
      );
    if (v.checkinEnd === undefined) return;
    await step('checkin', slot, slot + v.checkinEnd * MIN);
    const consult = slot + v.consultStart! * MIN;
    await step('consultation', consult, consult + 12 * MIN);
    if (v.completion) await step('completion', consult + 20 * MIN, consult + 25 * MIN);
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 20 });
    [admin, staff, faskes] = await Promise.all([
      t.login(DEMO_EMAILS.admin),
      t.login(DEMO_EMAILS.staff),
      t.login(DEMO_EMAILS.medical_facility),
    ]);
    facility = (
      await t.db.query(
        `INSERT INTO medical_facilities (name, email, type)
         VALUES ('Klinik Kinerja Uji', 'kinerja@faskes.test', 'KLINIK') RETURNING id`,
      )
    ).rows[0].id;
    for (const v of VISITS) {
      const slot = jakarta(v.ago, v.hour);
      const { rows } = await t.db.query(
        `INSERT INTO appointments (medical_facility_id, nik, name, scheduled_date, poly_code, poly_name,
                                   health_insurance, created_by, doctor_name, status)
         VALUES ($1, '3171011705900001', 'Pasien Kinerja', $2, upper(left($3, 3)), $3, 'BPJS', 'test', $4, $5)
         RETURNING id`,
        [facility, new Date(slot).toISOString(), v.type, v.doctor, v.status ?? 'completed'],
      );
      ids.push(rows[0].id);
      await addJourney(rows[0].id, slot, v);
    }
  });
  afterAll(() => t?.close());

  const last30 = VISITS.filter((v) => v.ago < 30);

  it('sums the facility over the last 30 days from its appointments and journeys', async () => {
    const body = await get(`?dateRange=30&medicalFacility=${facility}`);
    expect(body.range.days).toBe(30);
    expect(body.overview).toMatchObject(expected(last30));
    expect(body.facilityPerformance).toEqual([
      expect.objectContaining({
        facilityId: facility,
        facilityName: 'Klinik Kinerja Uji',
        ...pick(expected(last30)),
      }),
    ]);
    const byDoctor = Object.fromEntries(body.doctorPerformance.map((d: any) => [d.doctorName, d]));
    for (const name of [SATU, DUA]) {
      const mine = expected(last30.filter((v) => v.doctor === name));
      expect(byDoctor[name]).toMatchObject({ totalPatients: mine.totalAppointments, ...pick(mine) });
    }
  });

  it('gives trends and waits per day, journey stages and peak hours', async () => {
    const body = await get(`?dateRange=30&medicalFacility=${facility}`);
    const days = [...new Set(last30.map((v) => jakartaDay(jakarta(v.ago, v.hour))))].sort();
    expect(body.trends.map((d: any) => d.date)).toEqual(days);
    for (const d of body.trends) {
      const those = last30.filter((v) => jakartaDay(jakarta(v.ago, v.hour)) === d.date);
      expect(d.appointmentCount).toBe(those.length);
      expect(d.completionRate).toBe(expected(those).completionRate);
    }
    for (const d of body.waitTimeAnalysis) {
      const waits = last30
        .filter((v) => jakartaDay(jakarta(v.ago, v.hour)) === d.date)
        .map(waitOf)
        .filter((w): w is number => w !== null);
      expect(d).toMatchObject({ minWaitTime: Math.min(...waits), maxWaitTime: Math.max(...waits) });
    }
    const consult = body.journeyAnalysis.find((s: any) => s.stage === 'consultation');
    expect(consult).toEqual({ stage: 'consultation', count: last30.filter(waitOf).length, avgDuration: 12 });
    expect(body.journeyAnalysis.find((s: any) => s.stage === 'completion').count).toBe(
      last30.filter((v) => v.completion).length,
    );
    const hours = new Map<number, number>();
    for (const v of last30) hours.set(v.hour, (hours.get(v.hour) ?? 0) + 1);
    expect(body.insights.peakHours[0]).toEqual({ hour: 9, appointments: hours.get(9) });
  });

  it('narrows by doctor, by appointment type and by the length of the range', async () => {
    const doctorId = (await get('/filter-options')).doctors.find(
      (d: any) => d.name === SATU && d.facilityId === facility,
    ).id;
    const satu = await get(`?dateRange=30&doctor=${doctorId}`);
    expect(satu.overview).toMatchObject(expected(last30.filter((v) => v.doctor === SATU)));
    const gigi = await get(`?dateRange=30&medicalFacility=${facility}&appointmentType=Gigi`);
    expect(gigi.overview).toMatchObject(expected(last30.filter((v) => v.type === 'Gigi')));
    const quarter = await get(`?dateRange=90&medicalFacility=${facility}`);
    expect(quarter.overview).toMatchObject(expected(VISITS.filter((v) => v.ago < 90)));
    const week = await get(`?dateRange=7&medicalFacility=${facility}`);
    expect(week.overview.totalAppointments).toBe(VISITS.filter((v) => v.ago < 7).length);
  });

  it('follows journey and appointment changes at once', async () => {
    // The 90-minute wait's consultation goes: that wait leaves the figures.
    await t.db.query(
      `DELETE FROM appointment_journeys WHERE appointment_id = $1 AND event_id = 'consultation'`,
      [ids[2]],
    );
    const visits = last30.map((v, i) => (i === 2 ? { ...v, consultStart: undefined } : v));
    let body = await get(`?dateRange=30&medicalFacility=${facility}`);
    expect(body.overview).toMatchObject(expected(visits));
    const day = jakartaDay(jakarta(3, 9));
    expect(body.waitTimeAnalysis.find((d: any) => d.date === day)).toMatchObject({
      minWaitTime: 38,
      maxWaitTime: 38,
    });

    // The second visit moves to the other doctor; the first is deleted.
    await t.db.query(`UPDATE appointments SET doctor_name = $2 WHERE id = $1`, [ids[1], DUA]);
    await t.db.query(`DELETE FROM appointments WHERE id = $1`, [ids[0]]);
    const after = visits.map((v, i) => (i === 1 ? { ...v, doctor: DUA } : v)).filter((_, i) => i !== 0);
    body = await get(`?dateRange=30&medicalFacility=${facility}`);
    expect(body.overview).toMatchObject(expected(after));
    expect(body.doctorPerformance.map((d: any) => d.doctorName)).toEqual([DUA]);

    // A rebuild from the base tables (what a bulk load ends with) gives the same figures, and the
    // same rollup rows as the triggers kept through these changes.
    const city = await get('?dateRange=365');
    const rollups = async () => {
      const rows = async (sql: string) => (await t.db.query(sql)).rows;
      return {
        daily: await rows('SELECT * FROM performance_daily WHERE appointments > 0 ORDER BY unit_id, day'),
        type: await rows(
          'SELECT * FROM performance_type_daily WHERE appointments > 0 ORDER BY appointment_type, day',
        ),
        mtd: await rows('SELECT * FROM performance_mtd WHERE appointments > 0 ORDER BY unit_id, day'),
      };
    };
    const kept = await rollups();
    expect(kept.type.length).toBeGreaterThan(0);
    expect(kept.mtd.length).toBeGreaterThan(kept.daily.length);
    await t.db.query('SELECT refresh_rollups()');
    expect(await rollups()).toEqual(kept);
    expect(await get(`?dateRange=30&medicalFacility=${facility}`)).toEqual(body);
    expect(await get('?dateRange=365')).toEqual(city);
  });

  it('averages the satisfaction ratings of the range from the mental-health responses', async () => {
    // Ratings by a patient of the test facility: today, and one 40 days ago (outside 30 days).
    const patient = await addPatient('3171011705900002', 'Pasien Kinerja');
    const ratings = [5, 4, 2];
    for (const [i, rating] of [...ratings, 1].entries()) {
      await t.db.query(
        `INSERT INTO mental_health_responses (assessment_id, patient_id, completed, score, satisfaction, created_at)
         VALUES ((SELECT min(id) FROM mental_health_assessments), $1, true, 70, $2, $3)`,
        [patient, rating, new Date(i < ratings.length ? now() - 60_000 : jakarta(40, 9)).toISOString()],
      );
    }
    const own = await get(`?dateRange=30&medicalFacility=${facility}`);
    expect(own.patientSatisfaction.responses).toBe(ratings.length);
    expect(own.overview.avgSatisfaction).toBe(Math.round((11 / 3) * 10) / 10);
    expect(own.patientSatisfaction.distribution.find((d: any) => d.rating === 4).count).toBe(1);

    const city = async () => {
      const { rows } = await t.db.query(
        `SELECT satisfaction FROM mental_health_responses WHERE satisfaction IS NOT NULL AND created_at >= $1`,
        [new Date(jakarta(29, 0)).toISOString()],
      );
      const body = await get('?dateRange=30');
      const sum = rows.reduce((n: number, r: any) => n + r.satisfaction, 0);
      expect(body.patientSatisfaction.responses).toBe(rows.length);
      expect(body.overview.avgSatisfaction).toBe(
        rows.length ? Math.round((sum / rows.length) * 10) / 10 : null,
      );
    };
    await city();
    // A rating changed and a response removed are followed too.
    await t.db.query(
      `UPDATE mental_health_responses SET satisfaction = 1 WHERE patient_id = $1 AND satisfaction = 5`,
      [patient],
    );
    await t.db.query(`DELETE FROM mental_health_responses WHERE patient_id = $1 AND satisfaction = 2`, [
      patient,
    ]);
    await city();
  });

  it("keeps a facility's satisfaction when its patients move or are removed, also while its rollup is stale", async () => {
    const other = (
      await t.db.query<{ id: number }>(`SELECT min(id) AS id FROM medical_facilities WHERE id <> $1`, [
        facility,
      ])
    ).rows[0].id;
    const responses = async (id: number) =>
      (await get(`?dateRange=30&medicalFacility=${id}`)).patientSatisfaction.responses as number;
    /** The facility rollup holds exactly what the responses and their patients give. */
    const matchesResponses = async () => {
      const { rows } = await t.db.query(
        `(SELECT * FROM satisfaction_facility_daily_live
           EXCEPT SELECT * FROM satisfaction_facility_daily WHERE responses <> 0)
         UNION ALL
         (SELECT * FROM satisfaction_facility_daily WHERE responses <> 0
           EXCEPT SELECT * FROM satisfaction_facility_daily_live)`,
      );
      expect(rows).toEqual([]);
    };
    const patient = await addPatient('3171011705900003', 'Pasien Pindah');
    const before = { own: await responses(facility), away: await responses(other) };
    await t.db.query(
      `INSERT INTO mental_health_responses (assessment_id, patient_id, completed, score, satisfaction, created_at)
       SELECT (SELECT min(id) FROM mental_health_assessments), $1, true, 60, r, $2 FROM unnest(ARRAY[3, 5]) r`,
      [patient, new Date(now() - 120_000).toISOString()],
    );
    expect(await responses(facility)).toBe(before.own + 2);

    await t.db.query(`UPDATE patients SET medical_facility_id = $1 WHERE id = $2`, [other, patient]);
    expect(await responses(facility)).toBe(before.own);
    expect(await responses(other)).toBe(before.away + 2);
    await matchesResponses();

    // Stale (a database that had responses before the rollup existed): read from the responses.
    await t.db.query(`DELETE FROM satisfaction_facility_daily`);
    await t.db.query(
      `UPDATE rollup_state SET stale = true,
              rebuilt = ARRAY['patient_rollup', 'appointment_daily', 'mental_health_daily', 'performance']`,
    );
    expect(await responses(other)).toBe(before.away + 2);
    expect(await rebuildStaleRollups(t.db)).toBe(true);
    await matchesResponses();
    expect(await responses(other)).toBe(before.away + 2);

    await t.db.query(`DELETE FROM patients WHERE id = $1`, [patient]);
    expect(await responses(other)).toBe(before.away);
    await matchesResponses();
  });

  it('answers 400 with the failing field for a bad range, and 403 to staff', async () => {
    for (const q of ['?dateRange=0', '?dateRange=366', '?dateRange=abc', '?medicalFacility=x']) {
      const res = await t.request(admin, { method: 'GET', url: `${URL}${q}` });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors ?? {})).toHaveLength(1);
    }
    for (const url of [URL, `${URL}/filter-options`]) {
      expect((await t.request(staff, { method: 'GET', url })).statusCode).toBe(403);
      expect((await t.request(null, { method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('keeps a facility user to their own facility when the role is given the screen', async () => {
    await t.db.query(
      `INSERT INTO role_menu_access (role, menu_path) VALUES ('medical_facility', '/performance-analytics')
       ON CONFLICT DO NOTHING`,
    );
    const body = await get(`?dateRange=30&medicalFacility=${facility}`, faskes);
    expect(body.facilityPerformance.every((f: any) => f.facilityId !== facility)).toBe(true);
    const options = await get('/filter-options', faskes);
    expect(options.facilities).toHaveLength(1);
    expect(options.facilities[0].id).not.toBe(facility);
  });
});

function pick(e: ReturnType<typeof expected>) {
  return {
    totalAppointments: e.totalAppointments,
    completionRate: e.completionRate,
    avgWaitTime: e.avgWaitTime,
    score: e.score,
    rating: e.rating,
  };
}
