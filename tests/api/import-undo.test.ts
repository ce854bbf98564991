/**
 * Undoing an import from its job: what it created is deleted and what it updated gets its
 * values back, in one transaction, only while no later write touched those rows (409 naming
 * them otherwise, nothing changed); audited; once only; never for a check.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { csv, importFile, patientCells, PATIENT_HEADERS } from './import-helper';
import { UNDO_MESSAGES } from '../../src/server/imports/undo';

const POLI = 'master/poli';
const POLI_HEADERS = ['Kode Poli', 'Nama Poli', 'Deskripsi', 'Tersedia BPJS', 'Aktif'];

describe.each(dbTargets())('import undo (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  const rows = async (sql: string, params: unknown[] = []) => (await t.db.query(sql, params)).rows;
  const poli = (prefix: string) =>
    rows(
      `SELECT poly_code, poly_name, description, is_active, xmin::text AS version FROM master_poli
        WHERE poly_code LIKE $1 ORDER BY poly_code`,
      [`${prefix}%`],
    );
  const undo = (id: number, token = admin) =>
    t.request(token, { method: 'POST', url: `/api/imports/${id}/undo` });
  const createPoli = async (code: string, description: string) => {
    const res = await t.request(admin, {
      method: 'POST',
      url: '/api/master/poli',
      payload: {
        poly_code: code,
        poly_name: `Poli ${code}`,
        description,
        is_bpjs_available: true,
        is_active: true,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 30 });
    admin = await t.login(DEMO_EMAILS.admin);
  });
  afterAll(() => t?.close());

  it('deletes the rows it created and gives the rows it updated their values back, audited, once', async () => {
    await createPoli('UNA1', 'Sebelum impor');
    const before = await poli('UNA');
    const job = await importFile(
      t,
      admin,
      POLI,
      csv([
        POLI_HEADERS,
        ['UNA1', 'Poli Diimpor', 'Sesudah impor', 'Ya', 'Nonaktif'],
        ['UNA2', 'Poli Baru Dua', 'Baru', 'Tidak', 'Aktif'],
        ['UNA3', 'Poli Baru Tiga', 'Baru', 'Ya', 'Aktif'],
      ]),
    );
    expect(job).toMatchObject({
      status: 'done',
      rows_inserted: 2,
      rows_updated: 1,
      undoable: true,
      undone_at: null,
    });
    expect((await poli('UNA')).map((r) => r.description)).toEqual(['Sesudah impor', 'Baru', 'Baru']);

    const res = await undo(job.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: job.id, undoable: false, undo: { deleted: 2, restored: 1 } });
    expect(res.json().undone_at).toBeTruthy();
    const after = await poli('UNA');
    expect(after.map(({ version: _v, ...r }) => r)).toEqual(before.map(({ version: _v, ...r }) => r));

    const audit = await rows(
      `SELECT username, table_name, record_id, details FROM activity_logs WHERE action = 'UNDO_IMPORT' AND record_id = $1`,
      [String(job.id)],
    );
    expect(audit).toEqual([
      {
        username: 'admin',
        table_name: 'master_poli',
        record_id: String(job.id),
        details: expect.objectContaining({ import_id: job.id, rows_deleted: 2, rows_restored: 1 }),
      },
    ]);

    const again = await undo(job.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(UNDO_MESSAGES.undone);
  });

  it('refuses while a later write touched a row, naming it, and changes nothing', async () => {
    const job = await importFile(
      t,
      admin,
      POLI,
      csv([
        POLI_HEADERS,
        ['UNB1', 'Poli B1', 'Impor', 'Ya', 'Aktif'],
        ['UNB2', 'Poli B2', 'Impor', 'Ya', 'Aktif'],
      ]),
    );
    expect(job).toMatchObject({ status: 'done', rows_inserted: 2 });
    const [, second] = await poli('UNB');
    const { rows: found } = await t.db.query(`SELECT id FROM master_poli WHERE poly_code = 'UNB2'`);
    const edit = await t.request(admin, {
      method: 'PATCH',
      url: `/api/master/poli/${found[0].id}`,
      payload: { description: 'Diubah sesudah impor' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const imported = await poli('UNB');
    expect(imported[1].version).not.toBe(second.version);

    const res = await undo(job.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: UNDO_MESSAGES.changed(1, 'UNB2'),
      changed_rows: ['UNB2'],
    });
    // Nothing undone: the untouched row is still there too, and the job can still be asked again.
    expect(await poli('UNB')).toEqual(imported);
    const read = await t.request(admin, { method: 'GET', url: `/api/imports/${job.id}` });
    expect(read.json()).toMatchObject({ undoable: true, undone_at: null });

    // Once the later write is itself gone (the row deleted), it is still refused.
    await t.request(admin, { method: 'DELETE', url: `/api/master/poli/${found[0].id}` });
    const gone = await undo(job.id);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().changed_rows).toEqual(['UNB2']);
    expect((await poli('UNB')).map((r) => r.poly_code)).toEqual(['UNB1']);
  });

  it('gives back patients and the dashboard counts the rollups keep', async () => {
    const total = async () =>
      (
        await rows(
          `SELECT (SELECT count(*)::int FROM patients) AS patients,
                  (SELECT sum(count)::int FROM patient_rollup) AS rolled`,
        )
      )[0];
    const start = await total();
    const job = await importFile(
      t,
      admin,
      'master/patients',
      csv([PATIENT_HEADERS, patientCells('Ani Urung'), patientCells('Budi Urung', '1980-01-02')]),
    );
    expect(job).toMatchObject({ status: 'done', rows_inserted: 2 });
    expect(await total()).toEqual({ patients: start.patients + 2, rolled: start.rolled + 2 });
    const res = await undo(job.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(await total()).toEqual(start);
  });

  it('refuses a record another record refers to since, and a check, which wrote nothing', async () => {
    const job = await importFile(
      t,
      admin,
      'master/medical-facilities',
      csv([
        ['code', 'name', 'email', 'password'],
        ['UNDOF1', 'Klinik Urung', 'klinik.urung@example.com', 'Sandi-Klinik-Urung-1'],
      ]),
    );
    expect(job).toMatchObject({ status: 'done', rows_inserted: 1, undoable: true });
    const [facility] = await rows(`SELECT id FROM medical_facilities WHERE code = 'UNDOF1'`);
    await t.db.query(
      `INSERT INTO facility_params (medical_facility_id, type, value, description) VALUES ($1, 'header', '1', 'X-Urung')`,
      [facility.id],
    );
    const res = await undo(job.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(UNDO_MESSAGES.referenced(1, 'UNDOF1'));
    expect(await rows(`SELECT id FROM medical_facilities WHERE code = 'UNDOF1'`)).toEqual([facility]);

    const check = await importFile(
      t,
      admin,
      POLI,
      csv([POLI_HEADERS, ['UNC1', 'Poli C', '', 'Ya', 'Aktif']]),
      {
        dry_run: true,
      },
    );
    expect(check).toMatchObject({ status: 'done', undoable: false });
    const refused = await undo(check.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(UNDO_MESSAGES.dryRun);
  });

  it('gives back a record written through its write hooks, its stored secret too', async () => {
    const file = (name: string) =>
      csv([
        ['code', 'name', 'email', 'password'],
        ['UNDOF2', name, 'klinik.lama@example.com', 'Sandi-Klinik-Lama-2'],
      ]);
    const first = await importFile(t, admin, 'master/medical-facilities', file('Klinik Lama'));
    expect(first).toMatchObject({ status: 'done', rows_inserted: 1 });
    const facility = () =>
      rows(`SELECT name, email, password_hash FROM medical_facilities WHERE code = 'UNDOF2'`);
    const before = await facility();
    const second = await importFile(t, admin, 'master/medical-facilities', file('Klinik Baru'));
    expect(second).toMatchObject({ status: 'done', rows_updated: 1 });
    expect((await facility())[0].name).toBe('Klinik Baru');
    const res = await undo(second.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().undo).toEqual({ deleted: 0, restored: 1 });
    expect(await facility()).toEqual(before);
  });

  it('only the importer and super admins may undo', async () => {
    const job = await importFile(t, admin, POLI, csv([POLI_HEADERS, ['UND1', 'Poli D', '', 'Ya', 'Aktif']]));
    const other = await t.login(DEMO_EMAILS.staff);
    expect((await undo(job.id, other)).statusCode).toBe(404);
    expect((await poli('UND')).length).toBe(1);
  });
});
