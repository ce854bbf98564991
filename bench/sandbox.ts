/**
 * A sandbox facility of the facility API for the benches (bench/simulation.ts, bench/writes.ts):
 * linked to a medical facility of the city that has none yet, with one doctor whose schedule
 * has `places` places every day of the week from 07:00 to 23:00, and an API key.
 */
import { makeNik } from '../src/domain/nik.js';

export interface BenchSandbox {
  /** The x-api-key header of the facility. */
  key: string;
  doctorId: number;
  /** A day after tomorrow in Jakarta (YYYY-MM-DD): bookable, and on a scheduled day. */
  date: string;
  /** `count` valid NIKs (a sandbox's patients are its facility's own: every sandbox may use the same). */
  niks(count: number): string[];
}

/** The code every bench sandbox's names start with, so that a bench can remove what it made. */
export const BENCH_SANDBOX_PREFIX = 'BENCH';

export async function makeBenchSandbox(
  base: string,
  adminToken: string,
  places: number,
): Promise<BenchSandbox> {
  const adminCall = async (method: string, url: string, body?: object) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${adminToken}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as any;
    if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const stamp = Date.now().toString(36).toUpperCase();
  const mf = (await adminCall('GET', '/api/master/medical-facilities?limit=100')).data;
  const taken = new Set(
    (await adminCall('GET', '/api/admin/simulator/facilities?limit=100')).data.map(
      (f: any) => f.medical_facility_id,
    ),
  );
  const link = mf.find((f: any) => !taken.has(f.id));
  if (!link) throw new Error('every medical facility of the first page already has a sandbox facility');
  const facility = await adminCall('POST', '/api/admin/simulator/facilities', {
    name: `RS Bench ${stamp}`,
    facility_code: `${BENCH_SANDBOX_PREFIX}${stamp}`.slice(0, 20),
    type: 'RSU',
    medical_facility_id: link.id,
  });
  const doctor = await adminCall('POST', '/api/admin/simulator/doctors', {
    nip: `${BENCH_SANDBOX_PREFIX}${stamp}`,
    name: 'dr. Bench',
    specialization: 'Dokter Umum',
    medical_facility_id: link.id,
  });
  for (const day of [1, 2, 3, 4, 5, 6, 7])
    await adminCall('POST', '/api/admin/simulator/schedules', {
      doctor_id: doctor.id,
      poly_code: null,
      poly_name: 'Umum',
      day_of_week: day,
      start_time: '07:00',
      end_time: '23:00',
      max_patients: places,
    });
  const key = `bench${stamp.toLowerCase()}key0000`;
  await adminCall('POST', '/api/admin/simulator-apikeys', {
    simulasi_medical_facility_id: facility.id,
    x_api_key: key,
  });
  return {
    key,
    doctorId: doctor.id,
    date: new Date(Date.now() + 7 * 3600_000 + 2 * 86_400_000).toISOString().slice(0, 10),
    niks: (count) => Array.from({ length: count }, (_, i) => makeNik('31.71.01', '1980-03-04', 'L', i + 1)),
  };
}

/** SQL that removes every bench sandbox (its facility, key, doctor, schedules, patients and bookings). */
export const REMOVE_BENCH_SANDBOXES = [
  `DELETE FROM simulator_patients WHERE medical_facility_id IN
     (SELECT medical_facility_id FROM simulator_facilities WHERE facility_code LIKE '${BENCH_SANDBOX_PREFIX}%')`,
  `DELETE FROM simulator_doctors WHERE nip LIKE '${BENCH_SANDBOX_PREFIX}%'`,
  `DELETE FROM simulator_facilities WHERE facility_code LIKE '${BENCH_SANDBOX_PREFIX}%'`,
];
