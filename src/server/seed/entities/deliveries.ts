/**
 * The demo city's medicine deliveries (spec part 2 §3 'Delivery', §4): about 0.5 % of the
 * patients (at least 100), ordered over the last six months by app users who use medicine
 * delivery, from facilities that dispense medicine, to patients across Jakarta. Older orders are
 * mostly delivered; the last days' are still pending, getting ready or on their way.
 * Deterministic from the plan's seed and date.
 */
import type { Queryable } from '../../db/db.js';
import { makeNik } from '../../../domain/nik.js';
import { JAKARTA_KABUPATEN, JAKARTA_KECAMATAN } from '../../../domain/jakarta.js';
import type { DeliveryStatus } from '../../../resources/delivery/index.js';
import { dayString, iso, jakartaInstant } from '../calendar.js';
import { KECAMATAN_CENTRES, POSTAL_PREFIX, STREET_SUFFIXES, kelurahanByKecamatan } from '../city-data.js';
import { HISTORY_DAYS, type CityPlan } from '../generate.js';
import { Rng } from '../random.js';
import { insertByColumns, insertUsers, moveSequence, nextId, usesDelivery, userCount } from './users.js';

export interface DeliveryRow {
  id: number;
  order_id: string;
  delivery_id: string | null;
  user_id: number;
  medical_facility_id: number;
  hospital_address: string;
  hospital_latitude: number;
  hospital_longitude: number;
  medicine_count: number;
  medicine_weight: number;
  patient_nik: string;
  patient_address: string;
  patient_kota: string;
  patient_kecamatan: string;
  patient_kode_pos: string;
  patient_latitude: number | null;
  patient_longitude: number | null;
  delivery_status: DeliveryStatus;
  delivery_price: number | null;
  created_at: string;
  updated_at: string;
}

export const deliveryCount = (plan: CityPlan) => Math.max(100, Math.round(plan.patients * 0.005));

/** Facility types that hand out medicine for delivery (from the mainland, as the patients are). */
const DISPENSING = new Set(['APOTEK', 'RSUD', 'RS_SWASTA', 'PUSKESMAS', 'KLINIK']);
const KAB_NAME = new Map(JAKARTA_KABUPATEN.map((k) => [k.code, k.name]));
const MAINLAND = JAKARTA_KECAMATAN.filter((k) => !k.code.startsWith('31.01'));
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

function near(rng: Rng, kecamatanCode: string, spread: number): [number, number] {
  const [lat, lon] = KECAMATAN_CENTRES[kecamatanCode];
  return [round(lat + rng.normal() * spread, 6), round(lon + rng.normal() * spread, 6)];
}

/** Distance in km between two points (equirectangular: enough within a city). */
function km(a: [number, number], b: [number, number]) {
  const y = (a[0] - b[0]) * 111.32;
  const x = (a[1] - b[1]) * 111.32 * Math.cos((a[0] * Math.PI) / 180);
  return Math.sqrt(x * x + y * y);
}

/** The status an order of `age` days has reached. */
function statusFor(rng: Rng, age: number): DeliveryStatus {
  const r = rng.next();
  if (r < 0.06) return 'cancelled';
  if (age >= 3) return 'delivered';
  if (age === 2) return r < 0.7 ? 'delivered' : 'shipped';
  if (age === 1) return r < 0.3 ? 'delivered' : r < 0.6 ? 'shipped' : r < 0.8 ? 'processing' : 'ACCEPTED';
  return r < 0.35
    ? 'PENDING'
    : r < 0.55
      ? 'GET_READY'
      : r < 0.75
        ? 'ACCEPTED'
        : r < 0.9
          ? 'processing'
          : 'shipped';
}

/**
 * Deliveries j = 0 .. deliveryCount-1 with ids from `base`; users are the demo users from
 * `userBase`, facilities the plan's from `facilityBase`.
 */
export function* deliveryRows(
  plan: CityPlan,
  userBase = 1,
  facilityBase = 1,
  base = 1,
): Generator<DeliveryRow> {
  const users = userCount(plan);
  const facilities = plan.facilities
    .map((f, i) => ({ f, i, id: facilityBase + i }))
    .filter(({ f }) => f.type && DISPENSING.has(f.type) && !f.kecamatan_code.startsWith('31.01'));
  const kelurahan = kelurahanByKecamatan();
  const n = deliveryCount(plan);
  for (let j = 0; j < n; j++) {
    const rng = new Rng(plan.seed, 'delivery', j);
    let u = rng.int(0, users - 1);
    for (let k = 0; k < users && !usesDelivery(plan, u); k++) u = (u + 1) % users;
    const { f, i, id: facilityId } = rng.pick(facilities);
    const hospital = near(new Rng(plan.seed, 'delivery-facility', i), f.kecamatan_code, 0.004);
    const kec = rng.pick(MAINLAND);
    const village = rng.pick(kelurahan.get(kec.code)!);
    const home = near(rng, kec.code, 0.008);
    const age = rng.chance(0.1) ? rng.int(0, 2) : rng.int(0, HISTORY_DAYS);
    const day = plan.today - age;
    const minute = age === 0 ? Math.min(plan.nowMinutes, rng.int(7 * 60, 21 * 60)) : rng.int(7 * 60, 21 * 60);
    const created = jakartaInstant(day, minute);
    const status = statusFor(rng, age);
    const count = rng.int(1, 8);
    const weight = Math.max(0.1, round(count * (0.05 + rng.next() * 0.25), 1));
    const gender = rng.chance(0.5) ? 'L' : 'P';
    const dob = dayString(plan.today - rng.int(18 * 365, 80 * 365));
    const date = dayString(day).slice(2).replace(/-/g, '');
    const suffix = STREET_SUFFIXES.length ? rng.pick(STREET_SUFFIXES) : '';
    // A flat fee plus the distance, rounded to Rp 500 (Rp 10.000 to about Rp 80.000).
    const price = Math.round((10_000 + km(hospital, home) * 2_500) / 500) * 500;
    const located = rng.chance(0.85);
    const now = jakartaInstant(plan.today, plan.nowMinutes);
    yield {
      id: base + j,
      order_id: `ORD-${date}-${String(j + 1).padStart(6, '0')}`,
      delivery_id: status === 'PENDING' || status === 'cancelled' ? null : `DLV-${date}-${rng.digits(6)}`,
      user_id: userBase + u,
      medical_facility_id: facilityId,
      hospital_address: f.address,
      hospital_latitude: hospital[0],
      hospital_longitude: hospital[1],
      medicine_count: count,
      medicine_weight: weight,
      patient_nik: makeNik(kec.code, dob, gender, rng.int(1, 9999)),
      patient_address: `Jl. ${village}${suffix ? ` ${suffix}` : ''} No. ${rng.int(1, 200)}, ${village}`,
      patient_kota: KAB_NAME.get(kec.parent_code!)!,
      patient_kecamatan: kec.name,
      patient_kode_pos: (POSTAL_PREFIX[kec.parent_code!] + rng.digits(5)).slice(0, 5),
      patient_latitude: located ? home[0] : null,
      patient_longitude: located ? home[1] : null,
      delivery_status: status,
      delivery_price: rng.chance(0.95) ? price : null,
      created_at: iso(created),
      updated_at: iso(Math.min(now, created + (age > 0 ? rng.int(30, 24 * 60) * 60_000 : 0))),
    };
  }
}

export const DELIVERY_COLUMNS = [
  ['id', 'int'],
  ['order_id', 'text'],
  ['delivery_id', 'text'],
  ['user_id', 'int'],
  ['medical_facility_id', 'int'],
  ['hospital_address', 'text'],
  ['hospital_latitude', 'float8'],
  ['hospital_longitude', 'float8'],
  ['medicine_count', 'int'],
  ['medicine_weight', 'numeric'],
  ['patient_nik', 'text'],
  ['patient_address', 'text'],
  ['patient_kota', 'text'],
  ['patient_kecamatan', 'text'],
  ['patient_kode_pos', 'text'],
  ['patient_latitude', 'float8'],
  ['patient_longitude', 'float8'],
  ['delivery_status', 'text'],
  ['delivery_price', 'numeric'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
] as const;

/** Writes the demo deliveries of the users written from `userBase`; returns how many. */
export async function insertDeliveries(
  q: Queryable,
  plan: CityPlan,
  userBase: number,
  facilityBase: number,
): Promise<number> {
  const base = await nextId(q, 'deliveries');
  const rows = [...deliveryRows(plan, userBase, facilityBase, base)];
  await insertByColumns(q, 'deliveries', DELIVERY_COLUMNS, rows);
  await moveSequence(q, 'deliveries');
  return rows.length;
}

/** The demo app users and their deliveries (facilities from `facilityBase` already written). */
export async function insertUsersAndDeliveries(
  q: Queryable,
  plan: CityPlan,
  facilityBase: number,
): Promise<{ users: number; deliveries: number }> {
  const users = await insertUsers(q, plan);
  const deliveries = await insertDeliveries(q, plan, users.base, facilityBase);
  return { users: users.count, deliveries };
}
