/**
 * Which field each column of an imported file fills: the export's Indonesian headers, the
 * English ones or the field names, matched however they are written ('Nama Lengkap',
 * 'nama_lengkap', 'full_name'); the caller's mapping overrides. And how a cell's text becomes
 * the field's value (by the field's JSON Schema, its choices' labels and its column kind).
 */
import { id as indonesian } from '../../../i18n/id.js';
import { en as english } from '../../../i18n/en.js';
import {
  IMPORT_VALUE_MESSAGES as MSG,
  normalizeLabel,
  parseBooleanText,
  parseDateText,
  parseDateTimeText,
  parseNumberText,
} from '../../domain/import-values.js';
import { JAKARTA_AREAS } from '../../domain/jakarta.js';
import { baseType, type JsonSchema, type ResourceDeclaration } from '../../domain/resource.js';
import type { ResourceModel } from '../resources/model.js';

type Texts = { fields?: Record<string, string>; choices?: Record<string, Record<string, string>> };
const textsOf = (lang: typeof indonesian | typeof english, decl: ResourceDeclaration, which: 'id' | 'en') =>
  ((lang.resources as Record<string, Texts>)[decl.name] ??
    (decl.texts?.[which] as Texts | undefined) ??
    {}) as Texts;

/** The Indonesian header of a field (as the export writes it), else its name. */
export const fieldLabel = (decl: ResourceDeclaration, field: string) =>
  textsOf(indonesian, decl, 'id').fields?.[field] ?? field;

/** normalized header → field, for every writable field. */
function headerIndex(m: ResourceModel): Map<string, string> {
  const index = new Map<string, string>();
  for (const which of ['en', 'id'] as const) {
    const fields = textsOf(which === 'id' ? indonesian : english, m.decl, which).fields ?? {};
    for (const f of m.writable) if (fields[f]) index.set(normalizeLabel(fields[f]), f);
  }
  for (const f of m.writable) index.set(normalizeLabel(f), f);
  return index;
}

export interface ColumnField {
  column: string;
  field: string | null;
}

/**
 * The field of each column: the caller's mapping first (a column mapped to '' or null is
 * left out), else the header recognised. A field is filled from one column only: the first.
 */
export function mapColumns(
  m: ResourceModel,
  headers: string[],
  mapping: Record<string, string | null> = {},
): ColumnField[] {
  const index = headerIndex(m);
  const taken = new Set<string>();
  return headers.map((column) => {
    const chosen = column in mapping ? mapping[column] || null : (index.get(normalizeLabel(column)) ?? null);
    const field = chosen && m.writable.includes(chosen) && !taken.has(chosen) ? chosen : null;
    if (field) taken.add(field);
    return { column, field };
  });
}

/** The fields a mapping may name: the writable ones. */
export const mappableFields = (m: ResourceModel) => m.writable;

const AREA_LEVEL: Record<string, string> = {
  province: 'provinsi',
  regency: 'kabupaten',
  district: 'kecamatan',
};

/** A region field's canonical name from a name in any case or a code ('31.71.01' or '317101'). */
function areaNames(level: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const a of JAKARTA_AREAS.filter((x) => x.level === level)) {
    names.set(normalizeLabel(a.name), a.name);
    names.set(a.code, a.name);
    names.set(a.code.replace(/\./g, ''), a.name);
  }
  return names;
}

/** A cell its field cannot take, and why. */
export class CellProblem {
  constructor(readonly message: string) {}
}
/** An empty cell of a field that takes no empty value: the record leaves the field out. */
export const MISSING = Symbol('missing');

/** A cell's value, or why there is none (a new object only for a problem: a million rows ask). */
export type Converted = unknown;

/** Turns one cell of a field into its value, a CellProblem or MISSING. */
export function fieldConverter(m: ResourceModel, field: string, money: boolean): (text: string) => Converted {
  const p: JsonSchema = m.props[field];
  const type = baseType(p);
  const nullable = Array.isArray(p.type) ? p.type.includes('null') : false;
  const required = m.required.includes(field);
  const empty = nullable && !required ? null : MISSING;
  const choiceLabels = new Map<string, unknown>();
  for (const which of ['en', 'id'] as const) {
    const choices = textsOf(which === 'id' ? indonesian : english, m.decl, which).choices?.[field] ?? {};
    for (const [value, label] of Object.entries(choices))
      choiceLabels.set(normalizeLabel(label), type === 'boolean' ? value === 'true' : value);
  }
  for (const v of p.enum ?? []) if (v !== null) choiceLabels.set(normalizeLabel(String(v)), v);
  const areas = AREA_LEVEL[field] && type === 'string' ? areaNames(AREA_LEVEL[field]) : null;
  // The text as it is most often written (a value or a label exactly) found without normalizing.
  const exact = new Map<string, unknown>();
  for (const v of p.enum ?? []) if (v !== null) exact.set(String(v), v);
  for (const [name, value] of areas ?? []) if (!/^\d/.test(name)) exact.set(value, value);
  const choice = (text: string) => exact.get(text) ?? choiceLabels.get(normalizeLabel(text));

  return (raw) => {
    const text =
      raw.length && (raw.charCodeAt(0) <= 32 || raw.charCodeAt(raw.length - 1) <= 32) ? raw.trim() : raw;
    if (text === '') return empty;
    if (type === 'boolean') {
      const v = choice(text) ?? parseBooleanText(text);
      return v === undefined ? new CellProblem(MSG.boolean) : v;
    }
    if (type === 'integer' || type === 'number') {
      const n = parseNumberText(text, type === 'integer' || money);
      if (n === undefined || (type === 'integer' && !Number.isInteger(n)))
        return new CellProblem(type === 'integer' ? MSG.integer : MSG.number);
      return n;
    }
    if (type === 'object' || type === 'array' || p.$ref !== undefined) {
      try {
        return JSON.parse(text);
      } catch {
        return new CellProblem(MSG.json);
      }
    }
    if (p.format === 'date') return parseDateText(text) ?? new CellProblem(MSG.date);
    if (p.format === 'date-time') return parseDateTimeText(text) ?? new CellProblem(MSG.dateTime);
    if (p.enum) return choice(text) ?? text;
    if (areas) return exact.get(text) ?? areas.get(normalizeLabel(text)) ?? areas.get(text) ?? text;
    return text;
  };
}
