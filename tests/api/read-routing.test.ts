/**
 * Read replicas (DATABASE_READ_URL), on the test PostgreSQL without a second cluster: the
 * "replica" is the same server reached through its own connections (application_name
 * dkj-api-read, read-only sessions), through a TCP relay the test can cut, or behind a probe
 * the test answers for. Which requests go where, the lag and down fallbacks with their system
 * log lines, the return after recovery, and read-your-writes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/server/db/db';
import { loadConfig } from '../../src/server/config';
import { sqlProbe, type ProbeResult, type ReplicaProbe } from '../../src/server/db/replicas';
import { makeNik } from '../../src/domain/nik';
import { startTestApp, DEMO_EMAILS, type TestApp } from './helper';

const url = process.env.TEST_DATABASE_URL;
const postgres = url ? describe : describe.skip;
const base = loadConfig({}, { secretKey: 'x' }).db;
/** No background checks: each test checks when it means to. */
const NEVER = 3_600_000;

/** Test routes that tell which connection their statements ran on, and a slow heavy read. */
function whereRoutes(app: FastifyInstance, db: Db) {
  app.get('/api/test/sleep-heavy', { config: { access: 'authenticated', work: 'heavy' } }, async () => {
    await db.query('SELECT pg_sleep(1.5)');
    return { slept: true };
  });
  const app_name = `current_setting('application_name') AS app`;
  for (const work of ['heavy', 'light'] as const) {
    app.get(`/api/test/where-${work}`, { config: { access: 'authenticated', work } }, async () => {
      const read = await db.query<{ app: string }>(`SELECT ${app_name}`);
      const inTx = await db.transaction((tx) => tx.query<{ app: string }>(`SELECT ${app_name}`));
      const readOnlyTx = await db.transaction((tx) => tx.query<{ app: string }>(`SELECT ${app_name}`), {
        readOnly: true,
      });
      const write = await db.query<{ app: string }>(
        `UPDATE rollup_state SET stale = stale RETURNING ${app_name}`,
      );
      return {
        read: read.rows[0].app,
        transaction: inTx.rows[0].app,
        readOnlyTransaction: readOnlyTx.rows[0].app,
        write: write.rows[0].app,
      };
    });
  }
}

let seq = 700;
const patient = (full_name: string) => ({
  full_name,
  identity_type: 'KTP',
  identity_number: makeNik('31.71.01', '1990-05-17', 'P', seq++),
  place_of_birth: 'Jakarta',
  date_of_birth: '1990-05-17',
  gender: 'P',
  marital_status: 'Menikah',
  created_by: 'tester',
});

/** A TCP relay to the test PostgreSQL on a port of its own, that the test can cut and restore. */
class Relay {
  port = 0;
  private server?: net.Server;
  private sockets = new Set<net.Socket>();
  constructor(private readonly target: { host: string; port: number }) {}
  async open() {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('error', () => undefined);
        s.on('close', () => this.sockets.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => this.server!.listen(this.port, '127.0.0.1', r));
    this.port = (this.server.address() as net.AddressInfo).port;
  }
  /** No new connections; those open stay (close's callback would wait for them). */
  refuseNew() {
    this.server?.close();
  }
  async cut() {
    for (const s of this.sockets) s.destroy();
    await new Promise((r) => this.server?.close(r));
  }
}

const replicaUrl = (port: number) => {
  const u = new URL(url ?? 'postgres://x@127.0.0.1:5432/x');
  u.port = String(port);
  return u.toString();
};

postgres('read replicas (postgres)', () => {
  let t: TestApp;
  let admin: string;
  /** What the probe answers; undefined: it asks the "replica" by SQL. */
  let answer: (() => ProbeResult) | undefined;
  const probe: ReplicaProbe = (r, ms) => (answer ? Promise.resolve(answer()) : sqlProbe(r, ms));

  beforeAll(async () => {
    t = await startTestApp('postgres', {
      config: { db: { ...base, readUrls: [url!], readCheckMs: NEVER } },
      db: { readUrls: [url!], readCheckMs: NEVER, readProbe: probe },
      routes: whereRoutes,
    });
    admin = await t.login(DEMO_EMAILS.admin);
  });
  afterAll(() => t?.close());
  afterEach(() => (answer = undefined));

  const where = async (work: 'heavy' | 'light', token = admin) =>
    (await t.request(token, { method: 'GET', url: `/api/test/where-${work}` })).json();
  const served = () => ({ ...t.db.reads!.served });
  const replicaName = () => t.db.reads!.replicas[0].name;
  const systemLogs = async (like: string) => {
    await t.app.logs.flush();
    const { rows } = await t.db.query<{ level: string; message: string }>(
      `SELECT level, message FROM system_logs WHERE message LIKE $1 ORDER BY id`,
      [`%${like}%`],
    );
    return rows;
  };

  it('sends heavy reads to the replica; light work, writes and write transactions to the primary', async () => {
    await t.db.reads!.check();
    expect(await where('heavy')).toEqual({
      read: 'dkj-api-read',
      transaction: 'dkj-api',
      readOnlyTransaction: 'dkj-api-read',
      write: 'dkj-api',
    });
    expect(await where('light')).toEqual({
      read: 'dkj-api',
      transaction: 'dkj-api',
      readOnlyTransaction: 'dkj-api',
      write: 'dkj-api',
    });
  });

  it('routes the real screens: searches, dashboards, logs and exports to the replica; sign-in and first pages not', async () => {
    await t.db.reads!.check();
    const replica = replicaName();
    const count = async (
      method: 'GET' | 'POST',
      path: string,
      payload?: object,
      token: string | null = admin,
    ) => {
      const before = served();
      const res = await t.request(token, { method, url: path, payload });
      expect(res.statusCode).toBeLessThan(300);
      const after = served();
      return { replica: after[replica] - before[replica], primary: after.primary - before.primary };
    };
    for (const heavy of [
      '/api/master/patients?page=1&limit=10&search=a',
      '/api/master/patients?page=1&limit=10&sort=full_name&order=ASC',
      '/api/dashboard/stats',
      '/api/logs/system?page=1&limit=10',
      '/api/master/patients/export',
    ]) {
      const c = await count('GET', heavy);
      expect({ heavy, ...c }).toMatchObject({ heavy, primary: 0 });
      expect(c.replica).toBeGreaterThan(0);
    }
    for (const light of ['/api/auth/me', '/api/master/patients?page=1&limit=10']) {
      expect(await count('GET', light)).toEqual({ replica: 0, primary: 0 });
    }
    const login = { email: DEMO_EMAILS.staff, password: t.config.demoPassword };
    expect(await count('POST', '/api/auth/login', login, null)).toEqual({ replica: 0, primary: 0 });
  });

  it('skips a replica lagging past DB_READ_MAX_LAG_MS with a warning, and takes it back with one info line', async () => {
    const name = replicaName();
    answer = () => ({ lsn: 'FFFFFFFF/0', lagMs: base.readMaxLagMs + 2000 });
    await t.db.reads!.check();
    expect((await where('heavy')).read).toBe('dkj-api');
    const health = await t.request(null, { method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json().replicas).toEqual([
      {
        name: 'replica-1',
        up: true,
        lag_ms: base.readMaxLagMs + 2000,
        in_use: false,
        heavy_reads: expect.any(Number),
      },
    ]);
    answer = () => ({ lsn: 'FFFFFFFF/0', lagMs: 40 });
    await t.db.reads!.check();
    expect((await where('heavy')).read).toBe('dkj-api-read');
    await t.db.reads!.check(); // still fine: nothing more to say
    expect(await systemLogs(`Replika baca ${name}`)).toEqual([
      {
        level: 'WARNING',
        message: `Replika baca ${name} dilewati: tertinggal ${base.readMaxLagMs + 2000} ms (batas ${base.readMaxLagMs} ms); bacaannya ke primary`,
      },
      { level: 'INFO', message: `Replika baca ${name} dipakai lagi (tertinggal 40 ms)` },
    ]);
  });

  it("reads a session's own write at once: from the primary until the replica has replayed it", async () => {
    answer = undefined;
    await t.db.reads!.check();
    const other = await t.login(DEMO_EMAILS.super_admin);
    expect((await where('heavy')).read).toBe('dkj-api-read');

    const name = `Wulan Baca Tulis ${seq}`;
    const created = await t.request(admin, {
      method: 'POST',
      url: '/api/master/patients',
      payload: patient(name),
    });
    expect(created.statusCode).toBe(201);
    // The replica was last seen before this write: the writer's heavy reads go to the primary
    // and find the row; a session that did not write keeps reading from the replica.
    expect((await where('heavy')).read).toBe('dkj-api');
    const search = await t.request(admin, {
      method: 'GET',
      url: `/api/master/patients?page=1&limit=10&search=${encodeURIComponent(name)}`,
    });
    expect(search.json().data.map((p: { full_name: string }) => p.full_name)).toEqual([name]);
    expect((await where('heavy', other)).read).toBe('dkj-api-read');

    // Once the replica has replayed past the write, the writer reads from it again.
    await t.db.reads!.check();
    expect((await where('heavy')).read).toBe('dkj-api-read');
  });
});

postgres('a read replica that is down (postgres)', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
  });
  const start = async (readUrl: string) => {
    const t = await startTestApp('postgres', {
      patients: 5,
      db: { readUrls: [readUrl], readCheckMs: NEVER },
      routes: whereRoutes,
    });
    apps.push(t);
    return { t, token: await t.login(DEMO_EMAILS.admin) };
  };
  const heavyRead = async (t: TestApp, token: string) => {
    const res = await t.request(token, { method: 'GET', url: '/api/test/where-heavy' });
    expect(res.statusCode).toBe(200);
    return res.json().read as string;
  };

  it('sends heavy reads to the primary when the replica cannot be reached, and says so', async () => {
    const { t, token } = await start('postgres://postgres:postgres@127.0.0.1:1/none');
    expect(await heavyRead(t, token)).toBe('dkj-api');
    const health = await t.request(null, { method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({
      status: 'ok',
      // The test route's plain read and read-only transaction, both on the primary.
      primary: { up: true, heavy_reads: 2 },
      replicas: [{ name: 'replica-1', up: false, lag_ms: null, in_use: false, heavy_reads: 0 }],
      maintenance: { running: false, tasks: [] },
    });
    await t.app.logs.flush();
    const { rows } = await t.db.query<{ level: string; message: string }>(
      `SELECT level, message FROM system_logs WHERE message LIKE 'Replika baca 127.0.0.1:1/none%'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].level).toBe('WARNING');
    expect(rows[0].message).toMatch(/dilewati: tidak terjangkau \(.+\); bacaannya ke primary$/);
  });

  it('keeps serving when a client goes while its read runs on a replica that takes no new connection', async () => {
    const target = new URL(url!);
    const relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
    await relay.open();
    const { t, token } = await start(replicaUrl(relay.port));
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as net.AddressInfo;
    const gone = new AbortController();
    const call = fetch(`http://127.0.0.1:${port}/api/test/sleep-heavy`, {
      headers: { authorization: `Bearer ${token}` },
      signal: gone.signal,
    }).catch((e: Error) => e);
    await new Promise((r) => setTimeout(r, 400)); // the read runs on the replica
    relay.refuseNew();
    gone.abort(); // its cancel request cannot reach the replica
    expect(await call).toBeInstanceOf(Error);
    await new Promise((r) => setTimeout(r, 300));
    expect((await t.request(null, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(await heavyRead(t, token)).toBe('dkj-api');
    await relay.cut();
  });

  it('loses no read when the replica goes between checks, and uses it again once it is back', async () => {
    const target = new URL(url!);
    const relay = new Relay({ host: target.hostname, port: Number(target.port || 5432) });
    await relay.open();
    const { t, token } = await start(replicaUrl(relay.port));
    expect(await heavyRead(t, token)).toBe('dkj-api-read');

    await relay.cut(); // the replica's pooled connections break; the next read meets it
    expect(await heavyRead(t, token)).toBe('dkj-api');
    expect(await heavyRead(t, token)).toBe('dkj-api');
    await t.db.reads!.check();
    expect(t.db.reads!.status()[0]).toMatchObject({ up: false, in_use: false });

    await relay.open(); // back on the same port
    await t.db.reads!.check();
    expect(t.db.reads!.status()[0]).toMatchObject({ up: true, in_use: true });
    expect(await heavyRead(t, token)).toBe('dkj-api-read');
    await t.app.logs.flush();
    const { rows } = await t.db.query<{ level: string }>(
      `SELECT level FROM system_logs WHERE message LIKE $1 ORDER BY id`,
      [`Replika baca 127.0.0.1:${relay.port}/%`],
    );
    expect(rows.map((r) => r.level)).toEqual(['WARNING', 'INFO']);
    await relay.cut();
  });
});
