import { RESOURCE_FORMS, validateFns } from 'virtual:rjsf-resource-validators';
import type { ResourceDeclaration } from '../../../domain/resource';
import { fieldErrorsToEnglish } from '../../../resources/messages-en';
import {
  EN_VALIDATION_TEXTS,
  ID_VALIDATION_TEXTS,
  fieldErrorsFromAjv,
  type AjvLikeError,
} from '../../../domain/validation';

/** A build-time validator: true or false, its failures in `errors` (ajv's shape). */
type Check = ((data: unknown) => boolean) & { errors?: AjvLikeError[] | null };

/** The fields a form requires: writable ones, secrets not when editing (blank keeps them). */
function requiredFields(decl: ResourceDeclaration, editing: boolean): Set<string> {
  const properties = decl.schema.properties ?? {};
  const secrets = [...(decl.hashed ?? []), ...Object.keys(properties).filter((k) => properties[k].writeOnly)];
  return new Set(
    (decl.schema.required ?? []).filter(
      (k) => k in properties && !properties[k].readOnly && !(editing && secrets.includes(k)),
    ),
  );
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

/** The schema checks' messages in the console's language (the server's answers stay Indonesian). */
export const validationTexts = (locale: string) =>
  locale === 'en' ? EN_VALIDATION_TEXTS : ID_VALIDATION_TEXTS;

/** The build-time validator of a declared resource's form, and the forms of its JSON fields. */
export function resourceForms(decl: ResourceDeclaration) {
  const forms = RESOURCE_FORMS[decl.name];
  if (!forms) throw new Error(`${decl.name}: no build-time validator (scripts/rjsf-validators.ts)`);
  return { check: validateFns[forms.id] as Check, fields: forms.fields };
}

/**
 * react-admin form-level validation from the resource's JSON Schema, by the validator compiled
 * from it at build time (the server's rules and messages), plus its cross-field rules: the same
 * messages the API would answer with, before the call.
 */
export function schemaValidator(decl: ResourceDeclaration, editing: boolean, locale = 'id') {
  const { check } = resourceForms(decl);
  const required = requiredFields(decl, editing);
  return (values: Record<string, any>) => {
    const data = cleanValues(decl, values);
    check(data);
    // A secret left blank on edit keeps its value: not missing.
    const failures = (check.errors ?? []).filter(
      (e) => !(e.keyword === 'required' && !e.instancePath && !required.has(e.params.missingProperty)),
    );
    const errors = fieldErrorsFromAjv(failures, validationTexts(locale));
    const own = decl.validate?.(data) ?? {};
    return nestErrors({ ...errors, ...(locale === 'en' ? fieldErrorsToEnglish(own) : own) });
  };
}
