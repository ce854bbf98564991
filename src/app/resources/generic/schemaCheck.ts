/**
 * JSON Schema checks for the add/edit forms that run under the console's Content-Security-Policy.
 *
 * ajv, which the server uses, compiles every schema into JavaScript with `new Function`, and the
 * console's policy (script-src 'self', no 'unsafe-eval') forbids that: the forms would fail to
 * open. This walks the schema instead, for the keywords resource schemas use, and reports
 * failures in ajv's shape (keyword, instancePath, params) and order, so describeAjvError gives
 * the same Indonesian message the server answers with. Formats are ajv-formats' own ("full"
 * mode, as the server's). tests/ui/schema-check.test.tsx compares it with ajv.
 */
import { fullFormats } from 'ajv-formats/dist/formats';
import type { JsonSchema } from '../../../domain/resource';
import type { AjvLikeError } from '../../../domain/validation';

/** Keywords that only describe (no check). */
const ANNOTATIONS = new Set([
  '$id',
  '$schema',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'readOnly',
  'writeOnly',
]);
const CHECKED = new Set([
  'type',
  'enum',
  'const',
  'required',
  'properties',
  'additionalProperties',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
]);

type FormatDef =
  RegExp | ((s: string) => boolean) | { type?: string; validate: RegExp | ((s: any) => boolean) };
const FORMATS = fullFormats as unknown as Record<string, FormatDef>;

/** Keywords of a schema (at any depth) this checker does not implement: none may be used. */
export function unsupportedKeywords(schema: JsonSchema, path = '#'): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    if (!CHECKED.has(key)) out.push(`${path}/${key}`);
    else if (key === 'format' && !(String(value) in FORMATS)) out.push(`${path}/format:${value}`);
  }
  for (const [name, sub] of Object.entries(schema.properties ?? {}))
    out.push(...unsupportedKeywords(sub, `${path}/properties/${name}`));
  if (schema.items && typeof schema.items === 'object')
    out.push(...unsupportedKeywords(schema.items, `${path}/items`));
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    out.push(...unsupportedKeywords(schema.additionalProperties, `${path}/additionalProperties`));
  return out;
}

/** ajv's notion of each JSON type. */
function hasType(data: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return data === null;
    case 'boolean':
      return typeof data === 'boolean';
    case 'string':
      return typeof data === 'string';
    case 'number':
      return typeof data === 'number' && Number.isFinite(data);
    case 'integer':
      return typeof data === 'number' && Number.isFinite(data) && data % 1 === 0;
    case 'array':
      return Array.isArray(data);
    case 'object':
      return data !== null && typeof data === 'object' && !Array.isArray(data);
    default:
      return false;
  }
}

const SCALAR = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/**
 * The pair ajv names for a list with a repeated item, found the way ajv looks: from the end,
 * by value when the items are declared scalar (skipping items of another type), else by deep
 * equality.
 */
function repeatedItems(data: unknown[], items: JsonSchema | undefined): { i: number; j: number } | null {
  const declared = items && typeof items === 'object' ? items.type : undefined;
  const types = declared === undefined ? [] : Array.isArray(declared) ? declared : [declared];
  if (types.length && types.every((t) => SCALAR.has(t))) {
    const seen = new Map<string, number>();
    for (let i = data.length; i--;) {
      const item = data[i];
      if (!types.some((t) => hasType(item, t))) continue;
      const key = typeof item === 'string' && types.length > 1 ? `${item}_` : String(item);
      const j = seen.get(key);
      if (j !== undefined) return { i, j };
      seen.set(key, i);
    }
    return null;
  }
  for (let i = data.length; i--;) for (let j = i; j--;) if (equal(data[i], data[j])) return { i, j };
  return null;
}

/** Deep equality of JSON values (enum and const). */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => equal((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** Length in Unicode code points, as ajv counts it (a surrogate pair is one character). */
const codePoints = (s: string) => [...s].length;

function formatOk(name: string, data: unknown): boolean {
  const def = FORMATS[name];
  if (!def) return true;
  const expected = def instanceof RegExp || typeof def === 'function' ? 'string' : (def.type ?? 'string');
  if (!hasType(data, expected)) return true;
  const validate = def instanceof RegExp || typeof def === 'function' ? def : def.validate;
  return validate instanceof RegExp ? validate.test(String(data)) : validate(data as never);
}

const patterns = new Map<string, RegExp>();
const patternOf = (source: string) => {
  let re = patterns.get(source);
  if (!re) patterns.set(source, (re = new RegExp(source, 'u')));
  return re;
};

const pointer = (path: string, key: string | number) =>
  `${path}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** Every failure of data against schema, in ajv's shape and order (allErrors). */
export function checkSchema(schema: JsonSchema, data: unknown, path = ''): AjvLikeError[] {
  const errors: AjvLikeError[] = [];
  const fail = (keyword: string, params: Record<string, unknown>, message?: string) =>
    errors.push({ keyword, instancePath: path, params, message });

  // 1. The type.
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => hasType(data, t)))
      fail('type', { type: schema.type }, `must be ${types.join(',')}`);
  }
  // 2. Keywords for any type.
  if ('const' in schema && !equal(data, schema.const)) fail('const', { allowedValue: schema.const });
  if (schema.enum && !schema.enum.some((v) => equal(data, v)))
    fail('enum', { allowedValues: schema.enum }, 'must be equal to one of the allowed values');
  // 3. Numbers.
  if (hasType(data, 'number')) {
    const n = data as number;
    if (schema.maximum !== undefined && !(n <= schema.maximum))
      fail('maximum', { comparison: '<=', limit: schema.maximum });
    if (schema.minimum !== undefined && !(n >= schema.minimum))
      fail('minimum', { comparison: '>=', limit: schema.minimum });
    const exMax = schema.exclusiveMaximum as number | undefined;
    const exMin = schema.exclusiveMinimum as number | undefined;
    if (exMax !== undefined && !(n < exMax)) fail('exclusiveMaximum', { comparison: '<', limit: exMax });
    if (exMin !== undefined && !(n > exMin)) fail('exclusiveMinimum', { comparison: '>', limit: exMin });
    const step = schema.multipleOf as number | undefined;
    if (step !== undefined && !Number.isInteger(n / step)) fail('multipleOf', { multipleOf: step });
    if (typeof schema.format === 'string' && !formatOk(schema.format, n))
      fail('format', { format: schema.format });
  }
  // 4. Strings.
  if (typeof data === 'string') {
    if (schema.maxLength !== undefined && codePoints(data) > schema.maxLength)
      fail('maxLength', { limit: schema.maxLength });
    if (schema.minLength !== undefined && codePoints(data) < schema.minLength)
      fail('minLength', { limit: schema.minLength });
    if (schema.pattern !== undefined && !patternOf(schema.pattern).test(data))
      fail('pattern', { pattern: schema.pattern });
    if (typeof schema.format === 'string' && !formatOk(schema.format, data))
      fail('format', { format: schema.format });
  }
  // 5. Arrays.
  if (Array.isArray(data)) {
    const maxItems = schema.maxItems as number | undefined;
    const minItems = schema.minItems as number | undefined;
    if (maxItems !== undefined && data.length > maxItems) fail('maxItems', { limit: maxItems });
    if (minItems !== undefined && data.length < minItems) fail('minItems', { limit: minItems });
    if (schema.items && typeof schema.items === 'object')
      data.forEach((item, i) => errors.push(...checkSchema(schema.items!, item, pointer(path, i))));
    // (after the items, as ajv reports them)
    const repeated = schema.uniqueItems === true ? repeatedItems(data, schema.items as JsonSchema) : null;
    if (repeated) fail('uniqueItems', repeated);
  }
  // 6. Objects: required, then unknown properties, then each property.
  if (hasType(data, 'object')) {
    const record = data as Record<string, unknown>;
    for (const name of schema.required ?? [])
      if (record[name] === undefined) fail('required', { missingProperty: name });
    const properties = schema.properties ?? {};
    const extra = schema.additionalProperties;
    if (extra !== undefined && extra !== true) {
      for (const key of Object.keys(record)) {
        if (key in properties) continue;
        if (extra === false) fail('additionalProperties', { additionalProperty: key });
        else errors.push(...checkSchema(extra, record[key], pointer(path, key)));
      }
    }
    for (const [name, sub] of Object.entries(properties))
      if (record[name] !== undefined) errors.push(...checkSchema(sub, record[name], pointer(path, name)));
  }
  return errors;
}
