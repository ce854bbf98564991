/**
 * The change stream under load, on a city loaded by `npm run seed` on PostgreSQL:
 *
 *   DATABASE_URL=postgres://.../dkj_city npm run bench:realtime
 *   options: --streams 2000 --writes 50 --duration 20 --connections 16 --measured 100
 *
 * 1. One API process. The load bench's mix (bench/mix.ts: /auth/me, the first patients page, a
 *    search, the dashboard's figures) for --duration seconds beside a writer that updates the
 *    bench's own patients at --writes per second: its throughput without streams.
 * 2. --streams readers open GET /api/events (as the demo admin, who is told of every patient),
 *    the same mix and writer again: its throughput with them, the process's memory per open
 *    stream (resident memory before and after opening them), and the delay from a write's start
 *    to its event at the reader (p50/p99, read on --measured of the streams; the others take
 *    their frames and drop them).
 * 3. Two API processes behind HAProxy (deploy/haproxy.cfg, Debian's package; the bench says so
 *    and skips this when haproxy is missing): readers through HAProxy (spread over both), writes
 *    straight to one process and then the other; every reader must hear of every write.
 *
 * Budgets: p99 <= 1 s, throughput with streams >= 90 % of without, <= 50 KB per stream. The
 * bench's patients (created_by 'bench-realtime') and the outbox rows it made are removed after.
 */
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, signIn, startBenchServer, type RunningServer } from './harness.js';
import { newPatient } from './mix.js';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '2000' },
    writes: { type: 'string', default: '50' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '16' },
    measured: { type: 'string', default: '100' },
    // Keep the change stream's tables and triggers in the city (else removed with the bench's rows).
    'keep-schema': { type: 'boolean', default: false },
    password: { type: 'string', default: process.env.DEMO_PASSWORD ?? 'demo12345' },
  },
});
const STREAMS = Number(values.streams);
const WRITES = Number(values.writes);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const MEASURED = Number(values.measured);
const TAG = 'bench-realtime';
const BUDGET = { p99Ms: 1000, share: 0.9, kbPerStream: 50 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** The mix of the load bench as one autocannon run cycling its requests; its req/s. */
async function mix(base: string, token: string, seconds: number): Promise<{ rps: number; errors: number }> {
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
    headers: { authorization: `Bearer ${token}` },
    requests: [
      { method: 'GET', path: '/api/auth/me' },
      { method: 'GET', path: '/api/master/patients?page=1&limit=10' },
      { method: 'GET', path: '/api/master/patients?page=1&limit=10&search=budi' },
      { method: 'GET', path: '/api/dashboard/stats' },
    ],
  });
  return { rps: r.requests.average, errors: r.errors + r.timeouts + r.non2xx };
}

/** Open streams; `measured` of them note when each write's version arrives. */
class Readers {
  readonly arrivals = new Map<string, number[]>();
  private readonly requests: http.ClientRequest[] = [];
  opened = 0;

  async open(base: string, token: string, count: number, measured: number) {
    const url = new URL('/api/events', base);
    const every = Math.max(1, Math.floor(count / Math.max(1, measured)));
    const batch = 100;
    for (let i = 0; i < count; i += batch) {
      await Promise.all(
        Array.from({ length: Math.min(batch, count - i) }, (_, j) =>
          this.one(url, token, (i + j) % every === 0),
        ),
      );
    }
  }

  private one(url: URL, token: string, measure: boolean) {
    return new Promise<void>((resolve, reject) => {
      const req = http.get(url, { headers: { authorization: `Bearer ${token}` }, agent: false }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`stream: ${res.statusCode}`));
        this.opened++;
        resolve();
        if (!measure) return void res.on('data', () => undefined);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const at = performance.now();
          for (const m of chunk.matchAll(/"versions":\["(\d+)"/g)) {
            const list = this.arrivals.get(m[1]) ?? [];
            list.push(at);
            this.arrivals.set(m[1], list);
          }
        });
      });
      req.on('error', reject);
      this.requests.push(req);
    });
  }

  close() {
    for (const r of this.requests) r.destroy();
    this.requests.length = 0;
  }
}

/** Updates the bench's patients at `perSecond`, through `bases` in turn; each write's start by its version. */
async function writer(bases: string[], token: string, ids: number[], perSecond: number, seconds: number) {
  const started = new Map<string, number>();
  const answered = new Map<string, number>();
  const statuses: Record<string, number> = {};
  let failed = 0;
  const pending: Promise<void>[] = [];
  const t0 = performance.now();
  for (let i = 0; i < perSecond * seconds; i++) {
    const due = t0 + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const at = performance.now();
    pending.push(
      fetch(`${bases[i % bases.length]}/api/master/patients/${ids[i % ids.length]}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ full_name: `Pasien Langsung ${i}` }),
      })
        .then(async (res) => {
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status !== 200) return void failed++;
          const version = String(((await res.json()) as { version: string }).version);
          started.set(version, at);
          answered.set(version, performance.now());
        })
        .catch(() => void failed++),
    );
  }
  await Promise.all(pending);
  return { started, answered, failed, statuses };
}

/** Delays from write to arrival, over every measured reader and write; and writes never heard of. */
function delays(
  w: { started: Map<string, number>; answered: Map<string, number> },
  readers: Readers,
  expected: number,
) {
  const ms: number[] = [];
  const afterAnswer: number[] = [];
  let missing = 0;
  for (const [version, at] of w.started) {
    const got = readers.arrivals.get(version) ?? [];
    missing += Math.max(0, expected - got.length);
    for (const t of got) {
      ms.push(t - at);
      afterAnswer.push(t - w.answered.get(version)!);
    }
  }
  return {
    p50: pct(ms, 50),
    p99: pct(ms, 99),
    // From the write's answer (after its commit) rather than its start: the stream's own share.
    answerP50: pct(afterAnswer, 50),
    answerP99: pct(afterAnswer, 99),
    samples: ms.length,
    missing,
  };
}

async function benchPatients(base: string, token: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${base}/api/master/patients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...newPatient(), created_by: TAG }),
    });
    if (res.status !== 201) throw new Error(`bench patient: ${res.status} ${await res.text()}`);
    ids.push(((await res.json()) as { id: number }).id);
  }
  return ids;
}

/** Removes what the bench made: its patients, the outbox and tickets it filled. */
async function cleanUp(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`DELETE FROM patients WHERE created_by = $1`, [TAG]);
    if (values['keep-schema']) {
      await c.query('DELETE FROM change_outbox').catch(() => undefined);
      await c.query('DELETE FROM event_tickets').catch(() => undefined);
      return;
    }
    // The city goes back to the schema it had: other releases' servers keep starting on it.
    const { rows } = await c.query<{ tgname: string; rel: string }>(
      `SELECT t.tgname, c.relname AS rel FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE c.relnamespace = current_schema()::regnamespace AND t.tgname LIKE '%\\_changes\\_%'`,
    );
    for (const r of rows) await c.query(`DROP TRIGGER "${r.tgname}" ON "${r.rel}"`);
    await c.query(`DROP TRIGGER IF EXISTS role_menu_access_changes ON role_menu_access;
      DROP TRIGGER IF EXISTS sessions_ended ON sessions;
      DROP FUNCTION IF EXISTS change_outbox_capture(), change_outbox_menu(), sessions_ended_notify();
      DROP TABLE IF EXISTS change_outbox, event_tickets;
      DELETE FROM schema_migrations WHERE name = '035_change_stream.sql'`);
  } finally {
    await c.end();
  }
}

const settle = async (server: RunningServer) => {
  await sleep(3000);
  return server.rssMb();
};

async function oneProcess(url: string) {
  const server = await startBenchServer('.', { DATABASE_URL: url });
  try {
    const token = await signIn(server.base, 'admin@demo.local', values.password!);
    const ids = await benchPatients(server.base, token, 50);
    await mix(server.base, token, 3); // warm-up
    console.error(`without streams: the mix and ${WRITES} writes/s for ${DURATION} s`);
    const [without] = await Promise.all([
      mix(server.base, token, DURATION),
      writer([server.base], token, ids, WRITES, DURATION),
    ]);
    const rssBefore = await settle(server);
    const readers = new Readers();
    console.error(`opening ${STREAMS} streams`);
    await readers.open(server.base, token, STREAMS, MEASURED);
    const rssAfter = await settle(server);
    console.error(`with ${readers.opened} streams: the mix and ${WRITES} writes/s for ${DURATION} s`);
    const [withStreams, written] = await Promise.all([
      mix(server.base, token, DURATION),
      writer([server.base], token, ids, WRITES, DURATION),
    ]);
    await sleep(2000);
    const d = delays(
      written,
      readers,
      Math.ceil(readers.opened / Math.max(1, Math.floor(STREAMS / MEASURED))),
    );
    readers.close();
    return {
      without,
      withStreams,
      written,
      d,
      kbPerStream: ((rssAfter - rssBefore) * 1024) / readers.opened,
      opened: readers.opened,
    };
  } finally {
    await server.stop();
  }
}

function haproxyConfig(front: number, a: number, b: number, dir: string) {
  const text = readFileSync('deploy/haproxy.cfg', 'utf8')
    .replace('bind 127.0.0.1:8080', `bind 127.0.0.1:${front}`)
    .replace(/\nlisten stats[\s\S]*$/, '\n')
    .replace('server api1 127.0.0.1:3001', `server api1 127.0.0.1:${a}`)
    .replace('server api2 127.0.0.1:3002', `server api2 127.0.0.1:${b}`)
    .replace(/^\s*log stdout.*$/m, '    # no log: the bench does not read it');
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, text);
  return file;
}

async function twoProcesses(url: string) {
  if (spawnSync('haproxy', ['-v']).status !== 0) {
    console.log(
      '\nHAProxy is not installed (Debian: apt-get install -y haproxy): the two-process part is skipped.',
    );
    return undefined;
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'dkj-rt-'));
  const front = await freePort();
  const servers: RunningServer[] = [];
  let h: ReturnType<typeof spawn> | undefined;
  try {
    for (let i = 0; i < 2; i++)
      servers.push(await startBenchServer('.', { DATABASE_URL: url, TRUST_PROXY: '1' }));
    h = spawn(
      'haproxy',
      [
        '-db',
        '-f',
        haproxyConfig(
          front,
          Number(new URL(servers[0].base).port),
          Number(new URL(servers[1].base).port),
          tmp,
        ),
      ],
      { stdio: 'ignore' },
    );
    const lb = `http://127.0.0.1:${front}`;
    await sleep(2000);
    const token = await signIn(lb, 'admin@demo.local', values.password!);
    const ids = await benchPatients(lb, token, 20);
    const readers = new Readers();
    const count = Math.min(200, STREAMS);
    await readers.open(lb, token, count, count);
    const written = await writer(
      servers.map((s) => s.base),
      token,
      ids,
      20,
      5,
    );
    await sleep(2000);
    return { count: readers.opened, d: delays(written, readers, readers.opened), written };
  } finally {
    h?.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('Set DATABASE_URL to a city loaded by `npm run seed` on PostgreSQL.');
    return 2;
  }
  try {
    const one = await oneProcess(url);
    const two = await twoProcesses(url);
    const share = one.withStreams.rps / one.without.rps;
    console.log(
      `\nChange stream on ${os.cpus().length} CPUs (API, PostgreSQL and this load generator share them)`,
    );
    console.log(
      `streams open: ${one.opened}; writes: ${WRITES}/s for ${DURATION} s (${one.written.started.size} answered, ${one.written.failed} failed; statuses ${JSON.stringify(one.written.statuses)})`,
    );
    console.log('                                  value     budget');
    console.log(`write-to-event p50 (ms)      ${one.d.p50.toFixed(0).padStart(9)}`);
    console.log(`write-to-event p99 (ms)      ${one.d.p99.toFixed(0).padStart(9)}   <= ${BUDGET.p99Ms}`);
    console.log(`  from its answer p50 (ms)    ${one.d.answerP50.toFixed(0).padStart(9)}`);
    console.log(`  from its answer p99 (ms)    ${one.d.answerP99.toFixed(0).padStart(9)}`);
    console.log(
      `events not received          ${String(one.d.missing).padStart(9)}   0   (${one.d.samples} measured)`,
    );
    console.log(
      `memory per stream (KB)       ${one.kbPerStream.toFixed(1).padStart(9)}   <= ${BUDGET.kbPerStream}`,
    );
    console.log(
      `mix req/s without streams    ${one.without.rps.toFixed(0).padStart(9)}   (errors ${one.without.errors})`,
    );
    console.log(
      `mix req/s with streams       ${one.withStreams.rps.toFixed(0).padStart(9)}   (errors ${one.withStreams.errors})`,
    );
    console.log(
      `share                        ${(share * 100).toFixed(0).padStart(7)} %   >= ${BUDGET.share * 100} %`,
    );
    if (two)
      console.log(
        `two processes behind HAProxy: ${two.count} readers, ${two.written.started.size} writes through both; ` +
          `missing ${two.d.missing}, p50 ${two.d.p50.toFixed(0)} ms, p99 ${two.d.p99.toFixed(0)} ms ` +
          `(from the answer: p50 ${two.d.answerP50.toFixed(0)} ms, p99 ${two.d.answerP99.toFixed(0)} ms)`,
      );
    const ok =
      one.d.p99 <= BUDGET.p99Ms &&
      share >= BUDGET.share &&
      one.kbPerStream <= BUDGET.kbPerStream &&
      one.d.missing === 0 &&
      (!two || two.d.missing === 0);
    console.log(ok ? 'within budget' : 'OVER BUDGET');
    return ok ? 0 : 1;
  } finally {
    await cleanUp(url);
  }
}

process.exitCode = await main();
