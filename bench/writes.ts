/**
 * Writes at city size, over HTTP on loopback, with the rollup triggers on:
 *
 *   DATABASE_URL=postgres://.../dkj_bench npm run bench:writes     (a city loaded by `npm run seed`)
 *   options: --runs 200 --concurrency 4 --server-dir <checkout>
 *
 * Starts the server on the database, signs in as the demo admin and measures, with
 * `concurrency` clients, `runs` of each: creating a patient, updating it (PATCH with its
 * version), creating an appointment for that patient at a facility of the city, and updating
 * the appointment's doctor and queue number; then, through the facility API of a sandbox
 * facility made for the run (one doctor, one day), registering a patient and booking. Prints
 * p50/p95/max per write and the share of 2xx answers. Budget: p95 <= 50 ms for each, every
 * answer 2xx. Removes what it wrote at the end (patients created_by 'bench-writes', their
 * appointments, the sandbox). Exit code 1 when over budget.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { signIn, startBenchServer } from './harness.js';
import { newPatient } from './mix.js';
import { makeBenchSandbox, REMOVE_BENCH_SANDBOXES } from './sandbox.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '4' },
    'server-dir': { type: 'string' },
    password: { type: 'string', default: process.env.DEMO_PASSWORD ?? 'demo12345' },
  },
});
const RUNS = Number(values.runs);
const C = Number(values.concurrency);
const BUDGET_P95_MS = 50;
const CREATED_BY = 'bench-writes';
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/dkj_bench';

interface Timed {
  ms: number[];
  ok: number;
  statuses: Record<string, number>;
}

/** `RUNS` calls of fn by `C` clients; fn answers the HTTP status. */
async function timed(fn: (i: number) => Promise<number>): Promise<Timed> {
  const ms: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  let ok = 0;
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (next < RUNS) {
        const i = next++;
        const t0 = performance.now();
        const status = await fn(i);
        ms.push(performance.now() - t0);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status >= 200 && status < 300) ok++;
      }
    }),
  );
  ms.sort((a, b) => a - b);
  return { ms, ok, statuses };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function cleanUp(client: pg.Client) {
  await client.query(`DELETE FROM appointments WHERE created_by = $1`, [CREATED_BY]);
  await client.query(`DELETE FROM patients WHERE created_by = $1`, [CREATED_BY]);
  for (const sql of REMOVE_BENCH_SANDBOXES) await client.query(sql);
}

async function main(): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await cleanUp(client);
  const { rows: stats } = await client.query<{ patients: string; appointments: string }>(
    `SELECT (SELECT reltuples::bigint FROM pg_class WHERE relname = 'patients') AS patients,
            (SELECT reltuples::bigint FROM pg_class WHERE relname = 'appointments') AS appointments`,
  );
  const { rows: facilities } = await client.query<{ id: number }>(
    `SELECT id FROM medical_facilities ORDER BY id LIMIT 20`,
  );
  if (!facilities.length) throw new Error('no medical facility: load the city with `npm run seed` first');

  const server = await startBenchServer(values['server-dir'] ?? '.', {
    DATABASE_URL: databaseUrl,
    DEMO_PASSWORD: values.password,
    SIMULATION_RATE_LIMIT_PER_MINUTE: '0',
  });
  try {
    const token = await signIn(server.base, 'admin@demo.local', values.password!);
    const call = async (method: string, url: string, body: object, headers: Record<string, string> = {}) => {
      const res = await fetch(`${server.base}${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      const json = (await res.json().catch(() => ({}))) as Record<string, any>;
      return { status: res.status, json, etag: res.headers.get('etag') ?? undefined };
    };

    const patients: { id: number; nik: string; name: string; etag?: string }[] = new Array(RUNS);
    const appointments: { id: number; etag?: string }[] = new Array(RUNS);
    const results: [string, Timed][] = [];
    results.push([
      'create a patient',
      await timed(async (i) => {
        const p = { ...newPatient(), full_name: `Pasien Uji Tulis ${i}`, created_by: CREATED_BY };
        const r = await call('POST', '/api/master/patients', p);
        patients[i] = { id: r.json.id, nik: p.identity_number, name: p.full_name, etag: r.etag };
        return r.status;
      }),
    ]);
    results.push([
      'update the patient',
      await timed(async (i) => {
        const p = patients[i];
        const r = await call(
          'PATCH',
          `/api/master/patients/${p.id}`,
          { phone_number: `0812${String(i).padStart(8, '0')}` },
          p.etag ? { 'if-match': p.etag } : {},
        );
        return r.status;
      }),
    ]);
    results.push([
      'create an appointment',
      await timed(async (i) => {
        const p = patients[i];
        const r = await call('POST', '/api/master/appointments', {
          nik: p.nik,
          name: p.name,
          scheduled_date: new Date(Date.UTC(2026, 11, 1 + (i % 28), 2)).toISOString(),
          medical_facility_id: facilities[i % facilities.length].id,
          poly_code: 'UMU',
          poly_name: 'Umum',
          health_insurance: 'BPJS',
          created_by: CREATED_BY,
          start_time: '09:00',
          end_time: '10:00',
        });
        appointments[i] = { id: r.json.id, etag: r.etag };
        return r.status;
      }),
    ]);
    results.push([
      'update the appointment',
      await timed(async (i) => {
        const a = appointments[i];
        const r = await call(
          'PATCH',
          `/api/master/appointments/${a.id}`,
          { doctor_name: 'dr. Uji Tulis', queue_number: (i % 50) + 1 },
          a.etag ? { 'if-match': a.etag } : {},
        );
        return r.status;
      }),
    ]);
    // A booking through the facility API: a sandbox facility with one doctor and room for every
    // booking on one day (so the bookings meet on one queue), its patients registered first.
    const superadmin = await signIn(server.base, 'superadmin@demo.local', values.password!);
    const sandbox = await makeBenchSandbox(server.base, superadmin, RUNS);
    const niks = sandbox.niks(RUNS);
    const facilityCall = async (url: string, body: object) => {
      const res = await fetch(`${server.base}/api/simulation${url}`, {
        method: 'POST',
        headers: { 'x-api-key': sandbox.key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      return res.status;
    };
    results.push([
      'register (facility API)',
      await timed((i) =>
        facilityCall('/v1/patient', {
          nik: niks[i],
          name: `Bench Tulis ${i}`,
          gender: 'L',
          dateOfBirth: '1980-03-04',
        }),
      ),
    ]);
    results.push([
      'book (facility API)',
      await timed((i) =>
        facilityCall('/v1/appointment', {
          poly_name: 'Umum',
          date: sandbox.date,
          doctor_id: sandbox.doctorId,
          id_type: 'KTP',
          id_number: niks[i],
        }),
      ),
    ]);

    console.log(
      `\nwrites on ${new URL(databaseUrl).pathname.slice(1)} (about ${Number(stats[0].patients).toLocaleString('en')} patients, ` +
        `${Number(stats[0].appointments).toLocaleString('en')} appointments), ${RUNS} each by ${C} clients, ${os.cpus().length} CPUs\n`,
    );
    console.log('write                     p50 ms   p95 ms   max ms   2xx        statuses');
    const failures: string[] = [];
    for (const [name, t] of results) {
      const p95 = pct(t.ms, 95);
      console.log(
        `${name.padEnd(24)}${pct(t.ms, 50).toFixed(1).padStart(8)}${p95.toFixed(1).padStart(9)}` +
          `${t.ms[t.ms.length - 1].toFixed(1).padStart(9)}   ${`${t.ok}/${RUNS}`.padEnd(10)} ${JSON.stringify(t.statuses)}`,
      );
      if (p95 > BUDGET_P95_MS) failures.push(`${name}: p95 ${p95.toFixed(1)} ms > ${BUDGET_P95_MS} ms`);
      if (t.ok < RUNS) failures.push(`${name}: ${RUNS - t.ok} answers not 2xx`);
    }
    console.log(failures.length ? `\nOver budget:\n  ${failures.join('\n  ')}` : '\nAll within budget.');
    return failures.length ? 1 : 0;
  } finally {
    await server.stop();
    await cleanUp(client);
    await client.end();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
