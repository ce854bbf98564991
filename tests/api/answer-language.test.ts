/**
 * Refusals in the caller's language: Indonesian by default, English when Accept-Language puts
 * English first (as the console does when it speaks English). Sign-in and two-factor refusals, a
 * connection test's gateway and outbound refusals, the facility API's envelope, a simulator
 * screen's check, and an import's missing columns and row problems (kept on the job in
 * Indonesian, translated when the job is read).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { registerErrorHandler } from '../../src/server/plugins/errors';
import { registerAnswerLanguage } from '../../src/server/plugins/language';
import { dbTargets, demoFacilities, startTestApp, DEMO_EMAILS, type TestApp } from './helper';
import { csv, importFile, PATIENT_HEADERS, patientCells, waitForJob } from './import-helper';

const EN = { 'accept-language': 'en-US,en;q=0.9,id;q=0.8' };
const ID = { 'accept-language': 'id-ID,id;q=0.9,en;q=0.8' };

describe.each(dbTargets())("refusals in the caller's language (%s)", (kind) => {
  let t: TestApp;
  let admin: string;
  let own: number;

  beforeAll(async () => {
    t = await startTestApp(kind, { patients: 5 });
    admin = await t.login(DEMO_EMAILS.admin);
    ({ own } = await demoFacilities(t));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a wrong password and an expired two-factor step in each language', async () => {
    const login = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers,
        payload: { email: DEMO_EMAILS.admin, password: 'bukan-password-ini' },
      });
    const id = await login({});
    expect(id.statusCode).toBe(401);
    expect(id.json()).toMatchObject({
      error: 'Email atau password salah',
      message: 'Email atau password salah',
    });
    const en = await login(EN);
    expect(en.statusCode).toBe(401);
    expect(en.json()).toMatchObject({ error: 'Wrong email or password', message: 'Wrong email or password' });

    const verify = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/2fa/verify',
        headers,
        payload: { mfa_token: 'tidak-ada', code: '123456' },
      });
    expect((await verify(ID)).json().error).toBe('Sesi verifikasi telah berakhir. Silakan masuk kembali.');
    expect((await verify(EN)).json().error).toBe('The verification session has ended. Please sign in again.');
  });

  it("answers a connection test's refusals (gateway not configured, a loopback address) in each language", async () => {
    const base = `/api/master/medical-facilities/${own}/connections`;
    const created = await t.request(admin, {
      method: 'POST',
      url: base,
      payload: { code: 'BAHASA1', production_base_url: 'http://127.0.0.1:9/api', gateway_config: null },
    });
    expect(created.statusCode, created.body).toBe(201);
    const test = (target: string, headers: Record<string, string> = {}) =>
      t.request(admin, {
        method: 'POST',
        url: `${base}/${created.json().id}/test`,
        headers,
        payload: { target },
      });

    const gatewayId = await test('gateway');
    expect(gatewayId.statusCode).toBe(400);
    expect(gatewayId.json().error).toBe('Gateway belum dikonfigurasi');
    const gatewayEn = await test('gateway', EN);
    expect(gatewayEn.statusCode).toBe(400);
    expect(gatewayEn.json()).toMatchObject({
      error: 'The gateway is not configured',
      message: 'The gateway is not configured',
    });

    // The outbound guard's refusal keeps its host and its reason, each in the caller's language.
    expect((await test('production')).json().error).toBe(
      'Alamat 127.0.0.1 tidak boleh dipanggil: loopback (127.0.0.0/8). Tambahkan host ke OUTBOUND_ALLOW_HOSTS bila memang dimaksud.',
    );
    expect((await test('production', EN)).json().error).toBe(
      'Address 127.0.0.1 may not be called: loopback (127.0.0.0/8). Add the host to OUTBOUND_ALLOW_HOSTS if it is meant.',
    );
    // The last test as stored on the connection, read in each language.
    const listed = async (headers: Record<string, string>) =>
      (await t.request(admin, { method: 'GET', url: base, headers }))
        .json()
        .find((c: any) => c.code === 'BAHASA1');
    expect((await listed(ID)).last_check_message).toBe(
      'production: Alamat 127.0.0.1 tidak boleh dipanggil: loopback (127.0.0.0/8). Tambahkan host ke OUTBOUND_ALLOW_HOSTS bila memang dimaksud.',
    );
    expect((await listed(EN)).last_check_message).toBe(
      'production: Address 127.0.0.1 may not be called: loopback (127.0.0.0/8). Add the host to OUTBOUND_ALLOW_HOSTS if it is meant.',
    );
  });

  it("answers the facility API's envelope and a simulator screen's check in each language", async () => {
    const noKey = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/simulation/patients', headers });
    const id = await noKey({});
    expect(id.statusCode).toBe(401);
    expect(id.json().metadata).toEqual({
      code: 401,
      message: 'API key diperlukan (header X-API-Key, Basic atau Bearer token)',
    });
    expect((await noKey(EN)).json().metadata).toEqual({
      code: 401,
      message: 'An API key is required (X-API-Key header, Basic or Bearer token)',
    });

    const copy = (headers: Record<string, string>) =>
      t.request(admin, {
        method: 'POST',
        url: '/api/admin/simulator/poli/copy-from-master',
        headers,
        payload: { poly_codes: ['UMUM'], medical_facility_id: 999_999 },
      });
    const copyId = await copy(ID);
    expect(copyId.statusCode).toBe(400);
    expect(copyId.json().errors).toEqual({
      medical_facility_id: 'Fasilitas kesehatan ini belum memiliki fasilitas simulasi',
    });
    const copyEn = await copy(EN);
    expect(copyEn.json()).toMatchObject({
      error: 'Invalid data: medical_facility_id: This medical facility has no simulated facility yet',
      errors: { medical_facility_id: 'This medical facility has no simulated facility yet' },
    });
  });

  it("gives an import's missing columns, its rows' problems and its rejected rows in the reader's language", async () => {
    // Only the name column: the required ones are missing, named by their headers.
    const missing = await importFile(t, admin, 'master/patients', csv([['Nama Lengkap'], ['Rani Bahasa']]));
    expect(missing.status).toBe('failed');
    expect(missing.error).toMatch(/^Kolom wajib tidak ada di berkas: .*Jenis Kelamin/);
    const missingEn = (
      await t.request(admin, { method: 'GET', url: `/api/imports/${missing.id}`, headers: EN })
    ).json();
    expect(missingEn.error).toMatch(/^Required columns missing from the file: .*Gender/);
    expect(missingEn.error).not.toMatch(/Jenis Kelamin|Kolom/);

    // A dry run with a bad date: its problem read in each language, with its row and column.
    const bad = patientCells('Sari Bahasa').map((c, i) => (i === 4 ? '31/02/1990' : c));
    const dry = await importFile(t, admin, 'master/patients', csv([PATIENT_HEADERS, bad]), { dry_run: true });
    expect(dry.problems).toEqual([
      expect.objectContaining({
        row: 2,
        column: 'Tanggal Lahir',
        message: 'Tanggal tidak valid (gunakan dd/MM/yyyy atau yyyy-MM-dd)',
      }),
    ]);
    const dryEn = await waitForJob(t, admin, dry.id).then(async () =>
      (await t.request(admin, { method: 'GET', url: `/api/imports/${dry.id}`, headers: EN })).json(),
    );
    expect(dryEn.problems).toEqual([
      expect.objectContaining({
        row: 2,
        column: 'Tanggal Lahir',
        message: 'Not a valid date (use dd/MM/yyyy or yyyy-MM-dd)',
      }),
    ]);

    const rejected = (headers: Record<string, string>) =>
      t.request(admin, { method: 'GET', url: `/api/imports/${dry.id}/rejected`, headers });
    const [headId, rowId] = (await rejected(ID)).body.replace(/^\uFEFF/, '').split('\r\n');
    expect(headId.endsWith(',Kesalahan')).toBe(true);
    expect(rowId).toContain('Baris 2: Tanggal Lahir: Tanggal tidak valid');
    const [headEn, rowEn] = (await rejected(EN)).body.replace(/^\uFEFF/, '').split('\r\n');
    expect(headEn.endsWith(',Problem')).toBe(true);
    expect(rowEn).toContain('Row 2: Tanggal Lahir: Not a valid date (use dd/MM/yyyy or yyyy-MM-dd)');
  });
});

describe("a library's own refusal", () => {
  it("reaches the caller in its language by its code or its status, never in the library's English", async () => {
    const app = Fastify();
    registerErrorHandler(app);
    registerAnswerLanguage(app);
    // As @fastify/multipart raises them: a code of its own and an English message.
    const libraryError = (code: string, message: string, statusCode: number) =>
      Object.assign(new Error(message), { code, statusCode });
    app.get('/files', async () => {
      throw libraryError('FST_FILES_LIMIT', 'reach files limit', 413);
    });
    app.get('/other', async () => {
      throw libraryError('FST_SOMETHING_NEW', 'some library words', 429);
    });
    const answer = async (url: string, headers: Record<string, string>) => {
      const res = await app.inject({ method: 'GET', url, headers });
      return [res.statusCode, res.json().message];
    };
    expect(await answer('/files', ID)).toEqual([413, 'Kirim satu berkas saja']);
    expect(await answer('/files', EN)).toEqual([413, 'Send one file only']);
    expect(await answer('/other', ID)).toEqual([429, 'Terlalu banyak permintaan. Silakan coba lagi nanti.']);
    expect(await answer('/other', EN)).toEqual([429, 'Too many requests. Please try again later.']);
    await app.close();
  });
});
