/**
 * Crash safety of the real server process, on PGlite (a data directory) and on PostgreSQL:
 * a write answered 2xx survives `kill -9` a moment later, the data opens cleanly after it,
 * and SIGTERM finishes the request in flight before the process exits.
 */
import { afterAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { dbTargets } from './helper';
import { ADMIN, scratchDatabase, startServer } from './server-process';
import { makeNik } from '../../src/domain/nik';

async function call(base: string, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function signIn(base: string) {
  const res = await call(base, 'POST', '/api/auth/login', undefined, ADMIN);
  expect(res.status).toBe(200);
  return res.body.token as string;
}

let seq = 100;
const patient = (name: string) => ({
  full_name: name,
  identity_type: 'KTP',
  identity_number: makeNik('31.71.01', '1988-03-09', 'L', seq++),
  place_of_birth: 'Jakarta',
  date_of_birth: '1988-03-09',
  gender: 'L',
  marital_status: 'Menikah',
  created_by: 'tester',
  insurance: 'Umum',
  phone_number: '081234567890',
});

describe.each(dbTargets())('crash safety of the server process (%s)', (kind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
  });

  const database = () => scratchDatabase(kind, cleanups);

  it('keeps an acknowledged create and update after kill -9, and reopens cleanly', async () => {
    const env = await database();
    const first = await startServer(env);
    cleanups.push(async () => void first.child.kill('SIGKILL'));
    const token = await signIn(first.base);

    const created = await call(
      first.base,
      'POST',
      '/api/master/patients',
      token,
      patient('Siti Tahan Banting'),
    );
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const updated = await call(first.base, 'PUT', `/api/master/patients/${id}`, token, {
      ...patient('Siti Tahan Banting'),
      identity_number: created.body.identity_number,
      phone_number: '089876543210',
    });
    expect(updated.status).toBe(200);
    const another = await call(first.base, 'POST', '/api/master/patients', token, patient('Rudi Terakhir'));
    expect(another.status).toBe(201);
    // The moment the last answer arrived: no graceful anything.
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();

    const second = await startServer(env);
    cleanups.push(async () => void second.child.kill('SIGKILL'));
    const token2 = await signIn(second.base);
    const a = await call(second.base, 'GET', `/api/master/patients/${id}`, token2);
    expect(a.status).toBe(200);
    expect(a.body.phone_number).toBe('089876543210');
    const b = await call(second.base, 'GET', `/api/master/patients/${another.body.id}`, token2);
    expect(b.status).toBe(200);
    expect(b.body.full_name).toBe('Rudi Terakhir');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 240_000);

  it('on SIGTERM finishes the request in flight, stops taking new ones and exits 0', async () => {
    const env = await database();
    const server = await startServer(env);
    cleanups.push(async () => void server.child.kill('SIGKILL'));
    const token = await signIn(server.base);
    const body = JSON.stringify(patient('Ani Dalam Perjalanan'));
    const { port } = new URL(server.base);

    // Send the headers and half the body, signal, then the rest: the request is in flight.
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: Number(port),
          method: 'POST',
          path: '/api/master/patients',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 20));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(20)), 300);
      }, 200);
    });
    const res = await answer;
    expect(res.status).toBe(201);
    expect(await server.exited).toBe(0);
    // Closed for new requests.
    await expect(fetch(`${server.base}/api/health`)).rejects.toThrow();

    const again = await startServer(env);
    cleanups.push(async () => void again.child.kill('SIGKILL'));
    const token2 = await signIn(again.base);
    const found = await call(again.base, 'GET', `/api/master/patients/${JSON.parse(res.body).id}`, token2);
    expect(found.body.full_name).toBe('Ani Dalam Perjalanan');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 240_000);
});
