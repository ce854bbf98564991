import type { FastifyError, FastifyInstance } from 'fastify';
import type { FieldErrors } from '../../domain/resource.js';

/** An error with an HTTP status, a human message and, for validation, the failing fields. */
export class AppError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public errors?: FieldErrors,
  ) {
    super(message);
  }
}

export const VALIDATION_FAILED = 'Data tidak valid';

const FORMAT_NAMES: Record<string, string> = {
  email: 'email',
  date: 'tanggal (YYYY-MM-DD)',
  'date-time': 'tanggal dan waktu',
  uri: 'URL',
};

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, any>;
  message?: string;
}

/** Turns an ajv error into the field it concerns and an Indonesian message. */
export function describeAjvError(e: AjvError): [string, string] {
  const path = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
  switch (e.keyword) {
    case 'required':
      return [path ? `${path}.${e.params.missingProperty}` : e.params.missingProperty, 'Wajib diisi'];
    case 'enum':
      return [path, `Pilih salah satu: ${(e.params.allowedValues as unknown[]).filter((v) => v !== null).join(', ')}`];
    case 'type':
      return [path, `Harus bertipe ${String(e.params.type).replace(',null', '').replace('integer', 'bilangan bulat').replace('number', 'angka').replace('string', 'teks').replace('boolean', 'ya/tidak')}`];
    case 'format':
      return [path, `Format ${FORMAT_NAMES[e.params.format] ?? e.params.format} tidak valid`];
    case 'pattern':
      return [path, 'Format tidak valid'];
    case 'minLength':
      return [path, e.params.limit === 1 ? 'Wajib diisi' : `Minimal ${e.params.limit} karakter`];
    case 'maxLength':
      return [path, `Maksimal ${e.params.limit} karakter`];
    case 'minimum':
      return [path, `Minimal ${e.params.limit}`];
    case 'maximum':
      return [path, `Maksimal ${e.params.limit}`];
    case 'additionalProperties':
      return [e.params.additionalProperty, 'Kolom tidak dikenal'];
    default:
      return [path, e.message ?? 'Tidak valid'];
  }
}

export function fieldErrorsFromAjv(errors: AjvError[]): FieldErrors {
  const out: FieldErrors = {};
  for (const e of errors) {
    const [field, message] = describeAjvError(e);
    const key = field || '_';
    if (!out[key]) out[key] = message;
  }
  return out;
}

const PG_UNIQUE = '23505';
const PG_FOREIGN_KEY = '23503';
const PG_NOT_NULL = '23502';

/** The column(s) a constraint error names in its detail: 'Key (a, b)=(...)'. */
function columnsOf(err: any): string[] {
  const m = /Key \(([^)]+)\)/.exec(String(err.detail ?? ''));
  if (m) return m[1].split(',').map((c) => c.trim().replace(/^lower\((.*)\)$/, '$1'));
  return err.column ? [err.column] : [];
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & Record<string, any>, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send({ error: err.message, message: err.message, errors: err.errors });
    }
    if (err.validation) {
      const errors = fieldErrorsFromAjv(err.validation as AjvError[]);
      const where = err.validationContext === 'body' ? '' : ` (${err.validationContext})`;
      const message = `${VALIDATION_FAILED}${where}: ${Object.entries(errors)
        .map(([f, m]) => `${f}: ${m}`)
        .join('; ')}`;
      return reply.status(400).send({ error: message, message, errors });
    }
    if (err.code === PG_UNIQUE) {
      const cols = columnsOf(err);
      const field = cols[cols.length - 1] ?? '_';
      const message = 'Data dengan nilai ini sudah terdaftar';
      return reply.status(409).send({ error: `${message} (${field})`, message, errors: { [field]: message } });
    }
    if (err.code === PG_FOREIGN_KEY) {
      const field = columnsOf(err)[0] ?? '_';
      const message = 'Data yang dirujuk tidak ditemukan';
      return reply.status(400).send({ error: `${message} (${field})`, message, errors: { [field]: message } });
    }
    if (err.code === PG_NOT_NULL) {
      const field = err.column ?? '_';
      return reply.status(400).send({ error: 'Wajib diisi', message: 'Wajib diisi', errors: { [field]: 'Wajib diisi' } });
    }
    if (typeof err.code === 'string' && /^22/.test(err.code)) {
      // Data exceptions (a date out of range, a number too large): the caller's input.
      return reply.status(400).send({ error: VALIDATION_FAILED, message: VALIDATION_FAILED });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      request.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ error: 'Terjadi kesalahan pada server', message: 'Terjadi kesalahan pada server' });
    }
    return reply.status(status).send({ error: err.message, message: err.message });
  });
}
