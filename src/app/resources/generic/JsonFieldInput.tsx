import { useRef } from 'react';
import { useInput, useRecordContext, useTranslate, type Validator } from 'react-admin';
import type { ResourceDeclaration } from '../../../domain/resource';
import { JsonField, type JsonFormOptions, type JsonKind } from './JsonField';
import { resourceJsonForm, type JsonForm } from './jsonForms';

/** A message of the form's errors: react-admin's `{ message, args }` or a plain text. */
function messageOf(error: unknown): { message: string; args?: object } | undefined {
  const m = (error as { message?: unknown } | undefined)?.message;
  if (typeof m === 'string') return { message: m };
  if (m && typeof (m as { message?: unknown }).message === 'string') return m as { message: string };
  return undefined;
}

/**
 * A declared resource's JSON field in its generated dialog: the form of its schema (or its JSON
 * text when the schema names no properties or items). Text that is not JSON makes the field's
 * value a text, which the dialog refuses, the message next to the field; errors inside the value
 * (the dialog's checks, the server's) are shown by the generated form and named under it.
 */
export function JsonFieldInput({
  decl,
  field,
  kind,
  required,
  validate,
  form = resourceJsonForm(decl.name, field),
  options,
}: {
  decl: ResourceDeclaration;
  field: string;
  kind: JsonKind;
  required: boolean;
  validate?: Validator;
  /** The field's form where its schema does not name it (a value given as object or text). */
  form?: JsonForm | null;
  options?: JsonFormOptions;
}) {
  const translate = useTranslate();
  const record = useRecordContext();
  const prop = decl.schema.properties?.[field] ?? {};
  // Left empty: null where the schema allows it, else no value at all (an update keeps the
  // stored one); never the blank text react-admin gives an empty input, which the API refuses.
  const empty = [prop.type].flat().includes('null') ? null : undefined;
  // What the field's own form found wrong inside the value (a timeout below its minimum): the
  // dialog does not save it, as it does not save text that is not JSON.
  const inside = useRef<string | undefined>(undefined);
  const notJson: Validator = (v) =>
    typeof v === 'string' && v !== '' ? 'app.json_field.invalid' : inside.current;
  const { field: input, fieldState } = useInput({
    source: field,
    validate: validate ? [validate, notJson] : notJson,
    format: (v) => v ?? null,
    parse: (v) => v ?? empty,
  });
  const label = translate(`resources.${decl.name}.fields.${field}`, {
    _: typeof prop.title === 'string' ? prop.title : field,
  });
  const own = messageOf(fieldState.error);
  const nested = fieldState.error && !own;
  const error = own
    ? translate(own.message, { _: own.message, ...own.args })
    : nested
      ? translate('app.json_field.check_form', { name: label })
      : undefined;
  return (
    <JsonField
      key={`${record?.id ?? 'new'}-${record?.version ?? ''}`}
      name={field}
      label={required ? `${label} *` : label}
      form={form}
      options={options}
      kind={kind}
      initial={input.value === '' ? null : (input.value ?? null)}
      error={error}
      onChange={({ value, error: problem }) => {
        inside.current = value !== null ? problem : undefined;
        // Text that is not JSON of the field's kind: a text value, which the dialog refuses.
        input.onChange(problem && value === null ? problem : (value ?? empty));
        input.onBlur();
      }}
    />
  );
}
