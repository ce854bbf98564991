/**
 * The demo sandbox (spec part 2 'Simulator ...'): three simulated facilities linked to demo
 * facilities (the facility operator's Puskesmas among them), each with an API key, poli,
 * doctors with schedules for the coming two weeks, patients with valid NIKs and a few
 * bookings; and the default journey configurations. Written once, on a first start.
 */
import type { Queryable } from '../../db/db.js';
import type { Config } from '../../config.js';
import { Rng } from '../random.js';
import { makeNik } from '../../../domain/nik.js';
import { generateApiKey, generateBookingId, isoDayOfWeek, SANDBOX_POLI } from '../../../domain/sandbox.js';
import { hashPassword } from '../../security/passwords.js';
import { sealedKey } from '../../simulation/secrets.js';
import { takeQueueNumber } from '../../simulation/queue.js';
import { createJourneyEvents, initializeJourneyDefaults, journeySteps } from '../../simulation/journeys.js';
import { DEMO_SANDBOX_FACILITIES, DEMO_SANDBOX_NAMES } from './sandbox-data.js';
import { jakartaToday } from '../../../domain/clock.js';
import { seedSandboxDeliveries } from './sandbox-deliveries.js';

const DAY_MS = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type SandboxFacility = (typeof DEMO_SANDBOX_FACILITIES)[number];
type Poli = (typeof SANDBOX_POLI)[number];

/** One sandbox facility being written: its demo data, its place in the list, its demo facility's id. */
interface Sandbox {
  q: Queryable;
  rng: Rng;
  f: SandboxFacility;
  index: number;
  /** The demo facility it is linked to. */
  mf: number;
  today: string;
}

/** The simulated facility, linked to demo facility `mf`; its id, or undefined when it was there. */
async function insertFacility(q: Queryable, f: SandboxFacility, mf: number): Promise<number | undefined> {
  const { rows: facility } = await q.query<{ id: number }>(
    `INSERT INTO simulator_facilities (name, facility_code, type, level, address, phone, email, capacity,
       operational_hours, services, medical_facility_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING RETURNING id`,
    [
      f.name,
      f.code,
      f.type,
      f.level,
      f.address,
      f.phone,
      `${f.code.toLowerCase()}@sandbox.demo.local`,
      f.capacity,
      JSON.stringify(f.hours),
      JSON.stringify(f.services),
      mf,
    ],
  );
  return facility[0]?.id;
}

async function insertApiKey(
  { q, rng, f, mf }: Sandbox,
  facilityId: number,
  config: Pick<Config, 'port' | 'secretKey'>,
  passwordHash: string,
) {
  const key = generateApiKey(f.code, () => rng.next());
  await q.query(
    `INSERT INTO simulator_api_keys (x_api_key, x_api_key_hash, x_api_key_encrypted, simulasi_medical_facility_id,
       medical_facility_id, facility_name, facility_code, facility_type, username, password_hash, url_dev, url_prod)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, NULL)`,
    [
      ...Object.values(sealedKey(key, config.secretKey)),
      facilityId,
      mf,
      f.name,
      f.code,
      f.type,
      `${f.code.toLowerCase()}-api`,
      passwordHash,
      `http://localhost:${config.port}/api/simulation`,
    ],
  );
}

/** The facility's poli, each with two doctors and their schedules; returns the doctors. */
async function insertDoctors({ q, rng, f, index, mf, today }: Sandbox) {
  const inTwoWeeks = isoDate(Date.parse(today) + 14 * DAY_MS);
  const poli = SANDBOX_POLI.filter(([, name]) => (f.poli as readonly string[]).includes(name));
  await q.query(
    `INSERT INTO simulator_poli (poly_code, poly_name, poly_description, medical_facility_id, medical_facility_name)
     SELECT c, n, 'Poli ' || n, $3, $4 FROM unnest($1::text[], $2::text[]) AS p(c, n)`,
    [poli.map((p) => p[0]), poli.map((p) => p[1]), mf, f.name],
  );
  // Two doctors per poli: one in the morning (Mon-Sat), one in the afternoon (Mon-Fri).
  const doctors: { id: number; poly: Poli }[] = [];
  for (const [i, p] of poli.entries()) {
    for (const shift of [0, 1]) {
      const name =
        DEMO_SANDBOX_NAMES.doctors[(index * 13 + i * 2 + shift) % DEMO_SANDBOX_NAMES.doctors.length];
      const { rows } = await q.query<{ id: number }>(
        `INSERT INTO simulator_doctors (nip, name, specialization, str, sip, phone, consultation_fee, medical_facility_id,
           facility_name, work_schedule, experience_years, education_background)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'Fakultas Kedokteran Universitas Indonesia')
         RETURNING id`,
        [
          `19${70 + rng.int(0, 25)}${String(rng.int(1, 12)).padStart(2, '0')}${String(10000000 + index * 1000 + i * 10 + shift)}`,
          name,
          p[1] === 'Umum' ? 'Dokter Umum' : `Spesialis ${p[1]}`,
          `STR-${rng.int(100000, 999999)}`,
          `SIP-${rng.int(100000, 999999)}`,
          `0812${rng.int(10000000, 99999999)}`,
          p[1] === 'Umum' ? 50000 : 150000 + rng.int(0, 10) * 10000,
          mf,
          f.name,
          JSON.stringify(
            Object.fromEntries(
              ['senin', 'selasa', 'rabu', 'kamis', 'jumat', ...(shift ? [] : ['sabtu'])].map((d) => [
                d,
                shift ? { start: '13:00', end: '16:00' } : { start: '08:00', end: '12:00' },
              ]),
            ),
          ),
          rng.int(2, 25),
        ],
      );
      doctors.push({ id: rows[0].id, poly: p });
      for (const day of shift ? [1, 2, 3, 4, 5] : [1, 2, 3, 4, 5, 6]) {
        await q.query(
          `INSERT INTO simulator_schedules (doctor_id, doctor_name, specialization, medical_facility_id, poly_code,
             poly_name, day_of_week, start_time, end_time, max_patients, consultation_duration, room_number,
             effective_date, end_date)
           SELECT d.id, d.name, d.specialization, d.medical_facility_id, $2, $3, $4, $5, $6, 20, 15, $7, $8, $9
             FROM simulator_doctors d WHERE d.id = $1`,
          [
            rows[0].id,
            p[0],
            p[1],
            day,
            shift ? '13:00' : '08:00',
            shift ? '16:00' : '12:00',
            `R-${i + 1}0${shift + 1}`,
            today,
            inTwoWeeks,
          ],
        );
      }
    }
  }
  return doctors;
}

async function insertPatients({ q, rng, f, index, mf }: Sandbox) {
  // Patients with NIKs of the facility's kecamatan.
  const patients: { id: number; name: string; nik: string }[] = [];
  for (let i = 0; i < 12; i++) {
    const gender = rng.chance(0.5) ? 'P' : 'L';
    const names = gender === 'P' ? DEMO_SANDBOX_NAMES.women : DEMO_SANDBOX_NAMES.men;
    const name = `${names[rng.int(0, names.length - 1)]} ${DEMO_SANDBOX_NAMES.family[rng.int(0, DEMO_SANDBOX_NAMES.family.length - 1)]}`;
    const dob = isoDate(Date.UTC(1950 + rng.int(0, 55), rng.int(0, 11), rng.int(1, 28)));
    const nik = makeNik(f.district, dob, gender, 100 + index * 50 + i);
    const bpjs = rng.chance(0.6);
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO simulator_patients (nik, name, gender, date_of_birth, place_of_birth, address, phone, no_mr,
         no_jkn, insurance_type, medical_facility_id, facility_name, blood_type)
       VALUES ($1, $2, $3, $4, 'Jakarta', $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
      [
        nik,
        name,
        gender,
        dob,
        `${f.address.split(',')[0]} No. ${rng.int(1, 120)}`,
        `0813${rng.int(10000000, 99999999)}`,
        `RM${String(index + 1)}${String(i + 1).padStart(6, '0')}`,
        bpjs ? `000${rng.int(1000000000, 9999999999)}` : null,
        bpjs ? 'BPJS' : rng.chance(0.3) ? 'Asuransi Swasta' : 'Umum',
        mf,
        f.name,
        ['A', 'B', 'AB', 'O'][rng.int(0, 3)],
      ],
    );
    patients.push({ id: rows[0].id, name, nik });
  }
  return patients;
}

async function insertBookings(
  { q, rng, mf, today }: Sandbox,
  doctors: { id: number; poly: Poli }[],
  patients: { id: number; name: string; nik: string }[],
) {
  // A few bookings over the next days, on days the doctor works.
  const steps = await journeySteps(q);
  for (let i = 0; i < 8; i++) {
    const doctor = doctors[i % doctors.length];
    const patient = patients[i];
    let date = isoDate(Date.parse(today) + (1 + (i % 5)) * DAY_MS);
    if (isoDayOfWeek(date) === 7) date = isoDate(Date.parse(date) + DAY_MS);
    const { rows: schedule } = await q.query(
      `SELECT s.id, s.start_time, s.end_time, s.poly_name, s.room_number, d.name, d.specialization, d.consultation_fee
         FROM simulator_schedules s JOIN simulator_doctors d ON d.id = s.doctor_id
        WHERE s.doctor_id = $1 AND s.day_of_week = $2 LIMIT 1`,
      [doctor.id, isoDayOfWeek(date)],
    );
    if (!schedule[0]) continue;
    const s = schedule[0];
    const queue = await takeQueueNumber(q, doctor.id, date);
    const { rows } = await q.query<{ id: number }>(
      `INSERT INTO simulator_appointments (booking_id, patient_id, doctor_id, schedule_id, medical_facility_id,
         appointment_date, start_time, end_time, queue_number, status, chief_complaint, consultation_fee, poly, room,
         journey_type, patient_name, patient_nik, doctor_name, specialization)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'RAWAT_JALAN', $15, $16, $17, $18)
       RETURNING id`,
      [
        generateBookingId(() => rng.next()),
        patient.id,
        doctor.id,
        s.id,
        mf,
        date,
        s.start_time,
        s.end_time,
        queue,
        i % 4 === 3 ? 'confirmed' : 'scheduled',
        DEMO_SANDBOX_NAMES.complaints[i % DEMO_SANDBOX_NAMES.complaints.length],
        s.consultation_fee,
        s.poly_name,
        s.room_number,
        patient.name,
        patient.nik,
        s.name,
        s.specialization,
      ],
    );
    await createJourneyEvents(q, rows[0].id, steps);
  }
}

/** The demo sandbox; returns how many facilities it wrote (0 when there was no facility to link). */
export async function seedSandbox(q: Queryable, config: Pick<Config, 'port' | 'secretKey' | 'demoPassword'>) {
  await initializeJourneyDefaults(q);
  const rng = new Rng(7, 'sandbox');
  const today = jakartaToday();
  const passwordHash = await hashPassword(config.demoPassword);
  let written = 0;
  for (const [index, f] of DEMO_SANDBOX_FACILITIES.entries()) {
    const { rows: linked } = await q.query<{ id: number }>(
      `SELECT id FROM medical_facilities m WHERE (name = $1 OR ($1::text IS NULL AND type = $2))
          AND NOT EXISTS (SELECT 1 FROM simulator_facilities s WHERE s.medical_facility_id = m.id)
        ORDER BY (name = $1) DESC NULLS LAST, id LIMIT 1`,
      [f.linkName, f.linkType],
    );
    if (!linked[0]) continue;
    const mf = linked[0].id;
    const facilityId = await insertFacility(q, f, mf);
    if (facilityId === undefined) continue;
    written++;
    const sandbox: Sandbox = { q, rng, f, index, mf, today };
    await insertApiKey(sandbox, facilityId, config, passwordHash);
    const doctors = await insertDoctors(sandbox);
    const patients = await insertPatients(sandbox);
    await insertBookings(sandbox, doctors, patients);
    await seedSandboxDeliveries(q, { medicalFacilityId: mf, code: f.code, address: f.address, index });
  }
  return written;
}
