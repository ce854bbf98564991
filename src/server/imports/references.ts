/**
 * Fields of an imported row that name another record: the facility a row belongs to (by id,
 * code or name), and a declaration's references (by id, the referenced resource's natural key
 * or the field that names its records). Each batch asks the database once per field for the
 * texts it has not met yet; answers are remembered for the rest of the file.
 */
import type { Queryable } from '../db/db.js';
import type { ResourceDeclaration } from '../../domain/resource.js';
import { normalizeLabel } from '../../domain/import-values.js';
import { medicalFacilities } from '../../resources/medical-facilities/index.js';
import { quote } from '../resources/model.js';

export const REFERENCE_MESSAGES = {
  notFound: (what: string, text: string) => `${what} "${text}" tidak ditemukan (isi ID, kode atau nama)`,
  ambiguous: (what: string, text: string) =>
    `${what} "${text}" cocok dengan lebih dari satu data; gunakan ID atau kode`,
};

interface Target {
  field: string;
  /** What the message calls the referenced record ('Fasilitas'). */
  what: string;
  table: string;
  /** The referenced record's column the field stores (its id, or a code). */
  value: string;
  /** Columns a text may match, in order of preference. */
  match: string[];
}

type Answer = { value: unknown } | { problem: string };

const MAX_REMEMBERED = 100_000;

/** The reference fields of a resource (`all`: every declared resource, to find the referenced ones). */
export function referenceTargets(decl: ResourceDeclaration, all: ResourceDeclaration[]): Target[] {
  const targets: Target[] = [];
  const f = decl.facilityColumn;
  if (f && f !== 'id' && !decl.references?.[f])
    targets.push({
      field: f,
      what: 'Fasilitas',
      table: medicalFacilities.table,
      value: 'id',
      match: ['code', 'name'],
    });
  for (const [field, ref] of Object.entries(decl.references ?? {})) {
    const target = all.find((d) => d.name === ref.resource);
    if (!target) continue;
    const key = target.naturalKey?.length === 1 ? target.naturalKey : [];
    const named = typeof target.recordRepresentation === 'string' ? [target.recordRepresentation] : [];
    targets.push({
      field,
      what: target.name === medicalFacilities.name ? 'Fasilitas' : 'Data rujukan',
      table: target.table,
      value: ref.valueField ?? 'id',
      match: [...new Set([ref.valueField ?? 'id', ...key, ...named].filter((c) => c !== 'id'))],
    });
  }
  return targets;
}

export function referenceResolver(targets: Target[]) {
  const remembered = new Map<string, Map<string, Answer>>(targets.map((t) => [t.field, new Map()]));

  async function lookUp(db: Queryable, t: Target, texts: string[]) {
    const known = remembered.get(t.field)!;
    if (known.size > MAX_REMEMBERED) known.clear();
    const keys = texts.map((x) => normalizeLabel(x));
    const cols = [...new Set(['id', t.value, ...t.match])];
    const { rows } = await db.query<Record<string, string | null>>(
      `SELECT ${cols.map((c) => `${quote(c)}::text AS ${quote(c)}`).join(', ')} FROM ${quote(t.table)}
        WHERE id::text = ANY($1::text[]) OR ${t.match.map((c) => `lower(${quote(c)}::text) = ANY($2::text[])`).join(' OR ') || 'false'}`,
      [texts, keys],
    );
    for (const text of texts) {
      const key = normalizeLabel(text);
      let found = /^\d+$/.test(text) ? rows.filter((r) => r.id === text) : [];
      for (const c of t.match) {
        if (found.length) break;
        found = rows.filter((r) => r[c] != null && normalizeLabel(r[c]!) === key);
      }
      const values = [...new Set(found.map((r) => r[t.value]))];
      known.set(
        text,
        values.length === 1
          ? { value: t.value === 'id' ? Number(values[0]) : values[0] }
          : {
              problem: (values.length ? REFERENCE_MESSAGES.ambiguous : REFERENCE_MESSAGES.notFound)(
                t.what,
                text,
              ),
            },
      );
    }
  }

  return {
    fields: new Set(targets.map((t) => t.field)),
    /**
     * Replaces the text of each reference field of these records by the value it names; the
     * problems by record index and field.
     */
    async resolve(db: Queryable, records: Record<string, unknown>[]) {
      const problems: { index: number; field: string; message: string }[] = [];
      for (const t of targets) {
        const known = remembered.get(t.field)!;
        const unknown = new Set<string>();
        for (const r of records) {
          const v = r[t.field];
          if (v != null && !known.has(String(v))) unknown.add(String(v));
        }
        if (unknown.size) await lookUp(db, t, [...unknown]);
        records.forEach((r, index) => {
          if (r[t.field] == null) return;
          const answer = known.get(String(r[t.field]))!;
          if ('value' in answer) r[t.field] = answer.value;
          else problems.push({ index, field: t.field, message: answer.problem });
        });
      }
      return problems;
    },
  };
}
