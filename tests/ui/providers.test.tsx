import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../../src/app/providers/dataProvider';
import { authProvider, LOGIN_FAILED, NETWORK_ERROR } from '../../src/app/providers/authProvider';
import { childResourceOf } from '../../src/app/resources/screen-paths';
import { facilityParams } from '../../src/resources/facility-params';

type Call = { url: string; init: RequestInit };
let calls: Call[];
let respond: (call: Call) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  calls = [];
  localStorage.clear();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call = { url, init: { ...init, headers: init.headers ?? (input as Request).headers } };
    calls.push(call);
    return respond(call);
  });
});
afterEach(() => vi.unstubAllGlobals());

const header = (call: Call, name: string) => new Headers(call.init.headers).get(name);

describe('dataProvider', () => {
  it('sends page, limit, search and filters, and reads {data, pagination}', async () => {
    localStorage.setItem('token', 'tok-123');
    respond = () =>
      json(200, { data: [{ id: 7, full_name: 'Siti' }], pagination: { total: 31, totalPages: 4 } });
    const result = await dataProvider.getList('master/patients', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { q: 'siti', gender: 'P', insurance: '' },
    });
    expect(result).toEqual({ data: [{ id: 7, full_name: 'Siti' }], total: 31 });
    const url = new URL(calls[0].url, 'http://x');
    expect(url.pathname).toBe('/api/master/patients');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      limit: '10',
      sort: 'created_at',
      order: 'DESC',
      search: 'siti',
      gender: 'P',
    });
    expect(header(calls[0], 'Authorization')).toBe('Bearer tok-123');
  });

  it("rejects with the server's error field and its field errors", async () => {
    respond = () =>
      json(400, {
        error: 'Data tidak valid: identity_number: NIK harus 16 digit angka',
        errors: { identity_number: 'NIK harus 16 digit angka' },
      });
    const failure = await dataProvider
      .create('master/patients', { data: { identity_number: '123' } })
      .catch((e: any) => e);
    expect(failure.message).toBe('Data tidak valid: identity_number: NIK harus 16 digit angka');
    expect(failure.status).toBe(400);
    expect(failure.body.errors).toEqual({ identity_number: 'NIK harus 16 digit angka' });
  });

  it('fetches several records in one call by ids', async () => {
    respond = () => json(200, { data: [{ id: 1 }, { id: 2 }], pagination: { total: 2, totalPages: 1 } });
    const result = await dataProvider.getMany('admin/medical-facilities', { ids: [1, 2] });
    expect(result.data).toHaveLength(2);
    expect(new URL(calls[0].url, 'http://x').searchParams.get('ids')).toBe('1,2');
  });
});

describe('dataProvider deletes', () => {
  it('send DELETE with no body and no Content-Type (the API refuses text/plain with 415)', async () => {
    localStorage.setItem('token', 'tok-123');
    respond = () => json(200, { id: 7, full_name: 'Siti' });
    const result = await dataProvider.delete('master/patients', {
      id: 7,
      previousData: { id: 7, full_name: 'Siti' },
    });
    expect(result).toEqual({ data: { id: 7, full_name: 'Siti' } });
    expect(calls).toHaveLength(1);
    expect(calls[0].init.method).toBe('DELETE');
    expect(new URL(calls[0].url, 'http://x').pathname).toBe('/api/master/patients/7');
    expect(calls[0].init.body ?? null).toBeNull();
    expect(header(calls[0], 'Content-Type')).toBeNull();
    expect(header(calls[0], 'Authorization')).toBe('Bearer tok-123');

    calls = [];
    await expect(dataProvider.deleteMany('master/patients', { ids: [1, 2] })).resolves.toEqual({
      data: [1, 2],
    });
    expect(calls.map((c) => [c.init.method, header(c, 'Content-Type')])).toEqual([
      ['DELETE', null],
      ['DELETE', null],
    ]);
  });
});

describe("a child resource's records (a facility's parameters)", () => {
  it('are read and written below their parent, each update and delete on the version shown', async () => {
    const resource = childResourceOf(facilityParams, 12);
    respond = (call) =>
      json(200, call.init.method ? { id: 5, version: '8' } : [{ id: 5, type: 'POLI', version: '7' }]);
    const list = await dataProvider.getList(resource, {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(list).toEqual({ data: [{ id: 5, type: 'POLI', version: '7' }], total: 1 });
    await dataProvider.update(resource, {
      id: 5,
      data: { id: 5, type: 'POLI', version: '7' },
      previousData: { id: 5, type: 'POLI', version: '7' },
    });
    await dataProvider.delete(resource, { id: 5, previousData: { id: 5, version: '8' } });
    expect(
      calls.map((c) => [c.init.method ?? 'GET', new URL(c.url, 'http://x').pathname, header(c, 'If-Match')]),
    ).toEqual([
      ['GET', '/api/master/medical-facilities/12/params', null],
      ['PUT', '/api/master/medical-facilities/12/params/5', '"7"'],
      ['DELETE', '/api/master/medical-facilities/12/params/5', '"8"'],
    ]);
  });
});

describe('authProvider', () => {
  it('stores token and user on success', async () => {
    respond = () =>
      json(200, {
        token: 'abc',
        user: { id: 1, email: 'admin@demo.local', full_name: 'Admin Demo', role: 'admin', username: 'admin' },
      });
    await authProvider.login({ email: 'admin@demo.local', password: 'x' });
    expect(localStorage.getItem('token')).toBe('abc');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ name: 'Admin Demo', role: 'admin' });
  });

  it("shows the server's error text, else 'Login failed', and a network message", async () => {
    respond = () => json(401, { error: 'Email atau password salah' });
    await expect(authProvider.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow(
      'Email atau password salah',
    );
    respond = () => json(500, {});
    await expect(authProvider.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow(LOGIN_FAILED);
    respond = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(authProvider.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow(NETWORK_ERROR);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("signs in in the console's language, so its refusals come back in it", async () => {
    respond = () => json(401, { error: 'Wrong email or password' });
    await expect(authProvider.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow();
    expect(header(calls[0], 'Accept-Language')).toBe('id');
    localStorage.setItem('RaStore.locale', '"en"');
    await expect(authProvider.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow(
      'Wrong email or password',
    );
    expect(header(calls[1], 'Accept-Language')).toBe('en');
  });

  it('logout revokes the session on the server and clears storage', async () => {
    localStorage.setItem('token', 'abc');
    localStorage.setItem('user', '{}');
    respond = () => json(200, { message: 'ok' });
    expect(await authProvider.logout({})).toBe('/login');
    expect(calls[0].url).toBe('/api/auth/logout');
    expect(header(calls[0], 'Authorization')).toBe('Bearer abc');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('allows a path only when the role lists it (or it is the dashboard)', async () => {
    localStorage.setItem('token', 'abc');
    respond = () =>
      json(200, { id: 3, role: 'staff', menus: ['/dashboard', '/patients'], medical_facility_id: null });
    expect(await authProvider.canAccess!({ resource: 'patients', action: 'list' })).toBe(true);
    expect(await authProvider.canAccess!({ resource: 'master/patients', action: 'list' })).toBe(false);
  });

  it("asks again when the server is busy, rather than hiding what the role may do; a refused session is 'no'", async () => {
    localStorage.setItem('token', 'busy');
    let answers = 0;
    respond = () =>
      ++answers === 1
        ? json(503, { error: 'Server sibuk' })
        : json(200, { id: 3, role: 'admin', menus: ['/master/poli'], medical_facility_id: null });
    expect(await authProvider.canAccess!({ resource: 'master/poli', action: 'delete' })).toBe(true);
    expect(answers).toBe(2);
    localStorage.setItem('token', 'refused');
    respond = () => json(401, { error: 'Sesi berakhir' });
    expect(await authProvider.canAccess!({ resource: 'master/poli', action: 'delete' })).toBe(false);
    expect(calls.filter((c) => header(c, 'Authorization') === 'Bearer refused')).toHaveLength(1);
  });
});
