/**
 * The import API: POST /api/<resource>/import for every declared resource (the raw file as the
 * body; a child resource's below its parent record, /api/<parent>/:id/<path>/import), and the
 * jobs it starts at /api/imports/:id (progress, cancel, the rejected rows as CSV).
 *
 * The upload is streamed to a file of its own (never held in memory), then the job runs in
 * this process, one at a time, while the caller polls; it outlives the caller's connection.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { Db } from '../db/db.js';
import { work } from '../db/work.js';
import type { ResourceDeclaration } from '../../domain/resource.js';
import { AppError } from '../plugins/errors.js';
import { inCallerLanguage, jobInCallerLanguage } from '../plugins/language.js';
import { errorResponse } from '../resources/route-schemas.js';
import { resourceModel } from '../resources/model.js';
import { resourcePaths } from '../resources/engine.js';
import { readOps } from '../resources/reads.js';
import { csvField } from '../resources/export.js';
import { mappableFields } from './fields.js';
import {
  createJob,
  heartbeat,
  readJob,
  rejectedRows,
  requestCancel,
  sweepInterrupted,
  JOB_STATUSES,
} from './jobs.js';
import { runImport } from './run.js';
import { undoImport, undoneSchema, undoRefused } from './undo.js';

/** The largest file an import takes. */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;
export const FILE_TYPES = [
  'text/csv',
  'application/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/octet-stream',
];
export const IMPORT_MESSAGES = {
  empty: 'Berkas kosong: pilih berkas CSV atau Excel (.xlsx) yang berisi data',
  tooLarge: `Berkas terlalu besar (maksimal ${MAX_IMPORT_BYTES / 1024 / 1024} MB)`,
  mapping: 'Pemetaan kolom harus berupa JSON { "kolom": "field" }',
  unknownField: (f: string) => `Pemetaan kolom menyebut field yang tidak dapat diisi: ${f}`,
  notFound: 'Impor tidak ditemukan',
  noFile: 'Formulir tidak berisi berkas: kirim satu berkas CSV atau Excel (.xlsx)',
};

/** What an import route takes, as its 415 says. */
export const IMPORT_ACCEPTS =
  'berkas CSV atau Excel (.xlsx) sebagai isi permintaan (text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/octet-stream) atau sebagai satu berkas multipart/form-data';
const DEFAULT_FILE_NAME = 'berkas.csv';

const job = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    resource: { type: 'string' },
    file_name: { type: 'string' },
    status: { type: 'string', enum: [...JOB_STATUSES] },
    dry_run: { type: 'boolean' },
    on_error: { type: 'string', enum: ['skip', 'stop'] },
    bytes_total: { type: 'integer' },
    bytes_read: { type: 'integer' },
    rows_read: { type: 'integer' },
    rows_inserted: { type: 'integer' },
    rows_updated: { type: 'integer' },
    rows_unchanged: { type: 'integer' },
    rows_rejected: { type: 'integer' },
    rate: { type: 'number', description: 'Rows read per second' },
    eta_seconds: { type: ['integer', 'null'], description: 'Seconds left, from the bytes read so far' },
    columns: { type: 'array', items: { type: 'string' }, description: 'The headers of the file' },
    fields: {
      type: 'array',
      description: 'The field each column fills (null: left out)',
      items: {
        type: 'object',
        properties: { column: { type: 'string' }, field: { type: ['string', 'null'] } },
      },
    },
    problems: {
      type: 'array',
      description:
        'The first 1,000 problems (messages in the language of Accept-Language: Indonesian, or English)',
      items: {
        type: 'object',
        properties: {
          row: { type: 'integer', description: "The row's number in a spreadsheet: the header row is 1" },
          column: { type: ['string', 'null'] },
          value: { type: ['string', 'null'] },
          message: { type: 'string' },
        },
      },
    },
    created_at: { type: 'string' },
    started_at: { type: ['string', 'null'] },
    finished_at: { type: ['string', 'null'] },
    error: { type: ['string', 'null'] },
    undone_at: { type: ['string', 'null'], description: 'When the import was undone' },
    undoable: {
      type: 'boolean',
      description: 'A real import that wrote rows and was not undone: POST /api/imports/:id/undo may undo it',
    },
  },
};
const jobParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } };
const importQuery = {
  type: 'object',
  properties: {
    file_name: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description: `The file's name (default: the form's file name, else ${DEFAULT_FILE_NAME})`,
    },
    dry_run: { type: 'string', enum: ['0', '1', 'true', 'false'], default: '0' },
    on_error: { type: 'string', enum: ['skip', 'stop'], default: 'skip' },
    mapping: {
      type: 'string',
      maxLength: 20000,
      description: 'JSON { "column": "field" } ("" leaves a column out)',
    },
  },
};

function parseMapping(text: string | undefined, fields: string[]): Record<string, string | null> | undefined {
  if (!text) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError(400, IMPORT_MESSAGES.mapping, { mapping: IMPORT_MESSAGES.mapping });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new AppError(400, IMPORT_MESSAGES.mapping, { mapping: IMPORT_MESSAGES.mapping });
  const out: Record<string, string | null> = {};
  for (const [column, field] of Object.entries(parsed)) {
    if (field !== null && typeof field !== 'string')
      throw new AppError(400, IMPORT_MESSAGES.mapping, { mapping: IMPORT_MESSAGES.mapping });
    if (field && !fields.includes(field)) {
      const message = IMPORT_MESSAGES.unknownField(field);
      throw new AppError(400, message, { mapping: message });
    }
    out[column] = field || null;
  }
  return out;
}

/** Streams the body to a file of its own; answers its path and size (413 past the limit). */
async function saveUpload(body: unknown, dir: string): Promise<{ file: string; size: number }> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomBytes(12).toString('hex')}.upload`);
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > MAX_IMPORT_BYTES) done(new AppError(413, IMPORT_MESSAGES.tooLarge));
      else done(null, chunk);
    },
  });
  const input =
    body instanceof Readable ? body : Readable.from(body == null ? [] : [Buffer.from(String(body))]);
  try {
    await pipeline(input, limit, createWriteStream(file));
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
  return { file, size };
}

export interface ImportOptions {
  secretKey?: string;
  /** Where uploads wait for their job (default: the system's temporary folder). */
  uploadDir?: string;
}

export function registerImportRoutes(
  app: FastifyInstance,
  db: Db,
  resources: ResourceDeclaration[],
  { secretKey, uploadDir = path.join(os.tmpdir(), 'dkj-imports') }: ImportOptions = {},
) {
  const beat = heartbeat(db);
  const stopping = new AbortController();
  let queue: Promise<void> = Promise.resolve();
  app.addHook('onReady', () => sweepInterrupted(db, { every: db.kind === 'pglite' }));
  // A server that stops ends the running job after its batch (marked interrupted) before the
  // database closes; queued ones are marked so as well.
  app.addHook('onClose', async () => {
    stopping.abort();
    await queue;
    beat.stop();
  });

  app.register(async (scope) => {
    // The file arrives as the raw body, or as the one file of a form (curl -F, an HTML form):
    // either way streamed to disk by the handler.
    scope.addContentTypeParser(FILE_TYPES, (_request, payload, done) => done(null, payload));
    await scope.register(multipart, { limits: { files: 1, fileSize: MAX_IMPORT_BYTES, fields: 20 } });
    for (const decl of resources) {
      const m = resourceModel(decl);
      const { base, collectionParams } = resourcePaths(decl);
      const { parentIdOf, checkParent } = readOps(db, m);
      scope.post(
        `${base}/import`,
        {
          config: { access: { menus: decl.menus }, accepts: IMPORT_ACCEPTS },
          bodyLimit: MAX_IMPORT_BYTES,
          schema: {
            tags: [decl.parent?.resource.name ?? decl.name],
            summary: decl.parent
              ? 'Imports a CSV or XLSX file (the raw body, or one file of multipart/form-data) below the parent record, as a job: checked row by row'
              : 'Imports a CSV or XLSX file (the raw body, or one file of multipart/form-data) as a job: checked row by row, upserted on the natural key',
            // Only a child resource's path has parameters (its parent's id).
            ...(collectionParams ? { params: collectionParams } : {}),
            querystring: importQuery,
            response: { 202: job, 400: errorResponse, 404: errorResponse, 413: errorResponse },
          },
        },
        async (request, reply) => {
          // A child's rows go below the parent record of the path, when the caller may reach it.
          await checkParent(db, request);
          const parent = m.parent ? { column: m.parent.column, id: parentIdOf(request) } : null;
          const q = request.query as {
            file_name?: string;
            dry_run: string;
            on_error: 'skip' | 'stop';
            mapping?: string;
          };
          const mapping = parseMapping(q.mapping, mappableFields(m));
          if (Number(request.headers['content-length'] ?? 0) > MAX_IMPORT_BYTES)
            throw new AppError(413, IMPORT_MESSAGES.tooLarge);
          let body = request.body;
          let fileName = q.file_name;
          if (request.isMultipart()) {
            const part = await request.file();
            if (!part) throw new AppError(400, IMPORT_MESSAGES.noFile, { file: IMPORT_MESSAGES.noFile });
            body = part.file;
            fileName ??= part.filename || undefined;
          }
          fileName ??= DEFAULT_FILE_NAME;
          // The API request log records the file's name and size, never the stream itself.
          request.body = { file_name: fileName };
          const { file, size } = await saveUpload(body, uploadDir);
          request.body = { file_name: fileName, bytes: size };
          if (!size) {
            await rm(file, { force: true });
            throw new AppError(400, IMPORT_MESSAGES.empty, { file: IMPORT_MESSAGES.empty });
          }
          const dryRun = q.dry_run === '1' || q.dry_run === 'true';
          const created = await createJob(db, {
            resource: decl.name,
            file_name: fileName,
            admin_id: request.admin?.id ?? null,
            username: request.admin?.username ?? null,
            dry_run: dryRun,
            on_error: q.on_error,
            bytes_total: size,
          });
          beat.add(created.id);
          const run = () =>
            // A context of its own: not the upload's (whose client may go), heavy work's pool.
            work.run({ heavy: true }, () =>
              runImport(db, {
                id: created.id,
                m,
                path: file,
                mapping,
                parent,
                dryRun,
                onError: q.on_error,
                request,
                secretKey,
                resources,
                stopping: stopping.signal,
              }),
            );
          queue = queue
            .then(run)
            .catch((err) => request.log.error({ err }, 'import failed'))
            .finally(() => beat.delete(created.id));
          return reply.status(202).send(created);
        },
      );
    }
  });

  registerJobRoutes(app, db, resources);
}

/** The job of this id when the caller may see it (its creator, or a super admin); else 404. */
async function ownJob(db: Db, request: FastifyRequest) {
  const { id } = request.params as { id: number };
  const found = await readJob(db, id);
  const admin = request.admin!;
  if (!found || (found.admin_id !== admin.id && admin.effectiveRole !== 'super_admin'))
    throw new AppError(404, IMPORT_MESSAGES.notFound);
  const { admin_id: _a, ...presented } = found;
  return jobInCallerLanguage(request, presented);
}

function registerJobRoutes(app: FastifyInstance, db: Db, resources: ResourceDeclaration[]) {
  const config = { access: 'authenticated' as const };
  const tags = ['imports'];
  app.get(
    '/api/imports/:id',
    { config, schema: { tags, params: jobParams, response: { 200: job, 404: errorResponse } } },
    (request) => ownJob(db, request),
  );
  app.post(
    '/api/imports/:id/cancel',
    { config, schema: { tags, params: jobParams, response: { 200: job, 404: errorResponse } } },
    async (request) => {
      const found = await ownJob(db, request);
      await requestCancel(db, found.id);
      return ownJob(db, request);
    },
  );
  app.post(
    '/api/imports/:id/undo',
    {
      config,
      schema: {
        tags,
        summary:
          'Undoes a finished import: deletes the records it created and gives those it updated their values back, in one transaction, only while no later write touched any of them (else 409 naming them)',
        params: jobParams,
        response: { 200: undoneSchema(job), 404: errorResponse, 409: undoRefused },
      },
    },
    async (request) => {
      const found = await ownJob(db, request);
      const decl = resources.find((r) => r.name === found.resource);
      if (!decl) throw new AppError(404, IMPORT_MESSAGES.notFound);
      const counts = await undoImport(db, request, found.id, resourceModel(decl));
      return { ...(await ownJob(db, request)), undo: counts };
    },
  );
  app.get(
    '/api/imports/:id/rejected',
    {
      config,
      schema: {
        tags,
        summary: "The rejected rows as CSV: the file's columns and a 'Kesalahan' column",
        params: jobParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const found = await ownJob(db, request);
      const columns = found.columns as string[];
      async function* lines() {
        const say = (text: string) => inCallerLanguage(request, text);
        yield `\uFEFF${[...columns, say('Kesalahan')].map(csvField).join(',')}\r\n`;
        for await (const page of rejectedRows(db, found.id))
          yield page
            .map(
              (r) =>
                `${[...columns.map((_, i) => r.cells[i] ?? ''), say(r.message)].map(csvField).join(',')}\r\n`,
            )
            .join('');
      }
      const name = String(found.file_name)
        .replace(/\.[^.]*$/, '')
        .replace(/[^\w.-]+/g, '_');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}-ditolak.csv"`)
        .send(Readable.from(lines()));
    },
  );
}
