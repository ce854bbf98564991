/**
 * Master list latency over HTTP at city scale: every kind of list request a user makes.
 *
 *   DATABASE_URL=postgres://... npm run bench:lists      (a database loaded by `npm run seed`)
 *   npm run bench:lists -- --pglite [--patients 100000]   (a fresh embedded city of that size)
 *   options: --runs 50 --warmup 5 --server-dir <checkout>
 *   --export: download the whole master patients export instead, and print rows, time and the
 *   server's RSS before it and its peak during it (the export streams: memory must not grow with
 *   the rows; budget 300 MiB).
 *
 * Starts the real server as its own process, signs in as the demo admin and calls each request
 * `runs` times one after another: first page, page 1,000, a common search term, a NIK prefix,
 * a term with no match, each filter and each sort of master patients and master appointments
 * (5M rows at the 1M city). Prints p50/p95 and
 * the total the list reported, against the budget (p95 <= 50 ms on PostgreSQL, <= 150 ms on
 * PGlite). Exit code 1 when over budget.
 */
import { parseArgs } from 'node:util';
import { signIn, startBenchServer } from './harness.js';
import { RESOURCES } from '../src/resources/index.js';

const EXPORT_RSS_BUDGET_MB = 300;

const { values } = parseArgs({
  options: {
    pglite: { type: 'boolean', default: false },
    patients: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    'server-dir': { type: 'string' },
    export: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const warmup = Number(values.warmup);

/**
 * Search terms per resource: two common names (at 11M, tens to hundreds of thousands of
 * matches), a prefix of a number, and one that matches nothing.
 */
const TERMS: Record<string, { common: string[]; prefix: string }> = {
  'master/patients': { common: ['budi', 'ade'], prefix: '3171010' },
  'master/appointments': { common: ['siti', 'budi'], prefix: '3171010' },
};

function requestsFor(name: string) {
  const decl = RESOURCES.find((r) => r.name === name)!;
  const base = `/api/${name}?limit=10`;
  const terms = TERMS[name] ?? { common: ['a'], prefix: '1' };
  const out: [string, string][] = [
    ['first page', `${base}&page=1`],
    ['page 1,000', `${base}&page=1000`],
    ...terms.common.map((term): [string, string] => [`search '${term}'`, `${base}&search=${term}`]),
    [`search '${terms.prefix}'`, `${base}&search=${terms.prefix}`],
    [`search 'zzqx' (no match)`, `${base}&search=zzqx`],
  ];
  const sample: Record<string, string> = {
    gender: 'P',
    insurance: 'BPJS',
    health_insurance: 'BPJS',
    medical_facility_id: '5',
    // Demo facility parameters (src/server/seed/facility-integration.ts): a few facilities have them.
    param_type: 'POLI',
    param_value: 'UMU',
  };
  for (const f of decl.filters) out.push([`filter ${f}`, `${base}&${f}=${sample[f] ?? '1'}`]);
  for (const s of decl.sortable ?? []) {
    out.push([`sort ${s} ASC`, `${base}&sort=${s}&order=ASC`]);
    out.push([`sort ${s} DESC`, `${base}&sort=${s}&order=DESC`]);
  }
  return out;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  const pglite = values.pglite;
  const databaseUrl = pglite ? undefined : process.env.DATABASE_URL;
  if (!pglite && !databaseUrl) {
    console.error('Set DATABASE_URL to a database loaded by `npm run seed`, or pass --pglite.');
    return 2;
  }
  const budget = pglite ? 150 : 50;
  const server = await startBenchServer(values['server-dir'] ?? '.', {
    DATABASE_URL: databaseUrl,
    DEMO_PATIENTS: pglite ? values.patients : undefined,
  });
  try {
    const token = await signIn(server.base, 'admin@demo.local', process.env.DEMO_PASSWORD ?? 'demo12345');
    const headers = { authorization: `Bearer ${token}` };
    if (values.export) {
      // The export's own peak: not the start's or the sign-in's (Argon2id takes 19 MiB a hash).
      const idle = server.rssMb();
      server.resetPeakRss();
      const start = performance.now();
      const res = await fetch(`${server.base}/api/master/patients/export`, { headers });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
      }
      console.log(
        `export: status ${res.status}, ${(lines - 1).toLocaleString('en-US')} rows, ${(bytes / 1e6).toFixed(0)} MB in ` +
          `${((performance.now() - start) / 1000).toFixed(1)} s; server RSS ${idle.toFixed(0)} MiB before it, ` +
          `peak ${server.peakRssMb().toFixed(0)} MiB during it (budget ${EXPORT_RSS_BUDGET_MB} MiB)`,
      );
      return res.status === 200 && server.peakRssMb() <= EXPORT_RSS_BUDGET_MB ? 0 : 1;
    }
    const rows: {
      resource: string;
      name: string;
      p50: number;
      p95: number;
      total: string;
      status: number;
    }[] = [];
    for (const name of Object.keys(TERMS)) {
      for (const [label, url] of requestsFor(name)) {
        const times: number[] = [];
        let status = 0;
        let total = '';
        for (let i = 0; i < warmup + runs; i++) {
          const start = performance.now();
          const res = await fetch(server.base + url, { headers });
          const body = (await res.json()) as { pagination?: { total: number; estimated?: boolean } };
          if (i >= warmup) times.push(performance.now() - start);
          status = res.status;
          if (body.pagination)
            total = `${body.pagination.estimated ? '~' : ''}${body.pagination.total.toLocaleString('en-US')}`;
        }
        times.sort((a, b) => a - b);
        rows.push({ resource: name, name: label, p50: pct(times, 50), p95: pct(times, 95), total, status });
      }
    }
    console.log(
      `\n${pglite ? `PGlite (${values.patients} patients)` : 'PostgreSQL (DATABASE_URL)'}: ${runs} calls each after ${warmup} warm-up, over HTTP; budget p95 <= ${budget} ms\n`,
    );
    console.log(`${'resource'.padEnd(21)}${'request'.padEnd(30)}  p50 ms   p95 ms  status  total`);
    let failed = 0;
    for (const r of rows) {
      const ok = r.p95 <= budget && r.status < 500;
      if (!ok) failed++;
      console.log(
        `${r.resource.padEnd(21)}${r.name.padEnd(30)}${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)}  ${String(r.status).padStart(6)}  ${r.total.padEnd(12)} ${ok ? 'PASS' : 'FAIL'}`,
      );
    }
    console.log(failed ? `\n${failed} over budget.` : '\nAll within budget.');
    return failed ? 1 : 0;
  } finally {
    await server.stop();
  }
}

process.exitCode = await main();
