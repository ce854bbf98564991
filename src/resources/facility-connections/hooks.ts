/**
 * The rule of a facility's connections (spec part 1 §7) that a declaration cannot hold: a
 * connection's properties, resources and gateway_config arrive as objects or as JSON text (the
 * console sends the gateway config as text): each is read and checked against its own schema,
 * a failure answered 400 on the field ('properties.timeout_ms' for one inside).
 */
import type { ValidateFunction } from 'ajv';
import type { FieldErrors } from '../../domain/resource.js';
import { fieldErrorsFromAjv, summarizeFieldErrors, type AjvLikeError } from '../../domain/validation.js';
import { parseJsonObject } from '../../domain/facility-integration.js';
import { AppError } from '../../server/plugins/errors.js';
import { jsonFieldValidator } from '../../server/validator.js';
import type { WriteHooks } from '../../server/resources/hooks/types.js';

/** The JSON fields of a connection and the schema (its $id, schemas/) each must follow. */
const JSON_FIELDS = {
  properties: 'connection-properties',
  resources: 'connection-resources',
  gateway_config: 'gateway-config',
} as const;
type JsonField = keyof typeof JSON_FIELDS;

const jsonValidators = Object.fromEntries(
  Object.entries(JSON_FIELDS).map(([k, id]) => [k, jsonFieldValidator(id)]),
) as Record<JsonField, ValidateFunction>;

/** Each JSON field written, as a checked object (or null); the failures as field errors. */
export function readJsonFields(values: Record<string, any>): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of Object.keys(JSON_FIELDS) as JsonField[]) {
    if (!(field in values)) continue;
    const parsed = parseJsonObject(values[field]);
    if (parsed.error !== undefined) {
      errors[field] = parsed.error;
      continue;
    }
    if (parsed.value !== null && !jsonValidators[field](parsed.value)) {
      const inner = fieldErrorsFromAjv((jsonValidators[field].errors ?? []) as AjvLikeError[]);
      for (const [path, message] of Object.entries(inner))
        errors[path === '_' ? field : `${field}.${path}`] ??= message;
      continue;
    }
    values[field] = parsed.value;
  }
  return errors;
}

export const facilityConnectionHooks: WriteHooks = {
  async beforeWrite({ op, values }) {
    if (op === 'delete') return;
    const errors = readJsonFields(values);
    if (Object.keys(errors).length) throw new AppError(400, summarizeFieldErrors(errors), errors);
  },
};
