import type { FastifyRequest } from 'fastify';
import { AppError } from '../plugins/errors.js';
import { summarizeFieldErrors } from '../../domain/validation.js';
import { redact, REDACTED } from '../plugins/audit.js';
import { hashPassword } from '../security/passwords.js';
import { encryptSecret } from '../security/secret-box.js';
import type { ResourceModel } from './model.js';
import { baseType, CREATE_ONLY_MESSAGE } from '../../domain/resource.js';

/**
 * What a write of one resource stores and logs: the column values from the body (secrets
 * hashed or encrypted, the facility of a facility user), JSON fields as JSON, the logged
 * values with secrets redacted; and the declaration's own checks.
 */
export function writeValues(m: ResourceModel, secretKey?: string) {
  if (Object.keys(m.encrypted).length && !secretKey)
    throw new Error(`${m.decl.name}: encrypted fields need the server's secret key`);
  /**
   * The values a write logs: the stored row with secrets redacted, plus '[REDACTED]' for each
   * secret the body set (write-only fields are not in the row, so the log would not show them).
   */
  const loggedValues = (row: Record<string, any>, body: Record<string, any>) => {
    const out = redact(row, m.secrets)!;
    delete out.version;
    for (const k of m.secrets) if (body[k] != null && body[k] !== '') out[k] = REDACTED;
    return out;
  };
  const oldValues = (row: Record<string, any>) => {
    const out = redact(row, m.secrets)!;
    delete out.version;
    return out;
  };

  const crossFieldCheck = (record: Record<string, any>) => {
    const errors = m.decl.validate?.(record) ?? {};
    if (Object.keys(errors).length) throw new AppError(400, summarizeFieldErrors(errors), errors);
  };

  /** An update may not change a createOnly field (sending its stored value is fine). */
  const createOnlyCheck = (old: Record<string, any>, body: Record<string, any>) => {
    const same = (a: unknown, b: unknown) => (a == null && b == null) || String(a) === String(b);
    const errors: Record<string, string> = {};
    for (const k of m.decl.createOnly ?? []) {
      if (k in body && !same(old[k], body[k])) errors[k] = CREATE_ONLY_MESSAGE;
    }
    if (Object.keys(errors).length) throw new AppError(400, summarizeFieldErrors(errors), errors);
  };

  /** Object and array fields go to their jsonb columns as JSON (a driver would send an array as a PostgreSQL array). */
  const jsonFields = Object.entries(m.props)
    .filter(([, p]) => ['object', 'array'].includes(baseType(p)) || p.$ref !== undefined)
    .map(([k]) => k);
  const jsonValues = (values: Record<string, any>) => {
    for (const k of jsonFields)
      if (values[k] != null && typeof values[k] !== 'string') values[k] = JSON.stringify(values[k]);
  };

  /** Column values to store: hashed secrets hashed, forced facility for facility users. */
  async function storedValues(request: FastifyRequest, body: Record<string, any>) {
    const values: Record<string, any> = {};
    for (const k of m.writable) {
      if (!(k in body)) continue;
      const blank = body[k] == null || body[k] === '';
      if (m.hashed.includes(k)) {
        if (!blank) values[`${k}_hash`] = await hashPassword(String(body[k]));
      } else if (k in m.encrypted) {
        if (!blank) values[`${k}_encrypted`] = encryptSecret(String(body[k]), secretKey!);
      } else {
        values[k] = body[k];
      }
    }
    const s = m.scope(request);
    if (s && m.decl.facilityColumn) values[m.decl.facilityColumn] = request.admin!.medical_facility_id;
    return values;
  }

  return { loggedValues, oldValues, crossFieldCheck, createOnlyCheck, jsonValues, storedValues };
}
