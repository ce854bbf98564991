/**
 * The load bench's requests (bench/load.ts), shared with the scale-out bench: one autocannon
 * run and its figures, the scenarios (/api/auth/me, the first patients page, a search, every
 * /api/dashboard/* route, a create) and the table they are printed in.
 */
import autocannon from 'autocannon';
import { makeNik } from '../src/domain/nik.js';

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests the client gave up on (no answer within autocannon's 10 s timeout). */
  timeouts: number;
  statuses: Record<string, number>;
}

/** One autocannon run; `errors` counts network errors, timeouts and non-2xx answers. */
export async function load(name: string, opts: autocannon.Options & { url: string }): Promise<LoadResult> {
  const statuses: Record<string, number> = {};
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ timeout: 10, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    instance.on('response', (_client, statusCode) => {
      statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    });
  });
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    timeouts: r.timeouts,
    statuses,
  };
}

let nikSeq = Math.floor(Math.random() * 9000);
/** A valid new patient: a NIK of Kota Bandung, so it never collides with the Jakarta city. */
export function newPatient() {
  const year = 1950 + Math.floor(Math.random() * 50);
  const dob = `${year}-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}-${String(
    1 + Math.floor(Math.random() * 28),
  ).padStart(2, '0')}`;
  const gender = Math.random() < 0.5 ? 'L' : 'P';
  return {
    full_name: 'Pasien Uji Beban',
    identity_type: 'KTP',
    identity_number: makeNik('32.73.01', dob, gender, (nikSeq++ % 9999) + 1),
    place_of_birth: 'Bandung',
    date_of_birth: dob,
    gender,
    marital_status: 'Belum Menikah',
    created_by: 'bench',
  };
}

export function printTable(results: LoadResult[], reference?: number) {
  const width = Math.max(...results.map((r) => r.name.length), 8);
  console.log(
    `${'scenario'.padEnd(width)}   req/s   p50 ms   p99 ms   errors${reference ? '   share of /auth/me' : ''}   statuses`,
  );
  for (const r of results) {
    const share = reference ? `${((r.rps / reference) * 100).toFixed(0)} %`.padStart(19) : '';
    console.log(
      `${r.name.padEnd(width)} ${r.rps.toFixed(0).padStart(7)} ${r.p50.toFixed(0).padStart(8)} ${r.p99
        .toFixed(0)
        .padStart(8)} ${String(r.errors).padStart(8)}${share}   ${JSON.stringify(r.statuses)}`,
    );
  }
}

export type Scenario = [string, autocannon.Options & { url: string }];

/** The load bench's scenarios against the server at `base`, signed in with `headers`. */
export function loadScenarios(base: string, headers: Record<string, string>): Scenario[] {
  return [
    ['me', { url: `${base}/api/auth/me`, headers }],
    ['list', { url: `${base}/api/master/patients?page=1&limit=10`, headers }],
    ['search', { url: `${base}/api/master/patients?page=1&limit=10&search=budi`, headers }],
    ...DASHBOARDS.map((d): Scenario => [`dashboard/${d}`, { url: `${base}/api/dashboard/${d}`, headers }]),
    [
      'create',
      {
        url: `${base}/api/master/patients`,
        headers: { ...headers, 'content-type': 'application/json' },
        requests: [
          {
            method: 'POST',
            path: '/api/master/patients',
            setupRequest: (req) => ({ ...req, body: JSON.stringify(newPatient()) }),
          },
        ],
      },
    ],
  ];
}

export const DASHBOARDS = [
  'stats',
  'appointments-by-date',
  'medical-facilities',
  'patient-demographics',
  'emergency-reports',
  'mental-health',
  'geographic',
];
