import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/db.js';
import { id as indonesian } from '../../../i18n/id.js';
import { listWhere, type ListQuery } from './list.js';
import { quote, type ResourceModel } from './model.js';

const BATCH = 2000;

/** A CSV field: quoted when it holds a separator, a quote or a line break; formulas defused. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  // A cell starting with = + - @ would run as a formula in a spreadsheet.
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+([.,]\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The Indonesian column header of a field: its form label, else the field's name. */
function header(m: ResourceModel, field: string): string {
  const labels = (indonesian.resources as Record<string, { fields?: Record<string, string> }>)[m.decl.name]
    ?.fields;
  return labels?.[field] ?? field;
}

/**
 * Every row matching the list's search and filters (the caller's facility scope applied), as
 * CSV with Indonesian headers and no write-only field, streamed through a cursor in batches:
 * the server never holds more than one batch, whatever the table's size. Long work by design:
 * not bound by the request deadline, but stopped when the client goes.
 */
export function exportCsv(
  db: Db,
  m: ResourceModel,
  request: FastifyRequest,
  q: ListQuery,
  /** A child resource's parent record: its children are the rows (the parent's reach checked). */
  parent?: { column: string; id: number },
): Readable {
  const { whereSql, params } = parent
    ? { whereSql: `WHERE ${quote(parent.column)} = $1`, params: [parent.id] }
    : listWhere(m, request, q);
  const fields = m.readable;
  const cursor = `export_${Math.random().toString(36).slice(2, 10)}`;
  const signal = request.clientGone?.signal;
  const head = `\uFEFF${fields.map((f) => csvField(header(m, f))).join(',')}\r\n`;
  const queue: string[] = [];
  let done = false;
  let stopped = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  let resume: (() => void) | undefined;
  // Started here, in the request's context (its pool or replica, its client-gone signal): the
  // transaction fetches a batch, hands it over, and waits until the reader wants more
  // (backpressure), so only one batch is in memory at a time.
  const work = db
    .transaction(
      async (tx) => {
        if (db.kind === 'postgres') await tx.query('SET LOCAL statement_timeout = 0');
        await tx.query(
          `DECLARE ${cursor} NO SCROLL CURSOR FOR
           SELECT ${m.selectList} FROM ${m.table} ${whereSql}
           ORDER BY ${quote(m.decl.defaultSort.field)} ${m.decl.defaultSort.order === 'ASC' ? 'ASC' : 'DESC'}, id`,
          params,
        );
        while (!stopped && !signal?.aborted) {
          const { rows } = await tx.query(`FETCH ${BATCH} FROM ${cursor}`);
          if (!rows.length) break;
          const line = (row: Record<string, any>) => `${fields.map((f) => csvField(row[f])).join(',')}\r\n`;
          queue.push(rows.map((r) => line(m.present(r))).join(''));
          request.exportedRows = (request.exportedRows ?? 0) + rows.length; // the access log's count
          wake?.();
          await new Promise<void>((r) => (resume = r));
        }
      },
      { readOnly: true },
    ) // only reads: with read replicas, it runs on one
    .catch((err) => (failure = err))
    .finally(() => {
      done = true;
      wake?.();
    });
  async function* chunks() {
    try {
      yield head;
      for (;;) {
        if (queue.length) {
          yield queue.shift()!;
          resume?.();
          continue;
        }
        if (done) break;
        await new Promise<void>((r) => (wake = r));
      }
      if (failure) throw failure;
    } finally {
      stopped = true;
      resume?.();
      await work;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
