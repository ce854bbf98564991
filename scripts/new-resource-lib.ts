/**
 * What `npm run new:resource -- <name> <schema.json>` writes for a new master entity, from its
 * JSON Schema: its folder src/resources/<name>/ (the schema, the declaration with its menu
 * entry, its texts in both languages), a numbered migration from the schema's types with the
 * list indexes the declaration implies, and a test file that runs the generic resource tests on
 * it. Pure: scripts/new-resource.ts writes the files, tests check what they hold.
 */
import { baseType, type JsonSchema, type ResourceDeclaration } from '../src/domain/resource';
import { ALL_DECLARATIONS, createTableSql, expectedTable, migrationFileName } from './new-migration-lib';

export interface ScaffoldFile {
  path: string;
  content: string;
}

export interface Scaffold {
  decl: ResourceDeclaration;
  /** The schema as written (id, created_at and updated_at added when missing). */
  schema: JsonSchema;
  files: ScaffoldFile[];
  /** What the maintainer should look at before committing. */
  review: string[];
}

const READ_ONLY = ['id', 'created_at', 'updated_at'];
const MONEY = /(^|_)(price|harga|fee|cost|tarif|biaya|amount)$/;
const CODE = /(^|_)(code|kode)$/;

/** The fields every entity has, in both languages. */
const STANDARD: Record<string, { id: string; en: string }> = {
  id: { id: 'ID', en: 'ID' },
  created_at: { id: 'Dibuat', en: 'Created' },
  updated_at: { id: 'Diperbarui', en: 'Updated' },
};

/** 'medicine_units' → 'Medicine Units'. */
const humanize = (field: string) => field.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
/** 'medicine-units' → 'medicineUnits'. */
const camel = (slug: string) => slug.replace(/[-_](\w)/g, (_, c: string) => c.toUpperCase());

/** The declaration of a new master entity `slug` (e.g. 'medicines') over `schema`. */
export function declarationFor(
  slug: string,
  schema: JsonSchema,
  title: { id: string; en: string },
): ResourceDeclaration {
  const props = schema.properties ?? {};
  const fields = Object.keys(props).filter((k) => !READ_ONLY.includes(k) && !props[k].writeOnly);
  const type = (k: string) => baseType(props[k]);
  const plainText = (k: string) => type(k) === 'string' && !props[k].enum && !props[k].format;
  const json = (k: string) => ['object', 'array'].includes(type(k));
  const listed = fields.filter((k) => !json(k)).slice(0, 6);
  const columns: NonNullable<ResourceDeclaration['columns']> = {};
  for (const k of listed) {
    if (CODE.test(k)) columns[k] = { kind: 'code' };
    else if (MONEY.test(k) && ['number', 'integer'].includes(type(k))) columns[k] = { kind: 'money' };
  }
  const hasFacility = 'medical_facility_id' in props;
  // Money is an exact decimal; any other number a double (storage).
  const money = fields.filter((k) => MONEY.test(k) && type(k) === 'number');
  return {
    name: `master/${slug}`,
    table: slug.replace(/-/g, '_'),
    schema,
    menus: [`/master/${slug}`],
    menu: {
      group: 'master_data_group',
      icon: 'storage',
      roles: hasFacility ? ['admin', 'super_admin', 'medical_facility'] : ['admin', 'super_admin'],
      label: title,
    },
    search: fields.filter(plainText).slice(0, 2),
    filters: fields.filter((k) => props[k].enum || type(k) === 'boolean' || k === 'medical_facility_id'),
    // A date of the entity's own is filtered by a range of days (its sort index serves it).
    ...(fields.some((k) => props[k].format === 'date')
      ? { rangeFilters: fields.filter((k) => props[k].format === 'date') }
      : {}),
    ...(hasFacility ? { facilityColumn: 'medical_facility_id' } : {}),
    defaultSort: { field: 'created_at', order: 'DESC' },
    sortable: [
      ...fields.filter(
        (k) => plainText(k) || ['number', 'integer'].includes(type(k)) || props[k].format === 'date',
      ),
      'id',
    ].filter((k) => k !== 'medical_facility_id'),
    listColumns: listed,
    ...(Object.keys(columns).length ? { columns } : {}),
    ...(money.length
      ? { storage: Object.fromEntries(money.map((k) => [k, { type: 'numeric(16, 2)' }])) }
      : {}),
    recordRepresentation: fields.find(plainText) ?? 'id',
    texts: textsFor(schema, fields, title),
  };
}

function textsFor(schema: JsonSchema, fields: string[], title: { id: string; en: string }) {
  const props = schema.properties ?? {};
  const label = (k: string) => String(props[k]?.title ?? humanize(k));
  const fieldTexts = (lang: 'id' | 'en') =>
    Object.fromEntries(Object.keys(props).map((k) => [k, STANDARD[k]?.[lang] ?? label(k)]));
  const choices = (yes: string, no: string) =>
    Object.fromEntries(
      fields
        .filter((k) => props[k].enum || baseType(props[k]) === 'boolean')
        .map((k) => [
          k,
          props[k].enum
            ? Object.fromEntries(props[k].enum!.filter((v) => v !== null).map((v) => [String(v), String(v)]))
            : { true: yes, false: no },
        ]),
    );
  const filters = (search: string) => ({
    search,
    ...Object.fromEntries(
      fields.filter((k) => props[k].enum || baseType(props[k]) === 'boolean').map((k) => [k, label(k)]),
    ),
  });
  return {
    id: {
      name: `${title.id} |||| ${title.id}`,
      title: `Data ${title.id}`,
      add_title: `Tambah ${title.id}`,
      edit_title: `Edit ${title.id}`,
      fields: fieldTexts('id'),
      filters: filters('Cari'),
      choices: choices('Ya', 'Tidak'),
      empty: `Belum ada data ${title.id.toLowerCase()}`,
      errors: {
        fetch: `Gagal mengambil data ${title.id.toLowerCase()}`,
        save: `Gagal menyimpan data ${title.id.toLowerCase()}`,
        delete: `Gagal menghapus data ${title.id.toLowerCase()}`,
      },
    },
    en: {
      name: `${title.en} |||| ${title.en}`,
      title: title.en,
      add_title: `Add ${title.en}`,
      edit_title: `Edit ${title.en}`,
      fields: fieldTexts('en'),
      filters: filters('Search'),
      choices: choices('Yes', 'No'),
      empty: `No ${title.en.toLowerCase()} yet`,
      errors: {
        fetch: `Failed to fetch ${title.en.toLowerCase()}`,
        save: `Failed to save ${title.en.toLowerCase()}`,
        delete: `Failed to delete ${title.en.toLowerCase()}`,
      },
    },
  };
}

/** The CREATE TABLE of a declaration, and its list indexes (scripts/new-migration-lib.ts writes them). */
export function migrationFor(decl: ResourceDeclaration): string {
  return [
    `-- ${decl.name}: the table of its declaration (src/resources), written by npm run new:resource.`,
    `-- The list indexes are those the declaration implies (a start builds any that are missing).`,
    ...createTableSql(expectedTable(decl, ALL_DECLARATIONS)),
    '',
  ].join('\n');
}

/** Everything the command writes for `slug` over `schema`, the migration numbered `number`. */
export function scaffoldResource(
  slug: string,
  input: JsonSchema,
  number: number,
  title = { id: humanize(slug), en: humanize(slug) },
): Scaffold {
  if (!/^[a-z][a-z0-9-]*$/.test(slug))
    throw new Error(`name: lower-case letters, digits and '-' (got '${slug}')`);
  const schema: JsonSchema = {
    ...input,
    $id: input.$id ?? slug,
    type: 'object',
    properties: {
      id: { type: 'integer', readOnly: true },
      ...input.properties,
      created_at: { type: 'string', format: 'date-time', readOnly: true },
      updated_at: { type: 'string', format: 'date-time', readOnly: true },
    },
  };
  const decl = declarationFor(slug, schema, title);
  const constName = camel(slug);
  const textsName = `${constName}Texts`;
  const { schema: _schema, texts, ...rest } = decl;
  const dir = `src/resources/${slug}`;
  const declaration = `import schema from './schema.json';
import { defineResource, type JsonSchema } from '../../domain/resource';
import { ${textsName} } from './texts';

/** ${title.en}: written by npm run new:resource; adjust the search, filters, columns and texts. */
export const ${constName} = defineResource({
  schema: schema as JsonSchema,
  ${JSON.stringify(rest, null, 2).slice(1, -1).trim()},
  texts: ${textsName},
});
`;
  const textsFile = `/** ${title.en} in both languages, field labels from the schema's titles (npm run new:resource). */
import { defineTexts } from '../../../i18n/resources/define';

export const ${textsName} = defineTexts(${JSON.stringify(texts, null, 2)});
`;
  const test = `/** The generic resource tests on ${decl.name} (written by npm run new:resource). */
import { describeGeneratedResource } from './generic-resource';
import { ${constName} } from '../../src/resources/${slug}';

describeGeneratedResource(${constName});
`;
  const file = migrationFileName(number, slug);
  return {
    decl,
    schema,
    files: [
      { path: `${dir}/schema.json`, content: `${JSON.stringify(schema, null, 2)}\n` },
      { path: `${dir}/index.ts`, content: declaration },
      { path: `src/server/db/migrations/${file}`, content: migrationFor(decl) },
      { path: `tests/api/${slug}.test.ts`, content: test },
      { path: `${dir}/texts.ts`, content: textsFile },
    ],
    review: [
      `src/resources/${slug}/index.ts: the menu entry (group, icon, order, roles), search, filters, list columns and their kinds, the dialog's groups`,
      `src/resources/${slug}/texts.ts: the texts in both languages (written from the schema's titles)`,
      `src/server/db/migrations/${file}: column types (money as numeric(16, 2), other numbers double precision: storage), NOT NULLs and defaults`,
      `a reference other than medical_facility_id: add it to \`references\`, then npm run new:migration -- <label> writes its foreign key`,
    ],
  };
}
