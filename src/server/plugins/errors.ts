import type { FastifyError, FastifyInstance } from 'fastify';
import type { FieldErrors } from '../../domain/resource.js';
import { POOL_BUSY, QUERY_CANCELED } from '../db/work.js';
import {
  VALIDATION_FAILED,
  fieldErrorsFromAjv,
  summarizeFieldErrors,
  type AjvLikeError,
} from '../../domain/validation.js';

export { VALIDATION_FAILED };

/** An error with an HTTP status, a human message and, for validation, the failing fields. */
export class AppError extends Error {
  /** Seconds, sent as Retry-After (503s). */
  retryAfter?: number;
  /** More of the answer, beside error and message (a 412 carries the current record). */
  extra?: Record<string, unknown>;
  constructor(
    public statusCode: number,
    message: string,
    public errors?: FieldErrors,
  ) {
    super(message);
  }
}

export const RETRY_AFTER_SECONDS = 5;
/** 503 while the server has no room for the request (heavy queue full, no connection free). */
export const BUSY = 'Server sedang sibuk. Silakan coba lagi dalam beberapa detik.';
export const QUERY_TIMED_OUT =
  'Permintaan ini memerlukan waktu terlalu lama dan dihentikan. Persempit pencarian atau coba lagi sebentar lagi.';

const PG_UNIQUE = '23505';
const PG_FOREIGN_KEY = '23503';
const PG_NOT_NULL = '23502';

/** The column(s) a constraint error names in its detail: 'Key (a, b)=(...)'. */
/** The column a unique violation is about (the last of its index's columns). */
export function uniqueViolationField(err: any): string | null {
  if (err?.code !== PG_UNIQUE) return null;
  const cols = columnsOf(err);
  return cols[cols.length - 1] ?? null;
}

function columnsOf(err: any): string[] {
  // 'Key (lower(email))=(...)' names an expression index: its column is inside the call.
  const m = /Key \((.+?)\)=\(/.exec(String(err.detail ?? ''));
  if (m) return m[1].split(',').map((c) => c.trim().replace(/^lower\((.*)\)$/, '$1'));
  return err.column ? [err.column] : [];
}

/**
 * Errors Fastify raises before a handler runs (the body could not be read as sent), in the
 * same Indonesian error shape as the rest of the API.
 */
export const TRANSPORT_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'Isi permintaan bukan JSON yang valid' },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    message: 'Isi permintaan tidak boleh kosong bila Content-Type application/json',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    message: 'Jenis konten tidak didukung; kirim application/json',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'Isi permintaan terlalu besar' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'Ukuran isi permintaan tidak sesuai dengan Content-Length',
  },
  FST_ERR_BAD_URL: { status: 400, message: 'Alamat permintaan tidak valid' },
  // A form upload (@fastify/multipart): one file of limited size.
  FST_FILES_LIMIT: { status: 413, message: 'Kirim satu berkas saja' },
  FST_PARTS_LIMIT: { status: 413, message: 'Formulir berisi terlalu banyak bagian' },
  FST_FIELDS_LIMIT: { status: 413, message: 'Formulir berisi terlalu banyak isian' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'Isi permintaan terlalu besar' },
  FST_PROTO_VIOLATION: { status: 400, message: 'Nama isian formulir tidak valid' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 406, message: 'Permintaan bukan multipart/form-data' },
  FST_MP_PREMATURE_CLOSE: { status: 400, message: 'Permintaan terputus sebelum berkas selesai dikirim' },
};

/**
 * Any other refusal raised by Fastify or a plugin: its own message is English and technical,
 * so the caller reads one of these by status (the library's words go to the log).
 */
export const STATUS_MESSAGES: Record<number, string> = {
  400: 'Permintaan tidak valid',
  401: 'Silakan masuk terlebih dahulu',
  403: 'Anda tidak memiliki akses',
  404: 'Tidak ditemukan',
  405: 'Metode tidak diizinkan',
  406: 'Jenis konten tidak dapat diterima',
  408: 'Permintaan terlalu lama',
  409: 'Permintaan bertentangan dengan data saat ini',
  413: 'Isi permintaan terlalu besar',
  415: 'Jenis konten tidak didukung',
  429: 'Terlalu banyak permintaan. Silakan coba lagi nanti.',
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route takes as its body, where not JSON: named by its 415 ('berkas CSV ...'). */
    accepts?: string;
  }
}

/** The 415 of a route that takes something else than JSON names what it takes. */
export const unsupportedMediaType = (accepts: string) => `Jenis konten tidak didukung; kirim ${accepts}`;

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & Record<string, any>, request, reply) => {
    const accepts = request.routeOptions.config?.accepts;
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' && accepts) {
      const message = unsupportedMediaType(accepts);
      return reply.status(415).send({ error: message, message });
    }
    const transport = TRANSPORT_ERRORS[err.code];
    if (transport) {
      return reply.status(transport.status).send({ error: transport.message, message: transport.message });
    }
    if (err instanceof SyntaxError && err.statusCode === 400) {
      const { message } = TRANSPORT_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY;
      return reply.status(400).send({ error: message, message });
    }
    if (err.code === QUERY_CANCELED) {
      // Past its deadline (statement_timeout), or its client has gone (then nobody reads this).
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ error: QUERY_TIMED_OUT, message: QUERY_TIMED_OUT });
    }
    if (err.code === POOL_BUSY) {
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ error: BUSY, message: BUSY });
    }
    if (err instanceof AppError) {
      if (err.retryAfter) reply.header('retry-after', String(err.retryAfter));
      return reply
        .status(err.statusCode)
        .send({ error: err.message, message: err.message, errors: err.errors, ...err.extra });
    }
    if (err.validation) {
      const errors = fieldErrorsFromAjv(err.validation as AjvLikeError[]);
      const message = summarizeFieldErrors(errors);
      return reply.status(400).send({ error: message, message, errors });
    }
    if (err.code === PG_UNIQUE) {
      const cols = columnsOf(err);
      const field = cols[cols.length - 1] ?? '_';
      // The field is named by `errors`, which the console shows next to its input: the
      // message itself stays in the user's words, without a column name.
      const message = 'Data dengan nilai ini sudah terdaftar';
      return reply.status(409).send({ error: message, message, errors: { [field]: message } });
    }
    if (err.code === PG_FOREIGN_KEY) {
      const field = columnsOf(err)[0] ?? '_';
      const message = 'Data yang dirujuk tidak ditemukan';
      return reply.status(400).send({ error: message, message, errors: { [field]: message } });
    }
    if (err.code === PG_NOT_NULL) {
      const field = err.column ?? '_';
      return reply
        .status(400)
        .send({ error: 'Wajib diisi', message: 'Wajib diisi', errors: { [field]: 'Wajib diisi' } });
    }
    if (typeof err.code === 'string' && /^22/.test(err.code)) {
      // Data exceptions (a date out of range, a number too large): the caller's input.
      return reply.status(400).send({ error: VALIDATION_FAILED, message: VALIDATION_FAILED });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      request.log.error({ err }, 'unhandled error');
      return reply
        .status(500)
        .send({ error: 'Terjadi kesalahan pada server', message: 'Terjadi kesalahan pada server' });
    }
    const message = STATUS_MESSAGES[status] ?? STATUS_MESSAGES[400];
    request.log.info({ code: err.code, reason: err.message }, 'request refused');
    return reply.status(status).send({ error: message, message });
  });
}
