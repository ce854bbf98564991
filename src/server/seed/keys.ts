/**
 * Keys, indexes and triggers during a load: the big tables lose their keys, indexes and
 * foreign keys for the load and get them back at the end (a sorted build and one validating
 * join per key instead of a B-tree insert and a lookup per row), and the rollup triggers are off
 * (the rollups are rebuilt once).
 */
import type { Tx } from '../db/db.js';

/**
 * Triggers off during a bulk load: the rollups (rebuilt by refresh_rollups() at the end) and
 * the patient locator (the generated patients carry their kecamatan).
 */
export const BULK_TRIGGERS = [
  'patients_rollup_insert',
  'patients_rollup_update',
  'patients_rollup_delete',
  'patients_locate_insert',
  'patients_locate_update',
  'appointments_rollup',
  'mental_health_rollup',
];

/** The tables written in bulk, stripped of keys and indexes during a load. */
export const BULK_TABLES = [
  'patients',
  'appointments',
  'appointment_journeys',
  'emergencies',
  'agd_reports',
  'mental_health_responses',
  'users',
  'deliveries',
];

/** A key, index or foreign key dropped for a load, and its statement to come back. */
export interface Restore {
  name: string;
  table: string;
  sql: string;
}

/** What beginBulkLoad() switched off or dropped. */
export interface BulkLoad {
  triggers: { table: string; name: string }[];
  /** Primary keys and unique constraints, then the other indexes. */
  indexes: Restore[];
  foreignKeys: Restore[];
}

/**
 * Readies `tables` for a bulk load in the current transaction: switches BULK_TRIGGERS off and,
 * with `strip`, drops their keys, unique constraints, indexes and foreign keys (and the foreign
 * keys pointing at them). A sorted build and one validating join per key at the end cost far
 * less than a B-tree insert and a key lookup per row. CHECK and NOT NULL constraints stay.
 */
export async function beginBulkLoad(tx: Tx, tables: string[], strip: boolean): Promise<BulkLoad> {
  const { rows: triggers } = await tx.query<{ table: string; name: string }>(
    `SELECT tgrelid::regclass::text AS table, format('%I', tgname) AS name FROM pg_trigger
      WHERE NOT tgisinternal AND tgenabled <> 'D' AND tgname = ANY ($1::text[])
        AND tgrelid = ANY (SELECT to_regclass(unnest($2::text[])))`,
    [BULK_TRIGGERS, tables],
  );
  for (const t of triggers) await tx.exec(`ALTER TABLE ${t.table} DISABLE TRIGGER ${t.name}`);
  if (!strip) return { triggers, indexes: [], foreignKeys: [] };

  type Item = { name: string; table: string; drop: string; add: string };
  const constraints = (where: string) =>
    tx.query<Item>(
      `SELECT conname AS name, conrelid::regclass::text AS table,
              format('ALTER TABLE %s DROP CONSTRAINT %I', conrelid::regclass, conname) AS drop,
              format('ALTER TABLE %s ADD CONSTRAINT %I %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) AS add
         FROM pg_constraint WHERE ${where}
        ORDER BY conrelid::regclass::text, contype, conname`,
      [tables],
    );
  const { rows: fks } = await constraints(
    `contype = 'f' AND (conrelid = ANY ($1::regclass[]) OR confrelid = ANY ($1::regclass[]))`,
  );
  const { rows: keys } = await constraints(`contype IN ('p', 'u') AND conrelid = ANY ($1::regclass[])`);
  const { rows: indexes } = await tx.query<Item>(
    `SELECT i.relname AS name, x.indrelid::regclass::text AS table,
            format('DROP INDEX %s', x.indexrelid::regclass) AS drop,
            pg_get_indexdef(x.indexrelid) AS add
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
      WHERE x.indrelid = ANY ($1::regclass[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid AND c.contype IN ('p', 'u', 'x'))
      ORDER BY x.indrelid::regclass::text, i.relname`,
    [tables],
  );
  for (const c of [...fks, ...keys, ...indexes]) await tx.exec(c.drop);
  const restore = (c: Item): Restore => ({ name: c.name, table: c.table, sql: c.add });
  return { triggers, indexes: [...keys, ...indexes].map(restore), foreignKeys: fks.map(restore) };
}

/** Runs the statements and says how long each took (the slow ones). */
export async function rebuild(tx: Tx, items: Restore[]): Promise<string | undefined> {
  const times: string[] = [];
  for (const c of items) {
    const t = performance.now();
    await tx.exec(c.sql);
    const ms = performance.now() - t;
    if (ms >= 50) times.push(`${c.name} ${(ms / 1000).toFixed(1)} s`);
  }
  return times.join(', ') || undefined;
}

export async function endBulkTriggers(tx: Tx, load: BulkLoad): Promise<void> {
  for (const t of load.triggers) await tx.exec(`ALTER TABLE ${t.table} ENABLE TRIGGER ${t.name}`);
}
