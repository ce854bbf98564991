/**
 * 'Setel Password Sementara' for a web admin, against the real server (its calls answered by
 * the Fastify app through inject): shown to a super admin only, the password rules by the
 * field, and once set the owner's sign-in asks for a change.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, memoryStore } from 'react-admin';
import { i18nProvider } from '../../src/app/providers/i18nProvider';
import {
  randomTemporaryPassword,
  TemporaryPasswordButton,
} from '../../src/app/layout/account/TemporaryPasswordButton';
import { storeSession } from '../../src/app/providers/session';
import { useMe } from '../../src/app/layout/useMe';
import { startTestApp, DEMO_EMAILS, type TestApp } from '../api/helper';

let t: TestApp;
let adminId: number;

beforeAll(async () => {
  t = await startTestApp('pglite', { patients: 5 });
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM web_admins WHERE email = $1', [
    DEMO_EMAILS.admin,
  ]);
  adminId = rows[0].id;
  // The console's calls reach the server under test.
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const res = await t.app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: String(url),
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      payload: init.body as string | undefined,
    });
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  });
}, 60_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await t?.close();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

async function signInAs(email: string) {
  const token = await t.login(email);
  storeSession(token, { id: 0, email, name: email, role: '', username: '' });
  return token;
}

/** The role the console read from /api/auth/me, shown so a test knows the profile is in. */
function Role() {
  const { data } = useMe();
  return <span data-testid="role">{data?.effective_role}</span>;
}

const renderButton = () =>
  render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore()}>
      <Role />
      <TemporaryPasswordButton record={{ id: adminId, email: DEMO_EMAILS.admin, full_name: 'Admin Demo' }} />
    </AdminContext>,
  );

describe('the temporary password button', () => {
  it('is not offered to an admin who is not a super admin', async () => {
    await signInAs(DEMO_EMAILS.admin);
    renderButton();
    // The profile is read, and the button stays away.
    await waitFor(() => expect(screen.getByTestId('role').textContent).toBe('admin'));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("sets the password under the rules, and the owner's next sign-in must change it", async () => {
    await signInAs(DEMO_EMAILS.super_admin);
    const owner = await t.login(DEMO_EMAILS.admin);
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Setel Password Sementara' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Setel Password Sementara untuk Admin Demo',
    });
    const field = within(dialog).getByLabelText(/^Password sementara/) as HTMLInputElement;

    fireEvent.change(field, { target: { value: 'pendek' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Setel' }));
    expect(await within(dialog).findByText('Minimal 8 karakter')).toBeTruthy();

    // The server's own rule, by the field.
    fireEvent.change(field, { target: { value: 'password123' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Setel' }));
    expect(
      await within(dialog).findByText('Password ini terlalu umum dan mudah ditebak. Pilih yang lain.'),
    ).toBeTruthy();

    // A generated one is shown in clear, to be passed on.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buat Acak' }));
    const generated = within(dialog).getByLabelText(/^Password sementara/) as HTMLInputElement;
    expect(generated.type).toBe('text');
    expect(generated.value).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{2}$/);
    const chosen = generated.value;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Setel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The owner's sessions ended; the new password signs in and must be changed first.
    expect((await t.request(owner, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const login = await t.request(null, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_EMAILS.admin, password: chosen },
    });
    expect(login.json().password_change_required).toBe(true);
  });

  it('generates passwords of letters and digits that are told apart, different each time', () => {
    const seen = new Set(Array.from({ length: 50 }, randomTemporaryPassword));
    expect(seen.size).toBe(50);
    for (const p of seen) expect(p).not.toMatch(/[01OIl]/);
  });
});
