/**
 * Import: each kind of column (money with dots, whole numbers, Ya/Tidak, choices by label,
 * JSON, dates as dd/MM/yyyy or ISO, references by id, code or name, regions by code), files
 * as written by spreadsheets (semicolons, a BOM, XLSX), the natural key's upsert and the
 * caller's facility scope.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import ExcelJS from 'exceljs';
import { dbTargets, demoFacilities, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { csv, importFile, patientCells, PATIENT_HEADERS, XLSX } from './import-helper';
import { OTHER_FACILITY } from '../../src/server/imports/rows';
import { KEY_OF_OTHER_FACILITY } from '../../src/server/imports/writer';

const POLI = 'master/poli';
const PATIENTS = 'master/patients';
const DOCTORS = 'admin/simulator/doctors';

describe.each(dbTargets())('import column types and keys (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let faskes: string;
  let facilities: { own: number; other: number };
  const one = async (sql: string, params: unknown[] = []) => (await t.db.query(sql, params)).rows[0];

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 30 });
    admin = await t.login(DEMO_EMAILS.admin);
    faskes = await t.login(DEMO_EMAILS.medical_facility);
    facilities = await demoFacilities(t);
  });
  afterAll(() => t?.close());

  it('reads money with dots, whole numbers, Ya/Tidak, choices by label, JSON and a facility by name or code', async () => {
    const sandbox = await one(
      `SELECT f.id, f.name FROM medical_facilities f JOIN simulator_facilities s ON s.medical_facility_id = f.id
        ORDER BY f.id LIMIT 1`,
    );
    await t.db.query(`UPDATE medical_facilities SET code = 'P3171010' WHERE id = $1`, [sandbox.id]);
    const schedule = JSON.stringify({ senin: { start: '08:00', end: '12:00' } });
    const job = await importFile(
      t,
      admin,
      DOCTORS,
      csv([
        [
          'NIP',
          'Nama Dokter',
          'Spesialisasi',
          'Biaya Konsultasi (Rp)',
          'Pengalaman (tahun)',
          'Tersedia',
          'Fasilitas Kesehatan',
          'Jadwal Praktik',
        ],
        ['IMP-001', 'dr. Impor Satu', 'Dokter Umum', 'Rp 1.250.000', '12', 'Ya', sandbox.name, schedule],
        ['IMP-002', 'dr. Impor Dua', 'spesialis anak', '150.000,50', '3', 'Tidak', 'p3171010', ''],
        ['IMP-003', 'dr. Impor Tiga', 'Dokter Umum', 'seratus', '2,5', 'Mungkin', 'Faskes Tak Ada', '{senin'],
      ]),
    );
    expect(job).toMatchObject({ status: 'done', rows_inserted: 2, rows_rejected: 1 });
    const doctors = (
      await t.db.query(
        `SELECT nip, consultation_fee, experience_years, is_available, specialization, medical_facility_id, work_schedule
           FROM simulator_doctors WHERE nip LIKE 'IMP-%' ORDER BY nip`,
      )
    ).rows;
    expect(doctors).toEqual([
      {
        nip: 'IMP-001',
        consultation_fee: 1250000,
        experience_years: 12,
        is_available: true,
        specialization: 'Dokter Umum',
        medical_facility_id: sandbox.id,
        work_schedule: { senin: { start: '08:00', end: '12:00' } },
      },
      expect.objectContaining({
        nip: 'IMP-002',
        consultation_fee: 150000.5,
        is_available: false,
        specialization: 'Spesialis Anak',
        medical_facility_id: sandbox.id,
      }),
    ]);
    const messages = Object.fromEntries(job.problems.map((p: any) => [p.column, p.message]));
    expect(job.problems.every((p: any) => p.row === 4)).toBe(true);
    expect(messages['Biaya Konsultasi (Rp)']).toMatch(/^Harus berupa angka/);
    expect(messages['Pengalaman (tahun)']).toMatch(/^Harus berupa bilangan bulat/);
    expect(messages.Tersedia).toBe('Isi Ya atau Tidak');
    expect(messages['Jadwal Praktik']).toBe('JSON tidak valid');
    expect(messages['Fasilitas Kesehatan']).toBe(
      'Fasilitas "Faskes Tak Ada" tidak ditemukan (isi ID, kode atau nama)',
    );
  });

  it('reads dates as dd/MM/yyyy or ISO and a kecamatan by its code, with semicolons and a BOM', async () => {
    const a = patientCells('Tipe Satu', '1970-12-31', 'P');
    const b = patientCells('Tipe Dua', '2001-01-02', 'L');
    b[4] = '2001-01-02';
    const text = `\uFEFF${csv(
      [
        [...PATIENT_HEADERS, 'Kecamatan'],
        [...a, '31.71.01'],
        [...b, 'gambir'],
      ],
      ';',
    )}`;
    const job = await importFile(t, admin, PATIENTS, text, { file_name: 'titik-koma.csv' });
    expect(job).toMatchObject({ status: 'done', rows_inserted: 2, rows_rejected: 0 });
    expect(job.columns[0]).toBe('Nama Lengkap');
    const rows = (
      await t.db.query(
        `SELECT full_name, date_of_birth, district, kecamatan_code FROM patients WHERE full_name LIKE 'Tipe %' ORDER BY full_name`,
      )
    ).rows;
    expect(rows).toEqual([
      { full_name: 'Tipe Dua', date_of_birth: '2001-01-02', district: 'Gambir', kecamatan_code: '31.71.01' },
      { full_name: 'Tipe Satu', date_of_birth: '1970-12-31', district: 'Gambir', kecamatan_code: '31.71.01' },
    ]);
    // A new kecamatan moves the patient (the statement fills it, as the locate trigger would).
    const moved = await importFile(
      t,
      admin,
      PATIENTS,
      csv([
        [...PATIENT_HEADERS, 'Kecamatan'],
        [...a, 'tanah abang'],
      ]),
    );
    expect(moved).toMatchObject({ rows_updated: 1 });
    expect(await one(`SELECT district, kecamatan_code FROM patients WHERE full_name = 'Tipe Satu'`)).toEqual(
      await one(
        `SELECT name AS district, code AS kecamatan_code FROM areas WHERE level = 'kecamatan' AND name = 'Tanah Abang'`,
      ),
    );
  });

  it('reads the first sheet of an XLSX file (dates and numbers as Excel keeps them)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Pasien');
    const cells = patientCells('Excel Satu', '1988-03-04', 'L');
    sheet.addRow(PATIENT_HEADERS);
    sheet.addRow([
      ...cells.slice(0, 2),
      Number(cells[2]),
      cells[3],
      new Date(Date.UTC(1988, 2, 4)),
      ...cells.slice(5),
    ]);
    sheet.addRow(patientCells('Excel Dua', '1990-10-11', 'P'));
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const job = await importFile(t, admin, PATIENTS, file, { file_name: 'pasien.xlsx' }, XLSX);
    expect(job).toMatchObject({ status: 'done', rows_read: 2, rows_inserted: 2, rows_rejected: 0 });
    expect(
      await one(`SELECT identity_number, date_of_birth FROM patients WHERE full_name = 'Excel Satu'`),
    ).toEqual({
      identity_number: cells[2],
      date_of_birth: '1988-03-04',
    });
  });

  it('upserts on the natural key: the same file again writes nothing, a changed row gets a new version', async () => {
    const file = (description: string) =>
      csv([
        ['Kode Poli', 'Nama Poli', 'Deskripsi', 'Tersedia BPJS', 'Aktif'],
        ['IMPA', 'Poli Impor A', description, 'Ya', 'Aktif'],
        ['IMPB', 'Poli Impor B', 'Tetap', 'Tidak', 'Nonaktif'],
      ]);
    const first = await importFile(t, admin, POLI, file('Awal'));
    expect(first).toMatchObject({ status: 'done', rows_inserted: 2, rows_updated: 0, rows_unchanged: 0 });
    const before = await one(
      `SELECT xmin::text AS version, is_bpjs_available, is_active FROM master_poli WHERE poly_code = 'IMPA'`,
    );
    expect(before).toMatchObject({ is_bpjs_available: true, is_active: true });
    expect(
      await one(`SELECT is_bpjs_available, is_active FROM master_poli WHERE poly_code = 'IMPB'`),
    ).toEqual({
      is_bpjs_available: false,
      is_active: false,
    });

    const again = await importFile(t, admin, POLI, file('Awal'));
    expect(again).toMatchObject({ status: 'done', rows_inserted: 0, rows_updated: 0, rows_unchanged: 2 });
    expect(
      (await one(`SELECT xmin::text AS version FROM master_poli WHERE poly_code = 'IMPA'`)).version,
    ).toBe(before.version);

    const changed = await importFile(t, admin, POLI, file('Diubah'));
    expect(changed).toMatchObject({ rows_inserted: 0, rows_updated: 1, rows_unchanged: 1 });
    const after = await one(
      `SELECT xmin::text AS version, description FROM master_poli WHERE poly_code = 'IMPA'`,
    );
    expect(after.description).toBe('Diubah');
    expect(after.version).not.toBe(before.version);
    expect(Number((await one(`SELECT count(*) AS n FROM master_poli WHERE poly_code LIKE 'IMP%'`)).n)).toBe(
      2,
    );

    const audit = (
      await t.db.query(
        `SELECT action, username, details FROM activity_logs WHERE action = 'IMPORT' AND table_name = 'master_poli' ORDER BY id`,
      )
    ).rows;
    expect(audit).toHaveLength(3);
    expect(audit[2]).toMatchObject({
      username: 'admin',
      details: {
        file_name: 'data.csv',
        rows_inserted: 0,
        rows_updated: 1,
        rows_unchanged: 1,
        rows_rejected: 0,
      },
    });
  });

  it('keeps the patient rollup right through inserts and updates', async () => {
    /** Rollup rows that differ from a count over the patients themselves. */
    const drift = async () =>
      Number(
        (
          await one(
            `SELECT count(*) AS n FROM (
               SELECT gender, extract(year FROM date_of_birth)::int AS y, coalesce(insurance, '') AS i,
                      coalesce(kecamatan_code, '') AS k, count(*) AS c FROM patients GROUP BY 1, 2, 3, 4) a
             FULL JOIN (SELECT * FROM patient_rollup WHERE count <> 0) r
               ON (a.gender, a.y, a.i, a.k) = (r.gender, r.birth_year, r.insurance, r.kecamatan_code)
             WHERE a.c IS DISTINCT FROM r.count`,
          )
        ).n,
      );
    const cells = patientCells('Rollup Satu', '1960-06-07', 'L');
    await importFile(t, admin, PATIENTS, csv([PATIENT_HEADERS, cells]));
    const changed = [...cells];
    changed[6] = 'Cerai';
    changed[7] = 'Umum';
    const job = await importFile(t, admin, PATIENTS, csv([PATIENT_HEADERS, changed]));
    expect(job).toMatchObject({ rows_updated: 1, rows_rejected: 0 });
    expect(await one(`SELECT insurance FROM patients WHERE identity_number = $1`, [cells[2]])).toEqual({
      insurance: 'Umum',
    });
    expect(await drift()).toBe(0);
  });

  it("a facility user imports into their own facility only: another facility's rows and records are refused", async () => {
    const mine = patientCells('Faskes Milik', '1975-01-01', 'L');
    const theirs = patientCells('Faskes Lain', '1976-01-01', 'L');
    const takenCells = patientCells('Sudah Di Lain', '1977-01-01', 'L');
    await importFile(
      t,
      admin,
      PATIENTS,
      csv([
        [...PATIENT_HEADERS, 'Fasilitas Kesehatan'],
        [...takenCells, String(facilities.other)],
      ]),
    );
    const job = await importFile(
      t,
      faskes,
      PATIENTS,
      csv([
        [...PATIENT_HEADERS, 'Fasilitas Kesehatan'],
        [...mine, ''],
        [...theirs, String(facilities.other)],
        [...takenCells, ''],
      ]),
    );
    expect(job).toMatchObject({ status: 'done', rows_inserted: 1, rows_rejected: 2 });
    expect(job.problems).toEqual([
      { row: 3, column: 'Fasilitas Kesehatan', value: String(facilities.other), message: OTHER_FACILITY },
      { row: 4, column: 'Nomor Identitas', value: null, message: KEY_OF_OTHER_FACILITY },
    ]);
    // A row the database refused comes back in the rejected-rows file as the file had it.
    const rejected = await t.request(faskes, { method: 'GET', url: `/api/imports/${job.id}/rejected` });
    const lines = rejected.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[2]).toBe(
      `${[...takenCells, ''].join(',')},Baris 4: Nomor Identitas: ${KEY_OF_OTHER_FACILITY}`,
    );
    expect(await one(`SELECT medical_facility_id FROM patients WHERE full_name = 'Faskes Milik'`)).toEqual({
      medical_facility_id: facilities.own,
    });
    expect(
      await one(`SELECT medical_facility_id, full_name FROM patients WHERE identity_number = $1`, [
        takenCells[2],
      ]),
    ).toEqual({
      medical_facility_id: facilities.other,
      full_name: 'Sudah Di Lain',
    });
  });
});
