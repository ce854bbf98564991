/**
 * The facility API under load, over HTTP, on PostgreSQL with two server processes.
 *
 *   DATABASE_URL=postgres://.../dkj_sim npm run bench:simulation   (an empty database of its own)
 *   options: --patients 400 --concurrency 16
 *
 * Starts two servers on the database (the first start loads a small demo city and the demo
 * sandbox), makes a sandbox facility with one doctor whose schedule has room for every patient,
 * registers `patients` patients through POST /v1/patient, then measures, with `concurrency`
 * clients spread over both servers: patient lookups by NIK, quota reads, and one booking per
 * patient for the same doctor and day. Checks that the queue numbers are exactly 1..patients
 * and prints p50/p95/max and throughput per call.
 */
import { parseArgs } from 'node:util';
import { signIn, startServer } from './harness.js';
import { makeBenchSandbox } from './sandbox.js';
import { isoDayOfWeek } from '../src/domain/sandbox.js';

const { values } = parseArgs({
  options: { patients: { type: 'string', default: '400' }, concurrency: { type: 'string', default: '16' } },
});
const N = Number(values.patients);
const C = Number(values.concurrency);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function pool<T>(
  count: number,
  fn: (i: number) => Promise<T>,
): Promise<{ ms: number[]; wall: number; out: T[] }> {
  const ms: number[] = [];
  const out: T[] = new Array(count);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        out[i] = await fn(i);
        ms.push(performance.now() - t0);
      }
    }),
  );
  return { ms: ms.sort((a, b) => a - b), wall: performance.now() - started, out };
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('Set DATABASE_URL to an empty PostgreSQL database of its own.');
    return 2;
  }
  const env = { DATABASE_URL: databaseUrl, DEMO_PATIENTS: '1000', SIMULATION_RATE_LIMIT_PER_MINUTE: '0' };
  const first = await startServer(process.cwd(), env);
  const second = await startServer(process.cwd(), env);
  const servers = [first.base, second.base];
  try {
    const admin = await signIn(first.base, 'superadmin@demo.local', process.env.DEMO_PASSWORD ?? 'demo12345');
    const call = async (
      base: string,
      method: string,
      url: string,
      body?: object,
      headers: Record<string, string> = {},
    ) => {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const sandbox = await makeBenchSandbox(first.base, admin, N);
    const h = { 'x-api-key': sandbox.key };
    const doctor = { id: sandbox.doctorId };
    const niks = sandbox.niks(N);
    const date = sandbox.date;

    const rows: [string, { ms: number[]; wall: number }][] = [];
    const register = await pool(N, (i) =>
      call(
        servers[i % 2],
        'POST',
        '/api/simulation/v1/patient',
        { nik: niks[i], name: `Bench ${i}`, gender: 'L', dateOfBirth: '1980-03-04' },
        h,
      ),
    );
    if (register.out.some((r) => r.status !== 201)) throw new Error('registration failed');
    rows.push(['POST /v1/patient', register]);
    rows.push([
      'GET /v1/patient/KTP/{nik}',
      await pool(N, (i) =>
        call(servers[i % 2], 'GET', `/api/simulation/v1/patient/KTP/${niks[i]}`, undefined, h),
      ),
    ]);
    rows.push([
      'GET /v1/appointment/quota',
      await pool(N, (i) =>
        call(servers[i % 2], 'GET', `/api/simulation/v1/appointment/quota/Umum/${date}`, undefined, h),
      ),
    ]);
    const booking = await pool(N, (i) =>
      call(
        servers[i % 2],
        'POST',
        '/api/simulation/v1/appointment',
        { poly_name: 'Umum', date, doctor_id: doctor.id, id_type: 'KTP', id_number: niks[i] },
        h,
      ),
    );
    rows.push(['POST /v1/appointment (1 doctor-day)', booking]);
    const numbers = booking.out
      .filter((r) => r.status === 201)
      .map((r) => r.body.response.queue_number)
      .sort((a: number, b: number) => a - b);
    const contiguous = numbers.length === N && numbers.every((n: number, i: number) => n === i + 1);

    console.log(
      `\nFacility API, ${N} calls each, ${C} clients over 2 server processes, PostgreSQL (day of week ${isoDayOfWeek(date)})\n`,
    );
    console.log('| call | p50 ms | p95 ms | max ms | calls/s |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    for (const [name, r] of rows)
      console.log(
        `| ${name} | ${pct(r.ms, 50).toFixed(1)} | ${pct(r.ms, 95).toFixed(1)} | ${r.ms.at(-1)!.toFixed(1)} | ${((r.ms.length / r.wall) * 1000).toFixed(0)} |`,
      );
    console.log(
      `\nBookings: ${numbers.length}/${N} succeeded; queue numbers 1..${N} without gap or duplicate: ${contiguous ? 'yes' : 'NO'}`,
    );
    return contiguous ? 0 : 1;
  } finally {
    await first.stop();
    await second.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
