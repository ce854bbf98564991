import type { ResourceDeclaration, JsonSchema } from '../../../domain/resource';
import { EN_VALIDATION_TEXTS, ID_VALIDATION_TEXTS, fieldErrorsFromAjv } from '../../../domain/validation';
import { checkSchema, unsupportedKeywords } from './schemaCheck';

const prepared = {
  create: new WeakMap<ResourceDeclaration, JsonSchema>(),
  edit: new WeakMap<ResourceDeclaration, JsonSchema>(),
};

/** The schema a form checks: writable fields only, secrets optional when editing. */
function formSchema(decl: ResourceDeclaration, editing: boolean): JsonSchema {
  const { $id: _id, $schema: _s, ...schema } = decl.schema;
  const properties = Object.fromEntries(
    Object.entries(schema.properties ?? {}).filter(([, p]) => !p.readOnly),
  );
  const secrets = [...(decl.hashed ?? []), ...Object.keys(properties).filter((k) => properties[k].writeOnly)];
  const required = (schema.required ?? []).filter(
    (k) => k in properties && !(editing && secrets.includes(k)),
  );
  return { ...schema, properties, required };
}

/** Drops blank optional values the way the server does (blank = null, blank secret = unchanged). */
export function cleanValues(decl: ResourceDeclaration, values: Record<string, any>) {
  const props = decl.schema.properties ?? {};
  const out: Record<string, any> = {};
  for (const [k, v] of Object.entries(values)) {
    if (!(k in props) || props[k].readOnly) continue;
    if (v === '' || v === null || v === undefined) continue;
    out[k] = v;
  }
  return out;
}

/**
 * Field errors keyed by path ('journey_steps.0.title') as the nested object the form's fields
 * read them from ({ journey_steps: { 0: { title } } }); a message for a field that also has
 * errors inside it goes to its `root`.
 */
export function nestErrors(flat: Record<string, string>): Record<string, any> {
  const out: Record<string, any> = {};
  const entries = Object.entries(flat).sort(([a], [b]) => a.split('.').length - b.split('.').length);
  for (const [path, message] of entries) {
    const keys = path.split('.');
    let node = out;
    for (const key of keys.slice(0, -1)) {
      if (typeof node[key] === 'string') node[key] = { root: node[key] };
      node = node[key] ??= {};
    }
    const last = keys[keys.length - 1];
    if (typeof node[last] === 'object') node[last].root = message;
    else node[last] = message;
  }
  return out;
}

/**
 * react-admin form-level validation from the resource's JSON Schema (the server's rules and
 * messages, checked without generated code: see schemaCheck.ts) plus its cross-field rules:
 * the same messages the API would answer with, before the call.
 */
/** The schema checks' messages in the console's language (the server's answers stay Indonesian). */
export const validationTexts = (locale: string) =>
  locale === 'en' ? EN_VALIDATION_TEXTS : ID_VALIDATION_TEXTS;

export function schemaValidator(decl: ResourceDeclaration, editing: boolean, locale = 'id') {
  const cache = editing ? prepared.edit : prepared.create;
  let schema = cache.get(decl);
  if (!schema) {
    schema = formSchema(decl, editing);
    const unsupported = unsupportedKeywords(schema);
    if (unsupported.length)
      throw new Error(`${decl.name}: the form cannot check ${unsupported.join(', ')} (schemaCheck.ts)`);
    cache.set(decl, schema);
  }
  const check = schema;
  return (values: Record<string, any>) => {
    const data = cleanValues(decl, values);
    const errors = fieldErrorsFromAjv(checkSchema(check, data), validationTexts(locale));
    return nestErrors({ ...errors, ...(decl.validate?.(data) ?? {}) });
  };
}
