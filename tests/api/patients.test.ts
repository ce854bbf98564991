import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { dbTargets, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { makeNik, NIK_MESSAGES } from '../../src/domain/nik';
import { now } from '../../src/domain/clock';

const URL = '/api/master/patients';
/** A word no generated name, address or e-mail contains: searching it finds only our rows. */
const MARK = 'Qorvantis';

let seq = 9000;
/** A valid KTP patient; the NIK agrees with birth date and gender. */
function patient(overrides: Record<string, unknown> = {}) {
  const gender = (overrides.gender as 'L' | 'P') ?? 'L';
  const dob = (overrides.date_of_birth as string) ?? '1990-05-17';
  return {
    full_name: `Budi ${MARK}`,
    identity_type: 'KTP',
    identity_number: makeNik('31.71.01', dob, gender, seq++),
    place_of_birth: 'Jakarta',
    date_of_birth: dob,
    gender,
    marital_status: 'Menikah',
    insurance: 'BPJS',
    insurance_number: '0001234567890',
    phone_number: '081234567890',
    created_by: 'tester',
    ...overrides,
  };
}

describe.each(dbTargets())('master patients API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let faskes: string;
  let faskesFacility: number;
  let otherFacility: number;

  const api = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.request(token, { method, url, payload });
  const stored = async (id: number) =>
    (await t.db.query('SELECT * FROM patients WHERE id = $1', [id])).rows[0] ?? null;
  const logsOf = async (id: number) =>
    (
      await t.db.query(
        `SELECT action, admin_id, username, response_status, old_values, new_values
           FROM activity_logs WHERE table_name = 'patients' AND record_id = $1 AND action <> 'VIEW' ORDER BY id`,
        [String(id)],
      )
    ).rows;

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 30 });
    admin = await t.login(DEMO_EMAILS.admin);
    faskes = await t.login(DEMO_EMAILS.medical_facility);
    const { rows } = await t.db.query(
      `SELECT a.medical_facility_id AS own,
              (SELECT min(f.id) FROM medical_facilities f WHERE f.id <> a.medical_facility_id) AS other
         FROM web_admins a WHERE a.email = $1`,
      [DEMO_EMAILS.medical_facility],
    );
    faskesFacility = rows[0].own;
    otherFacility = rows[0].other;
    expect(faskesFacility).toEqual(expect.any(Number));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates, reads, updates and deletes a patient, logging each write', async () => {
    const body = patient({ gender: 'P', date_of_birth: '1985-02-28', full_name: `Siti ${MARK} Crud` });
    expect(body.identity_number.slice(6, 8)).toBe('68'); // day 28 + 40 for a woman

    const created = await api(admin, 'POST', URL, body);
    expect(created.statusCode).toBe(201);
    const row = created.json();
    expect(row).toMatchObject({ ...body, id: expect.any(Number) });
    expect(row.created_at).toEqual(expect.any(String));
    expect(row.blood_type).toBeNull();

    const got = await api(admin, 'GET', `${URL}/${row.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(row);

    // The edit form sends back the whole record, read-only fields included.
    const edited = { ...got.json(), full_name: `Siti ${MARK} Edited`, blood_type: 'AB', phone_number: '' };
    const updated = await api(admin, 'PUT', `${URL}/${row.id}`, edited);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      id: row.id,
      full_name: `Siti ${MARK} Edited`,
      blood_type: 'AB',
      phone_number: null,
      created_at: row.created_at,
    });
    expect((await stored(row.id)).full_name).toBe(`Siti ${MARK} Edited`);

    const deleted = await api(admin, 'DELETE', `${URL}/${row.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().id).toBe(row.id);
    expect((await api(admin, 'GET', `${URL}/${row.id}`)).statusCode).toBe(404);
    expect((await api(admin, 'PUT', `${URL}/${row.id}`, edited)).statusCode).toBe(404);
    expect((await api(admin, 'DELETE', `${URL}/${row.id}`)).statusCode).toBe(404);
    expect(await stored(row.id)).toBeNull();

    const logs = await logsOf(row.id);
    expect(logs.map((l) => l.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
    for (const l of logs) expect(l).toMatchObject({ username: 'admin', admin_id: expect.any(Number) });
    expect(logs[0].old_values).toBeNull();
    expect(logs[0].new_values).toMatchObject({ id: row.id, full_name: `Siti ${MARK} Crud`, gender: 'P' });
    expect(logs[0].response_status).toBe(201);
    expect(logs[1].old_values).toMatchObject({ full_name: `Siti ${MARK} Crud`, blood_type: null });
    expect(logs[1].new_values).toMatchObject({ full_name: `Siti ${MARK} Edited`, blood_type: 'AB' });
    expect(logs[2].old_values).toMatchObject({ id: row.id, full_name: `Siti ${MARK} Edited` });
    expect(logs[2].new_values).toBeNull();
  });

  it('searches, filters and paginates with totals that match the rows', async () => {
    const mark = `${MARK}list`;
    const specs: { gender: 'L' | 'P'; insurance: string }[] = [];
    for (let i = 0; i < 13; i++) {
      specs.push({
        gender: i % 3 === 0 ? 'P' : 'L',
        insurance: ['BPJS', 'Umum', 'Asuransi Swasta'][i % 3 === 1 ? 1 : i % 2 === 0 ? 0 : 2],
      });
    }
    const ids: number[] = [];
    for (const [i, s] of specs.entries()) {
      const res = await api(
        admin,
        'POST',
        URL,
        patient({
          ...s,
          full_name: `Pasien ${mark} ${String(i).padStart(2, '0')}`,
          date_of_birth: `1970-01-${String(i + 1).padStart(2, '0')}`,
        }),
      );
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }

    const list = async (query: string) => {
      const res = await api(admin, 'GET', `${URL}?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        data: any[];
        pagination: { total: number; totalPages: number; page: number; limit: number };
      };
    };

    // Search is case-insensitive and a substring match.
    const all = await list(`search=${mark.toUpperCase()}&limit=100`);
    expect(all.pagination.total).toBe(specs.length);
    expect(all.data.map((r) => r.id).sort((a, b) => a - b)).toEqual(ids);
    // Default page size is 10.
    const first = await list(`search=${mark}`);
    expect(first.data).toHaveLength(10);
    expect(first.pagination).toEqual({ total: 13, totalPages: 2, page: 1, limit: 10, estimated: false });

    for (const gender of ['L', 'P']) {
      const res = await list(`search=${mark}&gender=${gender}&limit=100`);
      expect(res.pagination.total, gender).toBe(specs.filter((s) => s.gender === gender).length);
      expect(res.data.every((r) => r.gender === gender)).toBe(true);
    }
    for (const insurance of ['BPJS', 'Umum', 'Asuransi Swasta']) {
      const res = await list(`search=${mark}&insurance=${encodeURIComponent(insurance)}&limit=100`);
      expect(res.pagination.total, insurance).toBe(specs.filter((s) => s.insurance === insurance).length);
      expect(res.data.every((r) => r.insurance === insurance)).toBe(true);
    }
    const both = await list(`search=${mark}&gender=L&insurance=BPJS`);
    expect(both.pagination.total).toBe(
      specs.filter((s) => s.gender === 'L' && s.insurance === 'BPJS').length,
    );

    // Pages of 4: every row exactly once, in name order when asked.
    const seen: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const res = await list(`search=${mark}&limit=4&page=${page}&sort=full_name&order=ASC`);
      expect(res.pagination).toEqual({ total: 13, totalPages: 4, page, limit: 4, estimated: false });
      expect(res.data).toHaveLength(page < 4 ? 4 : 1);
      seen.push(...res.data.map((r) => r.id));
    }
    expect(seen).toEqual(ids);
    expect((await list(`search=${mark}&limit=4&page=5`)).data).toEqual([]);

    // Default order: newest first.
    expect((await list(`search=${mark}&limit=3`)).data.map((r) => r.id)).toEqual(ids.slice(-3).reverse());

    // ids= (react-admin getMany).
    const some = await list(`ids=${ids[0]},${ids[5]}`);
    expect(some.data.map((r) => r.id).sort((a, b) => a - b)).toEqual([ids[0], ids[5]]);

    // A search that matches nothing, and LIKE wildcards taken literally.
    expect((await list(`search=${mark}zzz`)).pagination).toMatchObject({ total: 0, totalPages: 0 });
    expect((await list(`search=${encodeURIComponent('%')}`)).pagination.total).toBe(0);

    // Filter by facility without search agrees with the table.
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM patients WHERE medical_facility_id = $1',
      [otherFacility],
    );
    expect((await list(`medical_facility_id=${otherFacility}`)).pagination.total).toBe(rows[0].n);

    // Bad query parameters are refused.
    expect((await api(admin, 'GET', `${URL}?limit=0`)).statusCode).toBe(400);
    expect((await api(admin, 'GET', `${URL}?limit=5000`)).statusCode).toBe(400);
    expect((await api(admin, 'GET', `${URL}?sort=password`)).statusCode).toBe(400);
    expect((await api(admin, 'GET', `${URL}?ids=1;drop`)).statusCode).toBe(400);
  });

  describe('validation', () => {
    const post = (body: object) => api(admin, 'POST', URL, body);
    const fieldErrors = async (body: object) => {
      const res = await post(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      return res.json().errors as Record<string, string>;
    };

    it('names every missing required field', async () => {
      const errors = await fieldErrors({});
      expect(Object.keys(errors).sort()).toEqual(
        [
          'full_name',
          'identity_type',
          'identity_number',
          'place_of_birth',
          'date_of_birth',
          'gender',
          'marital_status',
          'created_by',
        ].sort(),
      );
      for (const m of Object.values(errors)) expect(m).toBe('Wajib diisi');
      const noName = patient();
      delete (noName as Record<string, unknown>).full_name;
      expect(Object.keys(await fieldErrors(noName))).toEqual(['full_name']);
      expect(Object.keys(await fieldErrors(patient({ full_name: '' })))).toEqual(['full_name']);
    });

    it('rejects values outside an enum, bad formats and bad types', async () => {
      const errors = await fieldErrors(
        patient({ gender: 'X', insurance: 'Gratis', marital_status: 'Lajang' }),
      );
      expect(Object.keys(errors).sort()).toEqual(['gender', 'insurance', 'marital_status']);
      expect(errors.gender).toContain('L');
      expect(errors.gender).toContain('P');
      expect(Object.keys(await fieldErrors(patient({ date_of_birth: '17-05-1990' })))).toContain(
        'date_of_birth',
      );
      expect(Object.keys(await fieldErrors(patient({ email: 'not-an-email' })))).toEqual(['email']);
      expect(Object.keys(await fieldErrors(patient({ postal_code: '123' })))).toEqual(['postal_code']);
      expect(Object.keys(await fieldErrors(patient({ medical_facility_id: 'abc' })))).toEqual([
        'medical_facility_id',
      ]);
    });

    it('checks the NIK of a KTP', async () => {
      const base = patient({ gender: 'P', date_of_birth: '1992-11-03' });
      const nik = base.identity_number as string;
      expect(await fieldErrors({ ...base, identity_number: nik.slice(0, 15) })).toEqual({
        identity_number: NIK_MESSAGES.format,
      });
      expect(await fieldErrors({ ...base, identity_number: `9999${nik.slice(4)}` })).toEqual({
        identity_number: NIK_MESSAGES.region,
      });
      // A woman's NIK carries day + 40; the plain day is a man's.
      expect(
        await fieldErrors({ ...base, identity_number: makeNik('31.71.01', '1992-11-03', 'L', 77) }),
      ).toEqual({
        identity_number: NIK_MESSAGES.genderMismatch,
      });
      expect(await fieldErrors({ ...base, date_of_birth: '1992-11-04' })).toEqual({
        identity_number: NIK_MESSAGES.birthDateMismatch,
      });
      // Other identity types are not NIKs.
      const sim = await post({ ...base, identity_type: 'SIM', identity_number: 'SIM12345' });
      expect(sim.statusCode, sim.body).toBe(201);
      // A birth date in the future.
      const future = `${new Date(now()).getUTCFullYear() + 1}-01-15`;
      const errors = await fieldErrors(
        patient({ identity_type: 'Passport', identity_number: 'X1234567', date_of_birth: future }),
      );
      expect(Object.keys(errors)).toEqual(['date_of_birth']);
    });

    it('answers in English to a caller whose Accept-Language puts English first', async () => {
      const base = patient({ gender: 'P', date_of_birth: '1992-11-03' });
      const ask = (payload: object, language?: string) =>
        t.request(admin, {
          method: 'POST',
          url: URL,
          payload,
          headers: language ? { 'accept-language': language } : {},
        });
      // The schema's check, then the NIK's own.
      const email = await ask({ ...base, email: 'not-an-email' }, 'en-GB,en;q=0.9,id;q=0.5');
      expect(email.statusCode).toBe(400);
      expect(email.json().errors).toEqual({ email: 'Not a valid email' });
      expect(email.json().error).toBe('Invalid data: email: Not a valid email');
      const nik = await ask(
        { ...base, identity_number: `9999${String(base.identity_number).slice(4)}` },
        'en',
      );
      expect(nik.statusCode).toBe(400);
      expect(nik.json().errors).toEqual({ identity_number: 'Unknown NIK region code (its first 4 digits)' });
      // Indonesian stays the answer of everyone else.
      for (const language of [undefined, 'id', 'id-ID,en;q=0.8'])
        expect((await ask({ ...base, email: 'x' }, language)).json().errors.email).toBe(
          'Format email tidak valid',
        );
      const duplicate = await t.request(admin, {
        method: 'POST',
        url: URL,
        payload: base,
        headers: { 'accept-language': 'en' },
      });
      expect(duplicate.statusCode).toBe(201);
      const again = await t.request(admin, {
        method: 'POST',
        url: URL,
        payload: base,
        headers: { 'accept-language': 'en' },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().errors).toEqual({ identity_number: 'A record with this value already exists' });
    });

    it('answers 409 to a duplicate NIK and leaves the first row alone', async () => {
      const first = await post(patient({ full_name: `Asli ${MARK}` }));
      expect(first.statusCode).toBe(201);
      const original = first.json();
      const dup = await post(
        patient({ full_name: `Tiruan ${MARK}`, identity_number: original.identity_number }),
      );
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      expect(Object.keys(dup.json().errors)).toEqual(['identity_number']);
      expect((await api(admin, 'GET', `${URL}/${original.id}`)).json()).toEqual(original);
      const { rows } = await t.db.query(
        'SELECT count(*)::int AS n FROM patients WHERE identity_number = $1',
        [original.identity_number],
      );
      expect(rows[0].n).toBe(1);

      // Changing another patient to that NIK is refused the same way.
      const second = (await post(patient({ full_name: `Kedua ${MARK}` }))).json();
      const clash = await api(admin, 'PUT', `${URL}/${second.id}`, {
        ...second,
        identity_number: original.identity_number,
      });
      expect(clash.statusCode).toBe(409);
      expect((await api(admin, 'GET', `${URL}/${second.id}`)).json()).toEqual(second);
    });

    it('leaves the stored row unchanged when an update is refused', async () => {
      const created = (await post(patient({ full_name: `Tetap ${MARK}` }))).json();
      const before = await stored(created.id);
      const attempts = [
        { ...created, gender: 'X' },
        { ...created, full_name: '' },
        { ...created, identity_number: '123' },
        { ...created, date_of_birth: '1990-05-18', full_name: 'Changed' },
        { ...created, gender: 'P' }, // the NIK says man
      ];
      for (const body of attempts) {
        const res = await api(admin, 'PUT', `${URL}/${created.id}`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
      }
      expect(await stored(created.id)).toEqual(before);
      expect((await logsOf(created.id)).map((l) => l.action)).toEqual(['CREATE']);
      expect((await api(admin, 'PUT', '/api/master/patients/abc', created)).statusCode).toBe(400);
    });
  });

  describe('medical_facility user', () => {
    it('lists only the patients of their facility', async () => {
      const res = await api(faskes, 'GET', `${URL}?limit=1000`);
      expect(res.statusCode).toBe(200);
      const { rows } = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM patients WHERE medical_facility_id = $1',
        [faskesFacility],
      );
      expect(rows[0].n).toBeGreaterThan(0);
      expect(res.json().pagination.total).toBe(rows[0].n);
      expect(res.json().data.every((r: any) => r.medical_facility_id === faskesFacility)).toBe(true);
      // Asking for another facility's rows finds none.
      const other = await api(faskes, 'GET', `${URL}?medical_facility_id=${otherFacility}`);
      expect(other.json().pagination.total).toBe(0);
    });

    it("gets 404 for another facility's patient and cannot change it", async () => {
      const { rows } = await t.db.query('SELECT * FROM patients WHERE medical_facility_id = $1 LIMIT 1', [
        otherFacility,
      ]);
      const theirs = rows[0];
      expect(theirs).toBeDefined();
      expect((await api(faskes, 'GET', `${URL}/${theirs.id}`)).statusCode).toBe(404);
      const full = (await api(admin, 'GET', `${URL}/${theirs.id}`)).json();
      expect(
        (await api(faskes, 'PUT', `${URL}/${theirs.id}`, { ...full, full_name: 'Hacked' })).statusCode,
      ).toBe(404);
      expect((await api(faskes, 'DELETE', `${URL}/${theirs.id}`)).statusCode).toBe(404);
      expect(await stored(theirs.id)).toEqual(theirs);
      // The list's ids= does not leak it either.
      expect((await api(faskes, 'GET', `${URL}?ids=${theirs.id}`)).json().data).toEqual([]);
    });

    it('creates and edits rows in their own facility whatever the body says', async () => {
      const res = await api(
        faskes,
        'POST',
        URL,
        patient({ full_name: `Faskes ${MARK}`, medical_facility_id: otherFacility }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const row = res.json();
      expect(row.medical_facility_id).toBe(faskesFacility);
      expect((await stored(row.id)).medical_facility_id).toBe(faskesFacility);

      const moved = await api(faskes, 'PUT', `${URL}/${row.id}`, {
        ...row,
        medical_facility_id: otherFacility,
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().medical_facility_id).toBe(faskesFacility);
      expect((await api(faskes, 'GET', `${URL}/${row.id}`)).statusCode).toBe(200);
      expect((await logsOf(row.id))[0]).toMatchObject({ action: 'CREATE', username: 'faskes' });
      expect((await api(faskes, 'DELETE', `${URL}/${row.id}`)).statusCode).toBe(200);
    });

    it('sees only their facility in the facility picker', async () => {
      const counts = await t.db.query<{ total: number; rsud: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE name ILIKE '%rsud%')::int AS rsud FROM medical_facilities`,
      );
      const { total, rsud } = counts.rows[0];
      const all = await api(admin, 'GET', '/api/admin/medical-facilities?limit=100');
      expect(all.statusCode).toBe(200);
      expect(all.json().data).toHaveLength(Math.min(total, 100));
      for (const f of all.json().data) expect(Object.keys(f).sort()).toEqual(['id', 'name', 'type']);
      expect(all.json().pagination).toMatchObject({ total, totalPages: Math.ceil(total / 100) });
      const ordered = await t.db.query<{ name: string }>(
        'SELECT name FROM medical_facilities ORDER BY name, id LIMIT 100',
      );
      expect(all.json().data.map((f: any) => f.name)).toEqual(ordered.rows.map((r) => r.name));

      const own = await api(faskes, 'GET', '/api/admin/medical-facilities?limit=100');
      expect(own.statusCode).toBe(200);
      expect(own.json().data).toEqual([
        { id: faskesFacility, name: expect.any(String), type: expect.any(String) },
      ]);

      const searched = await api(admin, 'GET', `/api/admin/medical-facilities?search=rsud`);
      expect(rsud).toBeGreaterThan(0);
      expect(searched.json().pagination.total).toBe(rsud);
      for (const f of searched.json().data) expect(f.name).toMatch(/rsud/i);
      const byIds = await api(admin, 'GET', `/api/admin/medical-facilities?ids=${otherFacility}`);
      expect(byIds.json().data.map((f: any) => f.id)).toEqual([otherFacility]);
    });
  });
});
