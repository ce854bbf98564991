/**
 * Import of a patient register over HTTP, at city scale.
 *
 *   npm run bench:import                                  (1,000,000 patients on PostgreSQL)
 *   npm run bench:import -- --pglite --rows 100000        (on a fresh embedded PGlite)
 *   options: --rows N, --database-url postgres://.../<db> (default: BENCH_IMPORT_DATABASE_URL,
 *   else the local dkj_import_bench), --bad-every 100 (one bad row in that many), --server-dir,
 *   --into-existing (import into the database as it is: a copy of the 1M city made for the run,
 *   `createdb -T dkj_bench dkj_import_city`, dropped after it; a second run needs a new copy)
 *
 * The PostgreSQL database named is dropped and made anew (never point it at a database you
 * keep), unless --into-existing. Writes a CSV of N patients made by the demo city's generators (names, addresses,
 * valid NIKs whose sequence numbers start at 9001, so none meets a demo patient), starts the
 * real server as its own process, uploads the file as the demo admin and polls the job. Then
 * the same file again (every row unchanged, 0 new), and the file with one row in `bad-every`
 * broken in turn (a NIK that disagrees with the gender, a date that does not exist, an unknown
 * insurance): every one of them must come back in the rejected-rows file with its row number.
 * Prints each run's time, rows/s, the CPU seconds of the server and of the database backends
 * serving it (on a machine shared with other work the time waits for CPU; the CPU figures say
 * what the import itself costs) and the server's RSS before and at its peak, against the budgets
 * (PostgreSQL 1M in <= 90 s with server RSS <= 400 MB; PGlite 100k in <= 60 s, where the
 * database lives in the server process). Exit code 1 when over.
 */
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { signIn, startServer, type RunningServer } from './harness.js';
import { makeNik } from '../src/domain/nik.js';
import { Rng } from '../src/server/seed/random.js';
import { KAB_NAME, KECAMATAN, W, personName, phone, street } from '../src/server/seed/generate.js';
import { kelurahanByKecamatan } from '../src/server/seed/city-data.js';
import { csvField } from '../src/server/resources/export.js';
import { DEFAULT_DEMO_PASSWORD } from '../src/server/config.js';

const { values } = parseArgs({
  options: {
    pglite: { type: 'boolean', default: false },
    rows: { type: 'string' },
    'database-url': { type: 'string' },
    'bad-every': { type: 'string', default: '100' },
    'server-dir': { type: 'string' },
    'into-existing': { type: 'boolean', default: false },
  },
});
const rows = Number(values.rows ?? (values.pglite ? 100_000 : 1_000_000));
const badEvery = Number(values['bad-every']);
const dbUrl =
  values['database-url'] ??
  process.env.BENCH_IMPORT_DATABASE_URL ??
  'postgres://postgres:postgres@127.0.0.1:5432/dkj_import_bench';
const budget = values.pglite ? { rows: 100_000, seconds: 60 } : { rows: 1_000_000, seconds: 90 };
const RSS_BUDGET_MB = 400;

const HEADERS = [
  'Nama Lengkap', 'Jenis Identitas', 'Nomor Identitas', 'Kewarganegaraan', 'Tempat Lahir', 'Tanggal Lahir',
  'Jenis Kelamin', 'Status Pernikahan', 'Agama', 'Golongan Darah', 'Pekerjaan', 'Alamat', 'RT', 'RW',
  'Kelurahan/Desa', 'Kecamatan', 'Kabupaten/Kota', 'Provinsi', 'Kode Pos', 'Nomor Telepon', 'Asuransi',
  'Fasilitas Kesehatan',
]; // prettier-ignore
const BROKEN = ['gender', 'date', 'insurance'] as const;

/** Patient i's cells: the same for the same i in every file (the second run finds them unchanged). */
function patientRow(i: number, kelurahan: Map<string, string[]>, facilities: string[]): string[] {
  const rng = new Rng(20260601, 'import-bench', i);
  const kec = KECAMATAN[i % KECAMATAN.length];
  const gender: 'L' | 'P' = Math.floor(i / KECAMATAN.length) % 2 ? 'P' : 'L';
  // A distinct NIK per row: kecamatan, gender and birth day vary together over i.
  const slot = Math.floor(i / (KECAMATAN.length * 2));
  const born = new Date(Date.UTC(1940, 0, 1) + (slot % 30000) * 86400000);
  const dob = born.toISOString().slice(0, 10);
  const name = personName(rng, gender);
  const village = rng.pick(kelurahan.get(kec.code)!);
  return [
    name.full,
    'KTP',
    makeNik(kec.code, dob, gender, 9001 + Math.floor(slot / 30000)),
    'WNI',
    W.birthCity.draw(rng),
    `${dob.slice(8, 10)}/${dob.slice(5, 7)}/${dob.slice(0, 4)}`,
    gender,
    rng.chance(0.5) ? 'Menikah' : 'Belum Menikah',
    W.religion.draw(rng),
    W.blood.draw(rng),
    W.occupation.draw(rng),
    `${street(rng, village)} No. ${rng.int(1, 200)}`,
    String(rng.int(1, 15)).padStart(3, '0'),
    String(rng.int(1, 12)).padStart(3, '0'),
    village,
    kec.name,
    KAB_NAME.get(kec.parent_code!)!,
    'DKI Jakarta',
    `1${String(rng.int(0, 9999)).padStart(4, '0')}`,
    phone(rng),
    W.insurance.draw(rng),
    facilities[i % facilities.length],
  ];
}

/** Breaks a row in one of three ways (by its number). */
function breakRow(cells: string[], n: number): string[] {
  const out = [...cells];
  const how = BROKEN[Math.floor(n / badEvery) % BROKEN.length];
  if (how === 'gender') out[6] = out[6] === 'L' ? 'P' : 'L';
  if (how === 'date') out[5] = '31/02/1990';
  if (how === 'insurance') out[20] = 'Jamkesda Lama';
  return out;
}

/** Writes the CSV (streamed: never the whole file in memory); `bad`: break every badEvery-th row. */
async function writeFile(file: string, facilities: string[], bad: boolean): Promise<number[]> {
  const kelurahan = kelurahanByKecamatan();
  const out = createWriteStream(file);
  const broken: number[] = [];
  out.write(`\uFEFF${HEADERS.map(csvField).join(',')}\r\n`);
  let chunk = '';
  for (let i = 0; i < rows; i++) {
    let cells = patientRow(i, kelurahan, facilities);
    const n = i + 1; // the data row number
    if (bad && n % badEvery === 0) {
      cells = breakRow(cells, n);
      broken.push(n + 1); // the spreadsheet's line, as the server names it (header = line 1)
    }
    chunk += `${cells.map(csvField).join(',')}\r\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
  return broken;
}

async function freshDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || name === 'dkj_bench') throw new Error(`refusing database ${name}`);
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

interface Run {
  label: string;
  seconds: number;
  job: Record<string, any>;
  rssMb: number;
  rssBeforeMb: number;
  /** CPU seconds the server and the database's backends spent on the run. */
  serverCpu: number;
  dbCpu: number;
}

/** CPU seconds (user + system) a process has used, or 0 when it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of the server process and of the PostgreSQL backends serving its database, as
 * last seen in `seen` (the import's own connections come and go with the job: each poll notes
 * them, so that their CPU counts once they have gone).
 */
async function cpuNow(
  server: RunningServer,
  seen = new Map<number, number>(),
): Promise<{ server: number; backends: Map<number, number> }> {
  if (!values.pglite) {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    const { rows } = await c.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    await c.end();
    for (const { pid } of rows) seen.set(pid, Math.max(seen.get(pid) ?? 0, cpuSeconds(pid)));
  }
  return { server: cpuSeconds(server.child.pid!), backends: seen };
}

/** The server's resident memory now (VmRSS), in MiB. */
function currentRssMb(server: RunningServer): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.child.pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

async function importOnce(server: RunningServer, token: string, file: string, label: string): Promise<Run> {
  server.resetPeakRss();
  const rssBeforeMb = currentRssMb(server);
  const cpuBefore = await cpuNow(server);
  const started = performance.now();
  const res = await fetch(
    `${server.base}/api/master/patients/import?file_name=${encodeURIComponent(path.basename(file))}`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: createReadStream(file) as any,
      duplex: 'half',
    } as RequestInit,
  );
  if (res.status !== 202) throw new Error(`${label}: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: number };
  let job: Record<string, any>;
  const seen = new Map<number, number>();
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    await cpuNow(server, seen);
    job = (await (
      await fetch(`${server.base}/api/imports/${id}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Record<string, any>;
    if (!['queued', 'running'].includes(job.status)) break;
  }
  const seconds = (performance.now() - started) / 1000;
  // The database's CPU: each backend's now, less what it had used before the run.
  const after = await cpuNow(server, seen);
  let dbCpu = 0;
  for (const [pid, cpu] of after.backends) dbCpu += cpu - (cpuBefore.backends.get(pid) ?? 0);
  return {
    label,
    seconds,
    job,
    rssMb: server.peakRssMb(),
    rssBeforeMb,
    serverCpu: after.server - cpuBefore.server,
    dbCpu,
  };
}

/** The row numbers the rejected-rows file reports ('Baris N: ...' in its last column). */
async function rejectedRowNumbers(server: RunningServer, token: string, id: number): Promise<number[]> {
  const text = await (
    await fetch(`${server.base}/api/imports/${id}/rejected`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).text();
  return [...text.matchAll(/Baris (\d+):/g)].map((m) => Number(m[1]));
}

async function main() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dkj-import-bench-'));
  const env: Record<string, string> = { DEMO_PATIENTS: '1000', DATA_DIR: path.join(dir, 'data') };
  if (!values.pglite) {
    if (!values['into-existing']) await freshDatabase(dbUrl);
    else if (new URL(dbUrl).pathname === '/dkj_bench') throw new Error('import into a copy of dkj_bench');
    env.DATABASE_URL = dbUrl;
  } else env.DATABASE_URL = '';
  console.log(`Starting the server (${values.pglite ? 'PGlite' : dbUrl.replace(/\/\/[^@]*@/, '//')}) ...`);
  const server = await startServer(values['server-dir'] ?? process.cwd(), env);
  try {
    const token = await signIn(
      server.base,
      'admin@demo.local',
      process.env.DEMO_PASSWORD || DEFAULT_DEMO_PASSWORD,
    );
    const facilities = (
      (await (
        await fetch(`${server.base}/api/master/medical-facilities?limit=50`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { data: { name: string }[] }
    ).data.map((f) => f.name);
    const good = path.join(dir, 'pasien.csv');
    const bad = path.join(dir, 'pasien-1persen-salah.csv');
    const t = performance.now();
    await writeFile(good, facilities, false);
    const broken = await writeFile(bad, facilities, true);
    console.log(
      `Wrote two files of ${rows.toLocaleString('en')} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    const runs = [
      await importOnce(server, token, good, 'first import'),
      await importOnce(server, token, good, 'same file again'),
      await importOnce(server, token, bad, `1 in ${badEvery} rows bad`),
    ];
    const reported = await rejectedRowNumbers(server, token, runs[2].job.id);
    const problemRows = [...new Set((runs[2].job.problems as { row: number }[]).map((p) => p.row))];

    console.log(
      '\n| run | status | rows | new | updated | unchanged | rejected | time (s) | rows/s | server CPU (s) | database CPU (s) | server RSS before (MB) | server RSS peak (MB) |',
    );
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of runs) {
      const j = r.job;
      console.log(
        `| ${r.label} | ${j.status} | ${j.rows_read} | ${j.rows_inserted} | ${j.rows_updated} | ${j.rows_unchanged} | ${j.rows_rejected} | ${r.seconds.toFixed(1)} | ${Math.round(j.rows_read / r.seconds)} | ${r.serverCpu.toFixed(1)} | ${values.pglite ? '-' : r.dbCpu.toFixed(1)} | ${r.rssBeforeMb.toFixed(0)} | ${r.rssMb.toFixed(0)} |`,
      );
    }
    const same = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
    const scaled = (runs[0].seconds * budget.rows) / rows;
    const checks: [string, boolean][] = [
      [
        `first import: every row new (${rows})`,
        runs[0].job.rows_inserted === rows && runs[0].job.status === 'done',
      ],
      [
        `${budget.rows.toLocaleString('en')} rows within ${budget.seconds} s (this run scaled: ${scaled.toFixed(1)} s)`,
        scaled <= budget.seconds,
      ],
      [
        'same file again: 0 new, every row unchanged',
        runs[1].job.rows_inserted === 0 && runs[1].job.rows_unchanged === rows,
      ],
      [`bad file: ${broken.length} rows rejected`, runs[2].job.rows_rejected === broken.length],
      ['every bad row in the rejected-rows file with its row number', same(reported, broken)],
      [
        'the first 1,000 problems name the first bad rows',
        same(problemRows, broken.slice(0, problemRows.length)),
      ],
      // With PGlite the database itself lives in the server process: the budget is PostgreSQL's.
      ...(values.pglite
        ? []
        : [
            [
              `server RSS peak <= ${RSS_BUDGET_MB} MB`,
              Math.max(...runs.map((r) => r.rssMb)) <= RSS_BUDGET_MB,
            ] as [string, boolean],
          ]),
    ];
    console.log('');
    for (const [what, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
    if (checks.some(([, ok]) => !ok)) process.exitCode = 1;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
