/**
 * Loads a generated city into the database, in one transaction, with the rollup triggers off
 * and the keys and indexes of the big tables dropped, built again at the end. The steps are the
 * same on every database; a LoadPath says what differs: how rows are written (./writers.ts),
 * and what waits until after the commit (./city.ts for PGlite, ./bulk.ts for PostgreSQL COPY).
 */
import type { Queryable, Tx } from '../db/db.js';
import { BINARY_TYPES } from './binary.js';
import { assessmentRows, facilityRows, type CityOptions, type CityPlan, type IdBases } from './generate.js';
import { agdReportRows, emergencyRows, mentalHealthRows } from './entities/events.js';
import { insertUsersAndDeliveries } from './entities/deliveries.js';
import { insertPoli } from './entities/poli.js';
import { BULK_TABLES, beginBulkLoad, endBulkTriggers, rebuild, type BulkLoad, type Restore } from './keys.js';
import { EMERGENCIES, AGD_REPORTS, FACILITIES, MENTAL_HEALTH_RESPONSES, SEED_TABLES } from './tables.js';
import type { SeedWriter } from './writers.js';
import { loadTracker, type LoadProgress, type LoadSummary, type LoadTracker } from './progress.js';

export type { LoadPhase, LoadProgress, LoadSummary } from './progress.js';

/** The tables the demo city fills (a reset empties them; web admins are kept). */
export const DEMO_TABLES = [
  'appointment_journeys',
  'appointments',
  'mental_health_responses',
  'mental_health_assessments',
  'emergencies',
  'agd_reports',
  'deliveries',
  'users',
  'patients',
  'patient_rollup',
  'appointment_daily',
] as const;

export interface LoadOptions extends CityOptions {
  /**
   * postgres://... of the database `db` is connected to: load through COPY on a connection of
   * its own (PostgreSQL only; without it rows are inserted through `db`).
   */
  databaseUrl?: string;
  /** Patients per INSERT batch, with their appointments and journeys (where rows are not copied). */
  batchSize?: number;
  /**
   * Threads drawing and encoding patients for COPY (default: up to 3, as many as there are
   * CPUs, from 50,000 patients on; 0: all in this thread).
   */
  threads?: number;
  /**
   * Drop the keys, indexes and foreign keys of the big tables for the load and build them
   * again after (default: from 1,000 patients on; loads through COPY on PostgreSQL always do).
   */
  rebuildIndexes?: boolean;
  onProgress?: (progress: LoadProgress) => void;
  /** Runs at the end of the load's transaction (demo accounts linked to the new facilities). */
  finish?: (tx: Tx) => Promise<void>;
}

/** What differs between the ways a city is loaded. */
export interface LoadPath {
  /** Runs `work` in the load's transaction. */
  transaction(work: (tx: Tx) => Promise<void>): Promise<void>;
  /** Drops the keys, indexes and foreign keys of the big tables for the load. */
  strip: boolean;
  /** Statements that start the transaction (SET LOCAL ...). */
  settings: string[];
  /** The writer, once the keys and indexes are off. */
  writer(tx: Tx): Promise<SeedWriter>;
  /** Indexes built after the commit rather than in the transaction. */
  deferIndex(index: Restore): boolean;
  /** Rollups rebuilt in the transaction, or after the commit (marked stale until then). */
  rollupsInTransaction: boolean;
  /**
   * After the commit (the rollups when not rebuilt yet, the deferred indexes, the statistics
   * of `tables`): the phase's name, and the work, which says where its time went.
   */
  afterCommit: {
    phase: Phase;
    run(deferred: Restore[], tables: string[]): Promise<string | undefined>;
  };
}

export async function firstIds(q: Queryable): Promise<IdBases> {
  const { rows } = await q.query<{ f: number; p: number; a: number }>(
    `SELECT (SELECT coalesce(max(id), 0) + 1 FROM medical_facilities)::int AS f,
            (SELECT coalesce(max(id), 0) + 1 FROM patients)::int AS p,
            (SELECT coalesce(max(id), 0) + 1 FROM appointments)::int AS a`,
  );
  return { facility: rows[0].f, patient: rows[0].p, appointment: rows[0].a };
}

/** The assessments (kept when already there); returns their ids in assessmentRows() order. */
export async function insertAssessments(q: Queryable): Promise<number[]> {
  const assessments = assessmentRows();
  await q.query(
    `INSERT INTO mental_health_assessments (assessment_name, assessment_type, description)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT (assessment_name) DO NOTHING`,
    [
      assessments.map((a) => a.assessment_name),
      assessments.map((a) => a.assessment_type),
      assessments.map((a) => a.description),
    ],
  );
  const { rows: stored } = await q.query<{ id: number; assessment_name: string }>(
    'SELECT id, assessment_name FROM mental_health_assessments WHERE assessment_name = ANY($1::text[])',
    [assessments.map((a) => a.assessment_name)],
  );
  return assessments.map((a) => stored.find((s) => s.assessment_name === a.assessment_name)!.id);
}

/** Empties the demo tables and the facilities (web admins stay; their facility link is cleared). */
export async function resetDemoData(q: Tx): Promise<void> {
  await q.exec(`TRUNCATE ${DEMO_TABLES.join(', ')} RESTART IDENTITY CASCADE`);
  await q.exec('DELETE FROM medical_facilities');
}

/** Fails before anything is written when a column's type no longer matches its writer. */
async function checkColumnTypes(tx: Tx): Promise<void> {
  const { rows } = await tx.query<{ table: string; column: string; type: string }>(
    `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, NULL) AS type
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
      WHERE a.attrelid = ANY (SELECT to_regclass(unnest($1::text[]))) AND a.attnum > 0 AND NOT a.attisdropped`,
    [SEED_TABLES.map((t) => t.table)],
  );
  const types = new Map(rows.map((r) => [`${r.table}.${r.column}`, r.type]));
  for (const t of SEED_TABLES) {
    for (const { name, type: format } of t.columns) {
      const type = types.get(`${t.table}.${name}`);
      if (!type || !(BINARY_TYPES[format] as readonly string[]).includes(type)) {
        throw new Error(`${t.table}.${name} is ${type ?? 'missing'}; the seed writes it as ${format}`);
      }
    }
  }
}

/** One load under way, as its steps see it. */
interface Load {
  tx: Tx;
  writer: SeedWriter;
  plan: CityPlan;
  ids: IdBases;
  bulk: BulkLoad;
  path: LoadPath;
  options: LoadOptions;
  track: LoadTracker;
  assessmentIds: number[];
}

async function writeFacilities({ writer, plan, ids, track, assessmentIds }: Load) {
  track.summary.facilities = await writer.write(FACILITIES, facilityRows(plan, ids.facility));
  assessmentIds.push(...(await insertAssessments(writer.tx)));
  await insertPoli(writer.tx);
  return undefined;
}

/** Patients with their appointments and journeys; progress at most once a second, and at the end. */
async function writePatients({ writer, plan, ids, track }: Load) {
  const { progress, summary } = track;
  let lastReport = 0;
  const detail = await writer.writePatients(plan, ids, (rows) => {
    progress.patients += rows.patients;
    progress.appointments += rows.appointments;
    progress.journeys += rows.journeys;
    progress.rows += rows.patients + rows.appointments + rows.journeys;
    if (performance.now() - lastReport > 1000 || progress.patients === plan.patients) {
      lastReport = performance.now();
      track.report('patients');
    }
  });
  summary.patients = progress.patients;
  summary.appointments = progress.appointments;
  summary.journeys = progress.journeys;
  return detail;
}

async function writeEvents({ writer, plan, ids, track, assessmentIds }: Load) {
  const { summary, progress } = track;
  summary.emergencies = await writer.write(EMERGENCIES, emergencyRows(plan));
  summary.agdReports = await writer.write(AGD_REPORTS, agdReportRows(plan));
  summary.mentalHealthResponses = await writer.write(
    MENTAL_HEALTH_RESPONSES,
    mentalHealthRows(plan, assessmentIds, ids),
  );
  progress.rows += summary.emergencies + summary.agdReports + summary.mentalHealthResponses;
  await insertUsersAndDeliveries(writer.tx, plan, ids.facility);
  return undefined;
}

/** Sequences past the written ids, triggers back on, the rollups, and the caller's last word. */
async function endLoad({ tx, bulk, path, options }: Load) {
  for (const table of ['medical_facilities', 'patients', 'appointments']) {
    await tx.query(
      `SELECT setval(pg_get_serial_sequence('${table}', 'id'), max(id)) FROM ${table} HAVING max(id) IS NOT NULL`,
    );
  }
  await endBulkTriggers(tx, bulk);
  if (path.rollupsInTransaction) {
    // A city loaded in the transaction is small: the rebuild reads whole tables, and hash joins
    // do it. (The planner estimates one row for the performance rebuild's join of appointments
    // to their units, then re-ran the journeys' aggregate for each appointment: 45 s for 1,200
    // patients.)
    await tx.exec('SET LOCAL enable_nestloop = off');
    await tx.exec('SELECT refresh_rollups()');
    await tx.exec('SET LOCAL enable_nestloop = on');
  } else {
    // Rebuilt after the commit; until then a server that starts rebuilds them itself.
    await tx.query(`UPDATE rollup_state SET stale = true, rebuilt = '{}'`);
  }
  await options.finish?.(tx);
  return undefined;
}

type Phase = LoadProgress['phase'];

/** The steps of a load's transaction, in order, each a phase of the load. */
const STEPS: {
  phase: Phase | ((path: LoadPath) => Phase);
  run: (load: Load) => Promise<string | undefined>;
}[] = [
  { phase: 'facilities', run: writeFacilities },
  { phase: 'patients', run: writePatients },
  { phase: 'events', run: writeEvents },
  {
    phase: 'indexes',
    run: (l) =>
      rebuild(
        l.tx,
        l.bulk.indexes.filter((i) => !l.path.deferIndex(i)),
      ),
  },
  { phase: 'foreign keys', run: (l) => rebuild(l.tx, l.bulk.foreignKeys) },
  { phase: (path) => (path.rollupsInTransaction ? 'rollups' : 'commit'), run: endLoad },
];

/** Loads the city of `plan` the way `path` says. */
export async function runLoad(path: LoadPath, plan: CityPlan, options: LoadOptions): Promise<LoadSummary> {
  const started = performance.now();
  const track = loadTracker(plan.patients, started, options.onProgress);
  track.report('prepare');
  let deferred: Restore[] = [];
  let detail: string | undefined;
  await path.transaction(async (tx) => {
    await checkColumnTypes(tx);
    for (const sql of path.settings) await tx.exec(sql);
    const ids = await firstIds(tx);
    const bulk = await beginBulkLoad(tx, BULK_TABLES, path.strip);
    deferred = bulk.indexes.filter((i) => path.deferIndex(i));
    const writer = await path.writer(tx);
    const load: Load = { tx, writer, plan, ids, bulk, path, options, track, assessmentIds: [] };
    for (const step of STEPS) {
      track.next(typeof step.phase === 'string' ? step.phase : step.phase(path), detail);
      detail = await step.run(load);
    }
  });
  track.next(path.afterCommit.phase, detail);
  const after = await path.afterCommit.run(deferred, ['medical_facilities', ...DEMO_TABLES]);
  track.summary.ms = Math.round(performance.now() - started);
  track.next('done', after);
  return track.summary;
}
