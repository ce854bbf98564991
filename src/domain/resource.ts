/**
 * A resource declaration: what the generic engine needs to give an entity its whole stack
 * (server list/get/create/update/delete, console menu entry, list and add/edit dialog). Each
 * resource is one folder, src/resources/<name>/: the entity's fields, types, choices and required
 * set in its JSON Schema (schema.json), this declaration (index.ts) for what a schema cannot say,
 * its texts (texts.ts), server hooks (hooks.ts) and the parts of a screen of its own.
 */
export interface JsonSchema {
  $id?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  readOnly?: boolean;
  writeOnly?: boolean;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  [key: string]: unknown;
}

import type { Role } from './roles';

/** A resource's entry in the sidebar, at its menus[0] (menu.ts holds only what is not a resource). */
export interface MenuEntry {
  /** The sidebar group it goes in ('master_data_group', 'api_simulator_group'); none: the top level. */
  group?: 'master_data_group' | 'api_simulator_group';
  /** Icon name (src/app/layout/icons.ts). */
  icon: string;
  /**
   * Its place in its group among the other entries, resources' and menu.ts's pages (10, 20, ...);
   * none: after them, in the order of RESOURCES.
   */
  order?: number;
  /** Roles that have it by default: on a new database, and on one in use at the next start. */
  roles: Role[];
  /** The entry's text in each language. */
  label: { id: string; en: string };
}

/**
 * A resource's texts in one language, under resources.<name>: name ('Obat |||| Obat'), title,
 * add_title, edit_title, fields, filters (search and each filter), choices, columns, empty, errors.
 */
export interface ResourceTexts {
  [key: string]: string | ResourceTexts;
}

/** Colours of a chip, as the console's theme names them. */
export type ChipColor = 'default' | 'primary' | 'secondary' | 'success' | 'info' | 'warning' | 'error';

/** How the generated list shows one of its columns, beyond what the field's type says. */
export interface ColumnSpec {
  /**
   * 'code': monospace and bold (a poli code); 'money': 'Rp 25.000'; 'date': dd/MM/yyyy;
   * 'datetime': dd/MM/yyyy HH:mm in Jakarta time; 'chip': the value as a chip in `colors`;
   * 'coordinates': '-6.175392, 106.827153' with the `pair` field.
   * Default: by the schema (booleans and enums as chips, numbers grouped, date-times).
   */
  kind?: 'text' | 'code' | 'money' | 'date' | 'datetime' | 'chip' | 'coordinates' | 'time' | 'json';
  /**
   * 'coordinates': the longitude beside this latitude, both with six decimals; 'time': the end
   * beside this start ('08:00–12:00').
   */
  pair?: string;
  /**
   * A text key below resources.<name>. shown in place of the value, the record's fields as
   * %{field}: numbers grouped, a list or an object as its count, an empty value '-'
   * ('columns.items': '%{medicine_count} obat').
   */
  text?: string;
  /** One chip colour for every value (a specialization); `colors` names some values' own. */
  color?: ChipColor;
  /** Icon names (src/app/layout/icons.ts) of a chip by value ('true': 'Verified'). */
  icons?: Record<string, string>;
  /** Longer text is cut there with '…' (an address under a name). */
  maxLength?: number;
  /**
   * 'json': a button with the summary `text` that opens the record's JSON `fields` (default:
   * this one), edited as forms from their schemas or as raw JSON; `title` and `action` are
   * text keys below resources.<name>. (the record's fields as %{field}).
   */
  json?: { fields?: string[]; title: string; action: string };
  /** Around a number ('± ' and ' m' for an accuracy in metres). */
  prefix?: string;
  suffix?: string;
  /** A field shown as a grey second line under this one (a description under a name). */
  secondary?: string;
  /** Chip colours by value ('true' and 'false' for a boolean); unlisted values are 'default'. */
  colors?: Record<string, ChipColor>;
  /** Shown in bold (the field that names the row). */
  strong?: boolean;
  /** Text key below resources.<name>. for an empty value (last login: 'Belum pernah'); default '-'. */
  empty?: string;
  /** Header text key below resources.<name>. (default: fields.<field>). */
  label?: string;
}

/** Field errors keyed by field name, messages in the user's language. */
export type FieldErrors = Record<string, string>;

export interface ResourceDeclaration {
  /** API path below /api and react-admin resource name, e.g. 'master/patients'. */
  name: string;
  /** Database table. */
  table: string;
  /** Name used in activity logs (defaults to table). */
  auditName?: string;
  schema: JsonSchema;
  /** Menu paths that grant access to this resource's API; the first is its screen. */
  menus: string[];
  /**
   * Its sidebar entry, at menus[0]: the console shows the resource at that route, so where the
   * spec's route differs from the API name ('/simulator/facilities' of 'admin/simulator/facilities')
   * it is said here once. None: a resource without a screen of its own (a child).
   */
  menu?: MenuEntry;
  /** Its texts in both languages (its texts.ts), under resources.<name> and its console name. */
  texts?: { id: ResourceTexts; en: ResourceTexts };
  /** Columns matched (case-insensitively, by substring) by the `search` parameter. */
  search: string[];
  /**
   * Number columns (NIK, phone, card numbers) a search of digits matches from the start: a
   * digit term finds `3171010…` through a prefix index instead of every row sharing its digits.
   */
  searchPrefix?: string[];
  /** Query parameters that filter by equality on the column of the same name. */
  filters: string[];
  /**
   * Date or date-time fields a list filters by a range of days: `<field>_from` and `<field>_to`
   * (YYYY-MM-DD, both included; a date-time's days are Jakarta's). The console offers the two
   * dates beside the search; a range that ends before it starts is refused on `<field>_to`.
   */
  rangeFilters?: string[];
  /**
   * Filters answered through another table: `param_type: { column: 'medical_facility_id',
   * table: 'facility_params', key: 'medical_facility_id', match: 'type' }` keeps the rows whose
   * medical_facility_id is that of a facility_params row whose type is the value. List them in
   * `filters` too.
   */
  relatedFilters?: Record<string, { column: string; table: string; key: string; match: string }>;
  /** Column holding the facility a row belongs to; medical_facility users only see their own. */
  facilityColumn?: string;
  /**
   * At most one record per facility (a unique index on `facilityColumn`: a facility's one
   * simulated facility): a facility user is offered Add only while their list is empty.
   */
  onePerFacility?: boolean;
  /**
   * What the facility picker of the dialog asks the facility list for, where not every facility
   * fits (`{ sandbox: true }`: only facilities with a simulated one, as the sandbox requires).
   */
  facilityFilter?: Record<string, unknown>;
  /** Default order of lists. */
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  /** Columns a caller may sort by, besides the default. */
  sortable?: string[];
  /** Fields stored hashed (passwords): write-only, never returned, blank on update = unchanged. */
  hashed?: string[];
  /**
   * Secrets the server must read back (a password it sends on to a facility): stored encrypted
   * under the server's secret key in `<field>_encrypted`, write-only, never returned, blank on
   * update = unchanged. Each names the readOnly boolean field answered instead: whether one is
   * stored (`{ x_password: 'has_password' }`).
   */
  encrypted?: Record<string, string>;
  /** readOnly fields computed from the record's other fields, not stored (a status). */
  derived?: Record<string, (record: Record<string, any>) => unknown>;
  /**
   * A child resource: its records belong to one record of `resource` and live below it, at
   * /api/<parent name>/:<param>/<path>(/:id). The parent must exist and be within the caller's
   * reach (its own facility scope), else 404; the list is every child of that parent, as an
   * array in the default order (no paging: a record's children are few). Not in RESOURCES: a
   * child has no screen of its own.
   */
  parent?: { resource: ResourceDeclaration; column: string; param: string; path: string };
  /** Fields the console's generic table shows, in order (default: the first six). */
  listColumns?: string[];
  /** How some of those columns are shown (ColumnSpec), by field. */
  columns?: Record<string, ColumnSpec>;
  /**
   * The add/edit dialog's groups, each with a title key below resources.<name>. ('sections.
   * identity'; none: no title) and its fields in order (default: one group of every writable field).
   */
  dialog?: { title?: string; fields: string[] }[];
  /**
   * Writable fields the dialog has no input of their own for, being edited another way (a list
   * button's JSON form, a step's switch, a picker that copies them). Every other writable field
   * that `dialog` leaves out joins its last group, so a new schema field appears in the dialog.
   */
  dialogOmit?: string[];
  /**
   * Values a new record's dialog starts with besides the schema's defaults: a sensible first
   * choice the API does not fill (a new facility is a PUSKESMAS, online).
   */
  dialogDefaults?: Record<string, unknown>;
  /** The filters the console's list offers (default: every enum, boolean and reference filter). */
  listFilters?: string[];
  /** The values a list filter offers where not every schema value (default: the schema's enum). */
  filterChoices?: Record<string, unknown[]>;
  /**
   * Fields holding the id of another resource's record (a delivery's user_id): the form picks
   * the record by searching that resource (autocomplete), shown as `optionText`.
   */
  references?: Record<
    string,
    {
      resource: string;
      /** `label` names a value of the picked resource's field by its choice label (in the console's language). */
      optionText: (record: Record<string, any>, label?: (field: string, value: unknown) => string) => string;
      /**
       * Filters of the picked resource taken from other fields of the form (a doctor of the
       * appointment's facility: `{ medical_facility_id: 'medical_facility_id' }`), so the picker
       * offers only what can be saved.
       */
      narrowBy?: Record<string, string>;
      /**
       * The picked record's field the form stores, where not its id (a schedule keeps the poli's
       * `poly_code`); `copy` fills other fields of the form from the picked record
       * (`{ poly_name: 'poly_name' }`), so the user picks once instead of typing both; a picked
       * patient's facility fills the form's, which narrows its doctor picker.
       */
      valueField?: string;
      copy?: Record<string, string>;
    }
  >;
  /** Step of number inputs where it is not 'any' (medicine weight: 0.1 kg). */
  inputSteps?: Record<string, number>;
  /**
   * What names a record in pickers and titles (default: the id): a field, or a name made of
   * several in the console's language (a schedule: doctor, day and hours), given its `translate`.
   */
  recordRepresentation?:
    string | ((record: Record<string, any>, translate: (key: string) => string) => string);
  /**
   * Fields set on create and fixed afterwards (a code other records refer to): an update that
   * changes one answers 400 on that field; the console's edit dialog shows it disabled.
   */
  createOnly?: string[];
  /**
   * Fields the form shows, and then requires, only while a rule on the other values holds (a
   * facility picker only for the medical_facility role). The server's rule for them lives in
   * `validate` (and write hooks), as for any field.
   */
  visibleWhen?: Record<string, (record: Record<string, any>) => boolean>;
  /**
   * Values that must be unique (a unique index holds them), with the message a duplicate gets:
   * 409 on that field. Without one a duplicate gets the general 'Data dengan nilai ini sudah
   * terdaftar'. The index decides, so two writes racing for one value get the same answer.
   */
  uniqueMessages?: Record<string, string>;
  /**
   * The fields that name a record in the world outside (a patient's identity type and NIK, a
   * facility's code, a poli's code), held unique by an index on exactly these columns: an
   * import updates the record a row names instead of adding one, so importing a file twice
   * changes nothing. Without one an import only adds records.
   */
  naturalKey?: string[];
  /** Rules a JSON Schema cannot express (cross-field checks); shared by server and form. */
  validate?: (record: Record<string, any>) => FieldErrors;
  /**
   * How a field's column differs from what its schema implies (`npm run new:migration` writes
   * and checks the columns by it): `type` where the JSON Schema type leaves a choice (a number is
   * double precision, a coordinate; money 'numeric(12, 2)'; a one-letter code 'character(1)');
   * `notNull` where the rows differ from the API's rule: true for a field the server fills when a
   * write leaves it blank (a generated booking id), false for a required field that rows from
   * elsewhere may lack (the city's facility list has facilities of no listed type).
   */
  storage?: Record<string, { type?: string; notNull?: boolean }>;
  /**
   * Columns of the table that are no field of the API: the server's own (an area code a trigger
   * sets, two-factor secrets). `npm run new:migration` leaves them; it drops any other column
   * without a field (besides the engine's: the id, and a secret's `_hash` or `_encrypted`).
   */
  serverColumns?: string[];
}

export const defineResource = (decl: ResourceDeclaration) => decl;

/** The error on a date range's end that comes before its start. */
export const RANGE_END_BEFORE_START = 'Tanggal akhir tidak boleh sebelum tanggal awal';

/** The query parameters of a range filter on `field`. */
export const rangeParams = (field: string) => ({ from: `${field}_from`, to: `${field}_to` });

/** The error on a createOnly field an update tried to change. */
export const CREATE_ONLY_MESSAGE = 'Tidak dapat diubah setelah data dibuat';

/** A property's type without its null: ['string', 'null'] → 'string'. */
export const baseType = (p: JsonSchema) =>
  (Array.isArray(p.type) ? p.type.find((t) => t !== 'null') : p.type) ?? 'string';

/** Fields the caller may write: every property that is not readOnly. */
export function writableFields(decl: ResourceDeclaration): string[] {
  return Object.entries(decl.schema.properties ?? {})
    .filter(([, p]) => !p.readOnly)
    .map(([k]) => k);
}

/**
 * The add/edit dialog's groups: the declared `dialog`, with every writable field it leaves out
 * (and `dialogOmit` does not name) added to its last group; without one, every writable field.
 */
export function dialogGroups(decl: ResourceDeclaration): { title?: string; fields: string[] }[] {
  const writable = writableFields(decl);
  if (!decl.dialog?.length) return [{ fields: writable }];
  const placed = new Set([...decl.dialog.flatMap((g) => g.fields), ...(decl.dialogOmit ?? [])]);
  const rest = writable.filter((f) => !placed.has(f));
  return decl.dialog.map((g, i) =>
    i === decl.dialog!.length - 1
      ? { ...g, fields: [...g.fields, ...rest] }
      : { ...g, fields: [...g.fields] },
  );
}

/** Fields never returned: writeOnly properties. */
export function writeOnlyFields(decl: ResourceDeclaration): string[] {
  return Object.entries(decl.schema.properties ?? {})
    .filter(([, p]) => p.writeOnly)
    .map(([k]) => k);
}

/**
 * The values a new record of the console starts with: each writable field's schema `default`,
 * the signed-in admin as `created_by`, and their own facility, where they have one, in the declaration's
 * `facilityColumn` (a facility user's is fixed there by the server anyway). A screen adds only
 * what depends on more than this.
 */
export function createDefaults(
  decl: ResourceDeclaration,
  identity: { medical_facility_id?: number | null; username?: string; fullName?: string },
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const props = decl.schema.properties ?? {};
  for (const [field, p] of Object.entries(props)) {
    if (!p.readOnly && p.default !== undefined) values[field] = structuredClone(p.default);
  }
  Object.assign(values, structuredClone(decl.dialogDefaults ?? {}));
  // Who creates the record, where the record says so.
  if (props.created_by && !props.created_by.readOnly)
    values.created_by = identity.username ?? identity.fullName ?? '';
  const column = decl.facilityColumn;
  if (column && column !== 'id' && identity.medical_facility_id)
    values[column] = identity.medical_facility_id;
  return values;
}
