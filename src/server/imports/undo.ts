/**
 * Undoing an import from its job: the records it created are deleted and those it updated get
 * back the values they had before it (import_changes, kept as each batch wrote them), in one
 * transaction, and only while every one of them is still at the version the import left it at
 * (nobody wrote it since) and no other record refers to one it created. Otherwise nothing is
 * changed and the answer (409) names the rows written since.
 */
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/db.js';
import { AppError } from '../plugins/errors.js';
import { logActivity } from '../plugins/audit.js';
import { errorResponse } from '../resources/route-schemas.js';
import type { ResourceModel } from '../resources/model.js';

/** At most this many rows are named in a refusal. */
const NAMED = 10;

export const UNDO_MESSAGES = {
  active: 'Impor masih berjalan: tunggu sampai selesai sebelum membatalkannya',
  dryRun: 'Pemeriksaan tidak menulis data: tidak ada yang dapat dibatalkan',
  undone: 'Impor ini sudah dibatalkan',
  nothing: 'Impor ini tidak menulis data yang dapat dibatalkan',
  changed: (count: number, rows: string) =>
    `Impor tidak dapat dibatalkan: ${count} baris telah diubah atau dihapus sesudah impor (${rows}). Tidak ada yang diubah.`,
  referenced: (count: number, rows: string) =>
    `Impor tidak dapat dibatalkan: ${count} data baru dari impor ini sudah dirujuk data lain (${rows}). Tidak ada yang diubah.`,
  refused:
    'Impor tidak dapat dibatalkan: nilai sebelumnya tidak dapat dikembalikan karena data lain sudah memakainya. Tidak ada yang diubah.',
};

/** A SQL identifier read from the catalog, quoted. */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The rows named in a refusal: the first NAMED labels, and how many more. */
function named(labels: string[], count: number) {
  const more = count - labels.length;
  return labels.join(', ') + (more > 0 ? ` dan ${more} lainnya` : '');
}

/** Refuses the undo when a row the job wrote was written since (or deleted). */
async function refuseChanged(tx: Tx, m: ResourceModel, id: number) {
  // Locked first, in id order: nobody writes them between this check and the undo.
  await tx.query(
    `SELECT FROM ${m.table} t WHERE t.id IN (SELECT row_id FROM import_changes WHERE job_id = $1)
      ORDER BY t.id FOR UPDATE OF t`,
    [id],
  );
  const { rows } = await tx.query<{ label: string; total: number }>(
    `SELECT coalesce(c.label, c.row_id::text) AS label, count(*) OVER ()::int AS total
       FROM import_changes c LEFT JOIN ${m.table} t ON t.id = c.row_id
      WHERE c.job_id = $1 AND (t.id IS NULL OR t.xmin::text <> c.version)
      ORDER BY c.row_id LIMIT ${NAMED}`,
    [id],
  );
  if (rows.length) {
    const message = UNDO_MESSAGES.changed(
      rows[0].total,
      named(
        rows.map((r) => r.label),
        rows[0].total,
      ),
    );
    const err = new AppError(409, message);
    err.extra = { changed_count: rows[0].total, changed_rows: rows.map((r) => r.label) };
    throw err;
  }
}

/** Refuses the undo when a record of another table (or another row) refers to one the job created. */
async function refuseReferenced(tx: Tx, m: ResourceModel, id: number) {
  const { rows: refs } = await tx.query<{ tbl: string; col: string; same: boolean }>(
    `SELECT c.conrelid::regclass::text AS tbl, a.attname AS col, c.conrelid = c.confrelid AS same
       FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.confrelid = $1::regclass AND cardinality(c.conkey) = 1`,
    [m.decl.table],
  );
  for (const ref of refs) {
    // tbl is regclass output: already quoted where it needs to be.
    const { rows } = await tx.query<{ label: string; total: number }>(
      `SELECT coalesce(c.label, c.row_id::text) AS label, count(*) OVER ()::int AS total
         FROM import_changes c
        WHERE c.job_id = $1 AND c.created AND EXISTS (
          SELECT FROM ${ref.tbl} r WHERE r.${ident(ref.col)} = c.row_id
          ${ref.same ? 'AND r.id NOT IN (SELECT row_id FROM import_changes WHERE job_id = $1 AND created)' : ''})
        ORDER BY c.row_id LIMIT ${NAMED}`,
      [id],
    );
    if (rows.length)
      throw new AppError(
        409,
        UNDO_MESSAGES.referenced(
          rows[0].total,
          named(
            rows.map((r) => r.label),
            rows[0].total,
          ),
        ),
      );
  }
}

/** Deletes what the job created and gives the rows it updated their values back; answers the counts. */
async function revert(tx: Tx, m: ResourceModel, id: number) {
  const deleted = await tx.query(
    `DELETE FROM ${m.table} t USING import_changes c WHERE c.job_id = $1 AND c.created AND t.id = c.row_id`,
    [id],
  );
  const { rows: columns } = await tx.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''
        AND attidentity = '' AND attname <> 'id' ORDER BY attnum`,
    [m.decl.table],
  );
  // A column the saved row lacks (added since) keeps its value.
  const sets = columns.map(
    ({ name }) =>
      `${ident(name)} = CASE WHEN c.before ? '${name.replace(/'/g, "''")}' THEN p.${ident(name)} ELSE t.${ident(name)} END`,
  );
  const restored = await tx.query(
    `UPDATE ${m.table} t SET ${sets.join(', ')}
       FROM import_changes c, jsonb_populate_record(NULL::${m.table}, c.before) p
      WHERE c.job_id = $1 AND NOT c.created AND t.id = c.row_id`,
    [id],
  );
  return { deleted: deleted.rowCount ?? 0, restored: restored.rowCount ?? 0 };
}

/** Undoes the job `id` of the resource `m` (the caller may see the job), audited. */
export async function undoImport(db: Db, request: FastifyRequest, id: number, m: ResourceModel) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: string; dry_run: boolean; undone: boolean; file_name: string }>(
      `SELECT status, dry_run, undone_at IS NOT NULL AS undone, file_name FROM import_jobs WHERE id = $1 FOR UPDATE`,
      [id],
    );
    const job = rows[0];
    if (job.status === 'queued' || job.status === 'running') throw new AppError(409, UNDO_MESSAGES.active);
    if (job.dry_run) throw new AppError(409, UNDO_MESSAGES.dryRun);
    if (job.undone) throw new AppError(409, UNDO_MESSAGES.undone);
    const { rows: any } = await tx.query('SELECT 1 FROM import_changes WHERE job_id = $1 LIMIT 1', [id]);
    if (!any.length) throw new AppError(409, UNDO_MESSAGES.nothing);
    await refuseChanged(tx, m, id);
    await refuseReferenced(tx, m, id);
    let counts: { deleted: number; restored: number };
    try {
      counts = await revert(tx, m, id);
    } catch (err) {
      // A value given back that another record took since (unique), or a reference gone: the
      // transaction is rolled back whole.
      if (!/^23/.test(String((err as { code?: string }).code))) throw err;
      throw new AppError(409, UNDO_MESSAGES.refused);
    }
    await tx.query('UPDATE import_jobs SET undone_at = app_now(), undone_by = $2 WHERE id = $1', [
      id,
      request.admin?.username ?? null,
    ]);
    await logActivity(tx, request, {
      action: 'UNDO_IMPORT',
      table: m.auditName,
      recordId: id,
      status: 200,
      details: {
        import_id: id,
        file_name: job.file_name,
        rows_deleted: counts.deleted,
        rows_restored: counts.restored,
      },
    });
    return counts;
  });
}

/** The job as the undo answers it: with what the undo did. */
export const undoneSchema = (job: { properties: Record<string, unknown> }) => ({
  ...job,
  properties: {
    ...job.properties,
    undo: {
      type: 'object',
      properties: {
        deleted: { type: 'integer', description: 'Records the import had created, deleted' },
        restored: { type: 'integer', description: 'Records the import had updated, given back their values' },
      },
    },
  },
});

/** A refused undo: the error, and the first rows written since the import. */
export const undoRefused = {
  ...errorResponse,
  properties: {
    ...errorResponse.properties,
    changed_count: { type: 'integer', description: 'How many rows were written since the import' },
    changed_rows: {
      type: 'array',
      items: { type: 'string' },
      description: 'The first rows (by natural key) written since the import',
    },
  },
};
