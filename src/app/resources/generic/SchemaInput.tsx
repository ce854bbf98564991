import type { ReactNode } from 'react';
import {
  AutocompleteInput,
  BooleanInput,
  DateInput,
  DateTimeInput,
  NumberInput,
  PasswordInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  required as requiredValidator,
  useGetIdentity,
  useTranslate,
  type Validator,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { baseType, type JsonSchema, type ResourceDeclaration } from '../../../domain/resource';
import { optionTextOf } from './optionText';
import { ValuePicker } from './ValuePicker';
import { JsonFieldInput } from './JsonFieldInput';
import { useMe } from '../../layout/useMe';
import { pickerResourceOf } from '../screen-paths';

/** The choices of an integer field with a small range whose every value has a name, else null. */
export function namedRange(prop: JsonSchema, name: (v: number) => string) {
  if (baseType(prop) !== 'integer' || prop.minimum == null || prop.maximum == null) return null;
  if (prop.maximum - prop.minimum > 31) return null;
  const choices = [];
  for (let v = prop.minimum; v <= prop.maximum; v++) {
    const label = name(v);
    if (!label) return null;
    choices.push({ id: v, name: label });
  }
  return choices;
}

/** A time of day ('HH:MM'): the browser's time picker. */
const TIME_OF_DAY = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

/**
 * Fields that link to a facility use the facility picker: it searches the facilities by name on
 * the server as the user types (GET /api/admin/medical-facilities?search=…), so every one of
 * them can be reached, however many there are.
 */
export const FACILITY_FIELD = 'medical_facility_id';

/**
 * One input for one schema property: a choice list for an enum, a date picker for a date,
 * a number field, a switch, a password field for write-only values, else a text field.
 * Labels come from resources.<name>.fields.<field>, choice labels from
 * resources.<name>.choices.<field>.<value> when present.
 */
type SchemaInputProps = {
  decl: ResourceDeclaration;
  field: string;
  editing: boolean;
  /** The first field of a new record's dialog takes the keyboard focus. */
  autoFocus?: boolean;
};

/** The field's input, or nothing while the declaration's `visibleWhen` rule for it does not hold. */
export function SchemaInput(props: SchemaInputProps) {
  const rule = props.decl.visibleWhen?.[props.field];
  return rule ? <ConditionalInput {...props} rule={rule} /> : <SchemaField {...props} />;
}

function ConditionalInput({
  rule,
  ...props
}: SchemaInputProps & { rule: (r: Record<string, any>) => boolean }) {
  const values = useWatch();
  return rule(values) ? <SchemaField {...props} /> : null;
}

/**
 * A reference picker narrowed by other fields of the form (`narrowBy`): only it follows the
 * form's values, so the other inputs do not render again on every key.
 */
function NarrowedPicker({
  narrowBy,
  render,
}: {
  narrowBy: Record<string, string>;
  render: (filter: Record<string, unknown>) => ReactNode;
}) {
  const watched = useWatch({ name: Object.values(narrowBy) }) as unknown[];
  const filter = Object.fromEntries(
    Object.keys(narrowBy)
      .map((name, i) => [name, watched[i]])
      .filter(([, v]) => v != null && v !== ''),
  );
  return <>{render(filter)}</>;
}

/** A createOnly field on edit: read-only, not disabled (legible text, WCAG contrast; the hint says why). */
const FIXED = {
  readOnly: true,
  sx: {
    '& .MuiInputBase-root': { bgcolor: 'action.hover' },
    '& .MuiInputBase-input, & .MuiFormHelperText-root, & .MuiInputLabel-root': {
      color: 'text.secondary',
      WebkitTextFillColor: 'currentColor',
    },
  },
};

/**
 * A field holding another record: a picker searching that resource (narrowed by other fields of
 * the form where declared), one storing another field of the picked record (valueField), or the
 * facility picker (locked to their own for a facility user).
 */
function RecordPicker({
  decl,
  field,
  label,
  validate,
}: {
  decl: ResourceDeclaration;
  field: string;
  label: string;
  validate?: Validator;
}) {
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const { data: me } = useMe();
  const { setValue } = useFormContext();
  const reference = decl.references?.[field];
  if (reference?.valueField) {
    const valueReference = { ...reference, valueField: reference.valueField };
    // Required where a field it fills is (a schedule's poli name).
    const fills = Object.keys(reference.copy ?? {}).some((f) => decl.schema.required?.includes(f));
    const picker = (filter: Record<string, unknown> = {}) => (
      <ValuePicker
        field={field}
        reference={valueReference}
        label={label}
        validate={validate ?? (fills ? requiredValidator() : undefined)}
        filter={filter}
        resource={pickerResourceOf(reference.resource, me?.menus)}
        labels={Object.fromEntries(
          Object.entries(reference.narrowBy ?? {}).map(([name, source]) => [
            name,
            `resources.${decl.name}.fields.${source}`,
          ]),
        )}
      />
    );
    return reference.narrowBy ? <NarrowedPicker narrowBy={reference.narrowBy} render={picker} /> : picker();
  }
  const locked = !reference && decl.facilityColumn === field && identity?.role === 'medical_facility';
  const picker = (filter?: Record<string, unknown>) => (
    <ReferenceInput
      source={field}
      reference={reference ? pickerResourceOf(reference.resource, me?.menus) : 'admin/medical-facilities'}
      sort={reference ? undefined : { field: 'name', order: 'ASC' }}
      filter={reference ? filter : decl.facilityFilter}
    >
      <AutocompleteInput
        noOptionsText="app.common.no_options"
        optionText={reference ? optionTextOf(reference, translate) : 'name'}
        label={label}
        validate={validate}
        fullWidth
        helperText={false}
        disabled={locked}
        filterToQuery={(q: string) => ({ q })}
        // Fields the picked record fills (a patient's facility, which then narrows the doctor picker).
        onChange={(_value: unknown, record: Record<string, any> | '') => {
          for (const [target, source] of Object.entries(reference?.copy ?? {}))
            if (record && record[source] != null) setValue(target, record[source], { shouldDirty: true });
        }}
      />
    </ReferenceInput>
  );
  return reference?.narrowBy ? <NarrowedPicker narrowBy={reference.narrowBy} render={picker} /> : picker();
}

function SchemaField({ decl, field, editing, autoFocus }: SchemaInputProps) {
  const translate = useTranslate();
  const prop = decl.schema.properties![field];
  const secret = prop.writeOnly || decl.hashed?.includes(field);
  // A field asked for only under a condition (visibleWhen) is required whenever it is shown.
  const isRequired =
    ((decl.schema.required ?? []).includes(field) || !!decl.visibleWhen?.[field]) && !(editing && secret);
  const validate = isRequired ? requiredValidator() : undefined;
  const label = `resources.${decl.name}.fields.${field}`;
  // A createOnly field is shown but fixed on edit (read-only, so the form still sends its value).
  const fixed = editing && !!decl.createOnly?.includes(field);
  const fixedProps = fixed ? FIXED : {};
  // A hint under the field where the resource's texts give one (resources.<name>.helpers.<field>;
  // `<field>_edit` on an edit form), else none.
  const helper = (key: string) => translate(`resources.${decl.name}.helpers.${key}`, { _: '' });
  const hint = (editing && helper(`${field}_edit`)) || helper(field);
  const common = {
    source: field,
    label,
    validate,
    fullWidth: true,
    helperText: hint || (false as const),
    autoFocus,
    ...fixedProps,
  };

  if (decl.references?.[field] || field === FACILITY_FIELD)
    return <RecordPicker decl={decl} field={field} label={label} validate={validate} />;
  if (prop.enum) {
    const choices = prop.enum
      .filter((v) => v !== null)
      .map((v) => ({
        id: v as string,
        name: translate(`resources.${decl.name}.choices.${field}.${String(v)}`, { _: String(v) }),
      }));
    return <SelectInput {...common} choices={choices} emptyText={isRequired ? undefined : '-'} />;
  }
  if (secret) return <PasswordInput {...common} autoComplete="new-password" />;
  // A small range of whole numbers whose texts name each value (a day 1-7: Senin ... Minggu) is a choice list.
  const named = namedRange(prop, (v) => translate(`resources.${decl.name}.choices.${field}.${v}`, { _: '' }));
  if (named) return <SelectInput {...common} choices={named} emptyText={isRequired ? undefined : '-'} />;
  if (prop.format === 'date') return <DateInput {...common} />;
  // The schema's date-time is an ISO 8601 text: the local date and time typed, as UTC.
  if (prop.format === 'date-time')
    return <DateTimeInput {...common} parse={(v: string) => (v ? new Date(v).toISOString() : null)} />;
  const type = baseType(prop);
  // A JSON field of a declared entity: the form of its schema, or its JSON text.
  if (type === 'object' || type === 'array')
    return <JsonFieldInput decl={decl} field={field} kind={type} required={isRequired} validate={validate} />;
  if (type === 'integer' || type === 'number')
    return <NumberInput {...common} step={decl.inputSteps?.[field] ?? (type === 'integer' ? 1 : 'any')} />;
  if (type === 'boolean') return <BooleanInput source={field} label={label} />;
  const multiline = (prop.maxLength ?? 0) >= 300;
  const time = prop.pattern === TIME_OF_DAY;
  return (
    <TextInput
      {...common}
      type={prop.format === 'email' ? 'email' : time ? 'time' : 'text'}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      // The browser always shows a time field's '--:--': its label stays above it, as a date's does.
      slotProps={time ? { inputLabel: { shrink: true } } : undefined}
    />
  );
}
