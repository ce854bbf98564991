/**
 * The statement triggers that write a declared table's changes to the outbox (migration 035),
 * one per operation, created for every declaration when missing: a resource added later gets
 * its own at the next start without a migration of its own.
 */
import type { Db } from '../db/db.js';
import { quote } from '../resources/model.js';
import type { Source } from './sources.js';

const OPS = [
  { op: 'INSERT', suffix: 'ins', rows: 'NEW TABLE AS new_rows' },
  { op: 'UPDATE', suffix: 'upd', rows: 'NEW TABLE AS new_rows' },
  { op: 'DELETE', suffix: 'del', rows: 'OLD TABLE AS old_rows' },
] as const;

const triggerName = (table: string, suffix: string, facility: string) =>
  // The facility column is in the name: a declaration that changes it gets a new trigger.
  `${table}_changes_${suffix}${facility ? `_${facility}` : ''}`.slice(0, 63);

export async function installChangeTriggers(db: Db, sources: Iterable<Source>): Promise<void> {
  const wanted = [...sources].flatMap((s) =>
    OPS.map((o) => ({
      ...o,
      table: s.table,
      facility: s.facilityColumn,
      name: triggerName(s.table, o.suffix, s.facilityColumn),
    })),
  );
  const existing = async (q: Pick<Db, 'query'>) =>
    new Set(
      (
        await q.query<{ name: string }>(
          `SELECT c.relname || '.' || t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
            WHERE c.relnamespace = current_schema()::regnamespace AND t.tgname LIKE '%\\_changes\\_%'`,
        )
      ).rows.map((r) => r.name),
    );
  const missing = (have: Set<string>) => wanted.filter((w) => !have.has(`${w.table}.${w.name}`));
  if (!missing(await existing(db)).length) return;
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') {
      await tx.query('SET LOCAL statement_timeout = 0');
      // Several processes starting at once: one creates, the others find them made.
      await tx.query('SELECT pg_advisory_xact_lock(727104, hashtext(current_schema()))');
    }
    const have = await existing(tx);
    for (const w of missing(have)) {
      // An older trigger of the same operation (another facility column) goes.
      for (const old of have)
        if (old.startsWith(`${w.table}.${w.table}_changes_${w.suffix}`))
          await tx.query(`DROP TRIGGER ${quote(old.slice(w.table.length + 1))} ON ${quote(w.table)}`);
      await tx.query(
        `CREATE TRIGGER ${quote(w.name)} AFTER ${w.op} ON ${quote(w.table)} REFERENCING ${w.rows}
           FOR EACH STATEMENT EXECUTE FUNCTION change_outbox_capture('${w.facility}')`,
      );
    }
  });
}
