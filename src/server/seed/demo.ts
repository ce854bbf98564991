import { fakerID_ID as faker } from '@faker-js/faker';
import type { Db } from '../db/db.js';
import type { Config } from '../config.js';
import { hashPassword } from '../security/passwords.js';
import { JAKARTA_DISTRICTS, JAKARTA_REGENCIES } from '../../domain/regions-data.js';
import { makeNik } from '../../domain/nik.js';
import { insertRows } from './insert.js';

export const DEMO_ACCOUNTS = [
  {
    username: 'superadmin',
    email: 'superadmin@demo.local',
    full_name: 'Super Admin Demo',
    role: 'super_admin',
  },
  { username: 'admin', email: 'admin@demo.local', full_name: 'Admin Demo', role: 'admin' },
  { username: 'staff', email: 'staff@demo.local', full_name: 'Staf Demo', role: 'staff' },
  { username: 'viewer', email: 'viewer@demo.local', full_name: 'Viewer Demo', role: 'viewer' },
  {
    username: 'faskes',
    email: 'faskes@demo.local',
    full_name: 'Operator Faskes Demo',
    role: 'medical_facility',
  },
] as const;

/** The demo account of each role, by role. */
export const DEMO_EMAIL_BY_ROLE = Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.role, a.email])) as {
  [A in (typeof DEMO_ACCOUNTS)[number] as A['role']]: A['email'];
};

const FACILITIES = [
  { name: 'Puskesmas Kecamatan Gambir', type: 'PUSKESMAS' },
  { name: 'RSUD Tarakan', type: 'RSUD' },
  { name: 'RSUD Pasar Minggu', type: 'RSUD' },
  { name: 'RS Swasta Medika Kemang', type: 'RS_SWASTA' },
  { name: 'Puskesmas Kecamatan Cakung', type: 'PUSKESMAS' },
  { name: 'Klinik Sehat Kelapa Gading', type: 'KLINIK' },
  { name: 'Apotek Sentosa Grogol', type: 'APOTEK' },
];

const titleCase = (s: string) => s.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());
const MARITAL = ['Belum Menikah', 'Menikah', 'Cerai', 'Janda/Duda'];
const RELIGIONS = ['Islam', 'Kristen', 'Katolik', 'Hindu', 'Buddha', 'Konghucu'];
const EDUCATION = ['SD', 'SMP', 'SMA', 'D3', 'S1', 'S2'];
const OCCUPATIONS = [
  'Karyawan Swasta',
  'Wiraswasta',
  'PNS',
  'Guru',
  'Pedagang',
  'Pelajar/Mahasiswa',
  'Ibu Rumah Tangga',
  'Buruh',
  'Pensiunan',
  'Perawat',
  'Pengemudi',
  'Tidak Bekerja',
];
const TRIBES = ['Betawi', 'Jawa', 'Sunda', 'Batak', 'Minang', 'Tionghoa', 'Bugis'];

/** A few hundred patients with valid NIKs spread over Jakarta's kecamatan. Deterministic per seed. */
export function demoPatients(count: number, facilityIds: number[], seed = 20261121) {
  faker.seed(seed);
  const today = new Date();
  return Array.from({ length: count }, (_, i) => {
    const gender = faker.helpers.arrayElement(['L', 'P'] as const);
    const district = faker.helpers.arrayElement(JAKARTA_DISTRICTS);
    const regency = JAKARTA_REGENCIES.find((r) => r.code === district.regency_code)!;
    const age = faker.number.int({ min: 0, max: 85 });
    const birth = faker.date.between({
      from: new Date(Date.UTC(today.getUTCFullYear() - age - 1, today.getUTCMonth(), today.getUTCDate() + 1)),
      to: new Date(Date.UTC(today.getUTCFullYear() - age, today.getUTCMonth(), today.getUTCDate())),
    });
    const dob = birth.toISOString().slice(0, 10);
    const first = faker.person.firstName(gender === 'L' ? 'male' : 'female');
    const last = faker.person.lastName(gender === 'L' ? 'male' : 'female');
    const insurance = faker.helpers.weightedArrayElement([
      { value: 'BPJS', weight: 70 },
      { value: 'Asuransi Swasta', weight: 12 },
      { value: 'Umum', weight: 18 },
    ]);
    return {
      citizenship: 'WNI',
      identity_type: 'KTP',
      identity_number: makeNik(district.code, dob, gender, i + 1),
      full_name: `${first} ${last}`,
      place_of_birth: faker.helpers.arrayElement([
        'Jakarta',
        'Jakarta',
        'Bogor',
        'Bandung',
        'Surabaya',
        'Medan',
      ]),
      date_of_birth: dob,
      gender,
      marital_status: age < 20 ? 'Belum Menikah' : faker.helpers.arrayElement(MARITAL),
      religion: faker.helpers.arrayElement(RELIGIONS),
      blood_type: faker.helpers.arrayElement(['A', 'B', 'AB', 'O']),
      last_education: faker.helpers.arrayElement(EDUCATION),
      address: faker.location.streetAddress(),
      rt: String(faker.number.int({ min: 1, max: 15 })).padStart(3, '0'),
      rw: String(faker.number.int({ min: 1, max: 12 })).padStart(3, '0'),
      village: null,
      district: district.name,
      regency: titleCase(regency.name),
      province: 'DKI Jakarta',
      postal_code: String(faker.number.int({ min: 10110, max: 14450 })),
      occupation: age < 18 ? 'Pelajar/Mahasiswa' : faker.helpers.arrayElement(OCCUPATIONS),
      phone_number: `08${faker.string.numeric(10)}`,
      email: faker.internet.email({ firstName: first, lastName: last }).toLowerCase(),
      tribe: faker.helpers.arrayElement(TRIBES),
      mother_name: faker.person.fullName({ sex: 'female' }),
      insurance,
      insurance_number: insurance === 'Umum' ? null : faker.string.numeric(13),
      family_card_number: `${district.code.replace(/\./g, '')}${faker.string.numeric(10)}`,
      medical_facility_id: faker.helpers.arrayElement(facilityIds),
      created_by: 'seed',
    };
  });
}

async function isEmpty(db: Db) {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM web_admins');
  return rows[0].n === 0;
}

/**
 * First start on an empty database: demo accounts, facilities and patients (DEMO=1, the
 * default), or only a super admin from ADMIN_EMAIL / ADMIN_PASSWORD (DEMO=0).
 * Returns a line to print, or null when the database already had admins.
 */
export async function seedOnFirstStart(db: Db, config: Config, patientCount = 300): Promise<string | null> {
  if (!(await isEmpty(db))) return null;
  if (!config.demo) {
    if (!config.adminEmail || !config.adminPassword || config.adminPassword.length < 8) {
      throw new Error(
        'DEMO=0 needs ADMIN_EMAIL and ADMIN_PASSWORD (at least 8 characters) to create the first super admin',
      );
    }
    await insertRows(db, 'web_admins', [
      {
        username: config.adminEmail.split('@')[0],
        email: config.adminEmail.toLowerCase(),
        password_hash: await hashPassword(config.adminPassword),
        full_name: 'Super Admin',
        role: 'super_admin',
      },
    ]);
    return `Super admin ${config.adminEmail} created.`;
  }
  const hash = await hashPassword(config.demoPassword);
  await db.transaction(async (tx) => {
    const facilityIds = await insertRows(
      tx,
      'medical_facilities',
      FACILITIES.map((f, i) => ({
        ...f,
        email: `faskes${i + 1}@demo.local`,
        phone: `021-${5550100 + i}`,
        online: i % 4 !== 3,
      })),
    );
    await insertRows(
      tx,
      'web_admins',
      DEMO_ACCOUNTS.map((a) => ({
        ...a,
        password_hash: hash,
        medical_facility_id: a.role === 'medical_facility' ? facilityIds[0] : null,
      })),
    );
    await insertRows(tx, 'patients', demoPatients(patientCount, facilityIds));
  });
  return `Demo data loaded: ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')}`;
}
