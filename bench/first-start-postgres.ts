/**
 * A restart on a big PostgreSQL database that lacks a big list index and whose rollups a bulk
 * load left stale (`npm run bench:first-start -- --postgres postgres://.../dkj_bench`, the 1M
 * city of `npm run bench`): the appointments' trigram search index is dropped and the rollups are
 * marked stale, then the server is started and timed until /api/health answers 200, until the
 * first list page, a search and the dashboard answer, and until the server itself has built the
 * index and rebuilt the rollups behind them. Budget: health within 15 s. The database is left as
 * it was found (complete and fresh): checked at the end, and completed here should a run stop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, signIn } from './harness.js';
import { RESOURCES } from '../src/resources/index.js';
import { ensureListIndexes, listIndexes, listIndexPlan } from '../src/server/resources/indexes.js';
import { rebuildStaleRollups, staleRollups } from '../src/server/maintenance/rollups.js';
import { openDb, type Db } from '../src/server/db/db.js';
import { migrate } from '../src/server/db/migrate.js';

const BUDGET_S = 15;
const appointments = RESOURCES.find((d) => d.table === 'appointments')!;
const SEARCH_INDEX = listIndexes(appointments).find((i) => i.name.includes('_list_search_'))!;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const s = (ms: number) => (ms / 1000).toFixed(1).padStart(8);

/** Whether every list index is there and valid, and no rollup is stale. */
async function complete(db: Db) {
  for (const decl of RESOURCES) {
    const plan = await listIndexPlan(db, decl);
    if (plan.drop.length || plan.build.length || plan.retarget.length) return false;
  }
  const pending = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM performance_pending');
  return (await staleRollups(db)).length === 0 && pending.rows[0].n === 0;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function timed(base: string, token: string, url: string) {
  const t = performance.now();
  const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t };
}

export async function firstStartOnPostgres(url: string): Promise<number> {
  const db = await openDb({ databaseUrl: url }); // no statement deadline: the checks and repairs below
  let child: ChildProcess | undefined;
  try {
    await migrate(db); // a restart: nothing new to apply when the server starts
    const patients = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM patients')).rows[0].n;
    if (!(await complete(db)))
      throw new Error('the database lacks list indexes or has stale rollups already');
    const word = (
      await db.query<{ w: string }>(`SELECT split_part(name, ' ', 1) AS w FROM appointments LIMIT 1`)
    ).rows[0].w;
    const lastLog = (
      await db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM system_logs')
    ).rows[0].id;
    await db.exec(`DROP INDEX ${SEARCH_INDEX.name}; UPDATE rollup_state SET stale = true, rebuilt = '{}'`);
    console.log(
      `\nRestart on PostgreSQL with ${patients.toLocaleString('en')} patients, ${SEARCH_INDEX.name} dropped, rollups stale\n`,
    );

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const started = performance.now();
    const at = () => performance.now() - started;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    let health: { maintenance?: { tasks: string[] } } = {};
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server ended:\n${out}`);
      if (at() > 120_000) throw new Error(`no answer after 120 s:\n${out}`);
      const res = await fetch(`${base}/api/health`).catch(() => null);
      if (res?.status === 200) {
        health = await res.json();
        break;
      }
      await sleep(50);
    }
    const rows: [string, number, string][] = [
      ['/api/health 200', at(), (health.maintenance?.tasks ?? []).join('; ')],
    ];
    const token = await signIn(base, 'admin@demo.local', process.env.DEMO_PASSWORD ?? 'demo12345');
    rows.push(['signed in', at(), '']);
    for (const [what, path] of [
      ['first list page (appointments)', '/api/master/appointments?page=1&limit=10'],
      ['dashboard stats', '/api/dashboard/stats'],
      ['appointments by date', '/api/dashboard/appointments-by-date'],
      ['patient demographics', '/api/dashboard/patient-demographics'],
      ['geographic analysis', '/api/dashboard/geographic'],
      ['performance analytics', '/api/analytics/performance'],
      [`search "${word}" without its index`, `/api/master/appointments?search=${encodeURIComponent(word)}`],
    ]) {
      const [stale, r] = [(await staleRollups(db)).join(' '), await timed(base, token, path)];
      rows.push([what, at(), `${r.status} in ${Math.round(r.ms)} ms${stale ? `   (stale: ${stale})` : ''}`]);
    }
    let indexAt = NaN;
    let rollupsAt = NaN;
    while (Number.isNaN(indexAt) || Number.isNaN(rollupsAt)) {
      if (child.exitCode !== null) throw new Error(`the server ended:\n${out}`);
      if (at() > 900_000) throw new Error('index or rollups not done after 15 minutes');
      const { rows: ix } = await db.query<{ valid: boolean }>(
        `SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = $1`,
        [SEARCH_INDEX.name],
      );
      if (Number.isNaN(indexAt) && ix[0]?.valid) indexAt = at();
      if (Number.isNaN(rollupsAt) && (await staleRollups(db)).length === 0) rollupsAt = at();
      await sleep(250);
    }
    rows.push([`${SEARCH_INDEX.name} valid`, indexAt, ''], ['rollups fresh', rollupsAt, '']);
    const search = await timed(base, token, `/api/master/appointments?search=${encodeURIComponent(word)}`);
    rows.push([`search "${word}" with its index`, at(), `${search.status} in ${Math.round(search.ms)} ms`]);

    console.log('since the start                          s   answer');
    for (const [what, ms, note] of rows) console.log(`${what.padEnd(34)}${s(ms)}   ${note}`);
    await stop(child); // its last log lines written
    const log = await db.query<{ message: string }>(
      `SELECT message FROM system_logs WHERE id > $1 AND category = 'DATABASE' ORDER BY id`,
      [lastLog],
    );
    console.log('\nSystem log of the maintenance:');
    for (const { message } of log.rows) console.log(`  ${message}`);
    const ok = rows[0][1] <= BUDGET_S * 1000;
    console.log(ok ? `\n/api/health within ${BUDGET_S} s.` : `\n/api/health OVER ${BUDGET_S} s.`);
    return ok ? 0 : 1;
  } finally {
    if (child) await stop(child);
    if (!(await complete(db))) {
      console.log('Completing the database (list indexes, rollups) as the run left it incomplete ...');
      await ensureListIndexes(db, RESOURCES);
      await rebuildStaleRollups(db);
    }
    console.log(
      (await complete(db)) ? 'The database is complete and fresh.' : 'The database is NOT complete.',
    );
    await db.close();
  }
}
