/**
 * The list indexes a PostgreSQL server builds behind a served console: one at a time, with
 * `CREATE INDEX CONCURRENTLY` (lists keep answering and writes keep going while it reads the
 * table), on a connection of its own without the request deadline. An index a stopped build
 * left INVALID is dropped and built again; an outdated one is dropped.
 */
import type { Session } from '../db/db.js';
import type { ResourceDeclaration } from '../../domain/resource.js';
import { concurrently, listIndexPlan, statisticsSql, LIST_INDEX_LOCK } from '../resources/indexes.js';
import { quote } from '../resources/model.js';
import { seconds, type Report } from './report.js';

/** Whether a declaration lacks a list index, has an invalid one or an outdated one. */
export async function listIndexesToDo(s: Session, decls: ResourceDeclaration[]): Promise<number> {
  let n = 0;
  for (const decl of decls) {
    const plan = await listIndexPlan(s, decl);
    n += plan.drop.length + plan.build.length + plan.retarget.length;
  }
  return n;
}

/**
 * Builds what the list indexes lack, under the session lock every builder takes: returns false
 * at once when another process holds it (that process builds them).
 */
export async function buildListIndexes(
  s: Session,
  decls: ResourceDeclaration[],
  report: Report,
  doing: (task: string | null) => void,
): Promise<boolean> {
  const lock = `${LIST_INDEX_LOCK}, hashtext(current_schema())`;
  const { rows } = await s.query<{ got: boolean }>(`SELECT pg_try_advisory_lock(${lock}) AS got`);
  if (!rows[0].got) return false;
  try {
    // A GIN build gathers its entries in this much memory before it writes them out.
    await s.exec(`SET maintenance_work_mem = '512MB'`);
    await s.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    for (const decl of decls) {
      const plan = await listIndexPlan(s, decl);
      for (const name of plan.drop) {
        doing(`indeks ${name} dihapus`);
        await s.exec(`DROP INDEX CONCURRENTLY IF EXISTS ${quote(name)}`);
        report('INFO', `Indeks daftar ${name} dihapus (usang atau tidak valid)`, { index: name });
      }
      for (const w of plan.build) {
        doing(`indeks ${w.name} dibangun`);
        report('INFO', `Membangun indeks daftar ${w.name} (${decl.table}) di latar belakang`, {
          index: w.name,
          table: decl.table,
        });
        const t = performance.now();
        await s.exec(concurrently(w.sql));
        const secs = seconds(t);
        report('INFO', `Indeks daftar ${w.name} selesai dalam ${secs} detik`, {
          index: w.name,
          table: decl.table,
          seconds: secs,
        });
      }
      for (const w of plan.retarget) await s.exec(statisticsSql(w));
      // The planner knows how often a search's text matches only from statistics of the
      // index's expression, which ANALYZE gathers once the index exists (with the index's
      // target). Without them it expects 0.8 % of any table to match any term: at 55M
      // appointments it read the table from its start for a term found nowhere (5 s) instead
      // of asking the trigram index.
      if (plan.build.length || plan.retarget.length) {
        doing(`statistik ${decl.table} dihitung`);
        await s.exec(`ANALYZE ${quote(decl.table)}`);
      }
    }
  } finally {
    doing(null);
    await s.query(`SELECT pg_advisory_unlock(${lock})`).catch(() => undefined);
  }
  return true;
}
