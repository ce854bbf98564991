/**
 * Every write the console makes carries If-Match (2 of 2): the sandbox screens the declarations
 * put in the menu, walked like the master-data ones (if-match-screens.test.ts), and the
 * hand-made pages that change a stored record: the gateway configuration's edit, activate and
 * delete, and the menu role manager's save and restore (it deletes nothing: no such button).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKIP_E2E, eventually, startE2E, type E2E } from './harness';
import { SCREENS, answer, isWrite, walkScreen, walker, type Walker } from './if-match-walk';

describe.skipIf(SKIP_E2E)('every sandbox and configuration write carries If-Match (e2e)', () => {
  let e2e: E2E;
  let w: Walker;
  beforeAll(async () => {
    e2e = await startE2E({ patients: 12 });
    w = await walker(e2e);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  // Dependents first: a sandbox patient saved after its facility's sandbox record is gone is refused.
  for (const { decl, path } of SCREENS.filter((s) => !s.path.startsWith('/master/')).reverse())
    it(`${path}: the edit dialog's save and the delete are conditional on the version stored`, () =>
      walkScreen(w, decl, path));

  it('the gateway configuration: edit, activate and delete, each on the version stored', async () => {
    const { page, writes } = w;
    const connections = async () =>
      (await e2e.api(w.token, '/api/admin/domain/connections')).body.connections as Record<string, any>[];
    const [conn] = await connections();
    const created = await e2e.api(w.token, '/api/admin/domain', {
      method: 'POST',
      body: JSON.stringify({
        facility_code: 'IFMATCH',
        connection_id: conn.connection_id,
        target_production_url: 'https://ifmatch.example/api',
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const stored = async () => String((await connections()).find((c) => c.id === created.body.id)!.version);
    const from = writes.length;
    const expected: string[] = [];

    await page.goto('/master/domain-config');
    const row = page.getByRole('row').filter({ hasText: '/api/gateway/IFMATCH' });
    expected.push(`PUT "${await stored()}"`);
    await row.getByRole('button', { name: `Edit ${conn.facility_name}` }).click();
    const saving = answer(page.waitForResponse(isWrite('PUT')));
    await page.getByRole('dialog').getByRole('button', { name: 'Simpan' }).click();
    expect((await saving).status).toBe(200);
    await page.getByText('Konfigurasi gateway disimpan').waitFor();

    expected.push(`PATCH "${await stored()}"`);
    const activating = answer(page.waitForResponse(isWrite('PATCH')));
    await row.getByRole('button', { name: 'Activate' }).click();
    expect((await activating).status).toBe(200);
    await row.getByText('Aktif & Terkonfigurasi').waitFor();

    expected.push(`DELETE "${await stored()}"`);
    await row.getByRole('button', { name: /^Hapus/ }).click();
    const deleting = answer(page.waitForResponse(isWrite('DELETE')));
    await page.getByRole('dialog').getByRole('button', { name: 'Hapus' }).click();
    expect((await deleting).status).toBe(200);
    await eventually(() => row.count()).toBe(0);

    const base = `/api/admin/domain/${created.body.id}`;
    expect(writes.slice(from).map((x) => x.path)).toEqual([base, `${base}/activate`, base]);
    expect(writes.slice(from).map((x) => `${x.method} ${x.ifMatch}`)).toEqual(expected);
  });

  it('the menu role manager: save and restore on the matrix version stored; nothing to delete', async () => {
    const { page } = w;
    const version = async () => String((await e2e.api(w.token, '/api/admin/menu-access')).body.version);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/admin/menu-access') && r.method() !== 'GET')
        sent.push(`${r.method()} ${r.headers()['if-match']}`);
    });
    const expected: string[] = [];

    await page.goto('/menu-role-manager');
    await page.getByRole('tab', { name: 'Staf', exact: true }).click();
    const toggle = page.getByTestId('menu-access-list').getByRole('switch', { name: 'Kesehatan Mental' });
    await toggle.click();
    expected.push(`PUT "${await version()}"`);
    await page.getByRole('button', { name: 'Simpan' }).click();
    await page.getByText('Akses menu berhasil disimpan').waitFor();

    expected.push(`POST "${await version()}"`);
    await page.getByRole('button', { name: 'Pulihkan Default' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pulihkan' }).click();
    await page.getByText('Akses menu dikembalikan ke default').waitFor();
    expect(sent).toEqual(expected);
    expect(await page.getByRole('button', { name: /Hapus/ }).count()).toBe(0);
  });
});
