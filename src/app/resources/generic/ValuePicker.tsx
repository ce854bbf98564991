import { AutocompleteInput, useGetList, useTranslate, type Validator } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { ResourceDeclaration } from '../../../domain/resource';

type Reference = NonNullable<ResourceDeclaration['references']>[string];
type Row = Record<string, any>;

/**
 * A picker that stores a field of the chosen record other than its id (a poli's code) and copies
 * some of its other fields into the form (the poli's name). It offers the records the narrowing
 * filter allows (a doctor's facility's poli: a few dozen at most), filtered as the user types.
 */
export function ValuePicker({
  field,
  reference,
  label,
  validate,
  filter,
  labels = {},
  resource = reference.resource,
}: {
  field: string;
  reference: Reference & { valueField: string };
  label: string;
  validate?: Validator;
  filter: Record<string, unknown>;
  /** The label keys of the form's fields it is narrowed by, for the hint that asks for them first. */
  labels?: Record<string, string>;
  /** The resource it asks (the reference's, or its options: pickerResourceOf). */
  resource?: string;
}) {
  const translate = useTranslate();
  // Until the fields it is narrowed by are chosen (the doctor), it offers nothing, and says so.
  const missing = Object.keys(reference.narrowBy ?? {}).find((k) => filter[k] == null);
  const ready = !missing;
  const { setValue } = useFormContext();
  const copy = reference.copy ?? {};
  const copied = useWatch({ name: Object.keys(copy) }) as unknown[];
  const current = useWatch({ name: field });
  const { data = [], isPending } = useGetList<Row & { id: number }>(
    resource,
    {
      pagination: { page: 1, perPage: 100 },
      sort: { field: reference.valueField, order: 'ASC' },
      filter,
    },
    { enabled: ready },
  );
  // The stored value, as a choice, while the list does not hold it (another facility's, or loading).
  const stored: Row | null =
    current && !data.some((r) => r[reference.valueField] === current)
      ? Object.fromEntries([
          ['id', current],
          [reference.valueField, current],
          ...Object.values(copy).map((source, i) => [source, copied[i]]),
        ])
      : null;
  return (
    <AutocompleteInput
      noOptionsText="app.common.no_options"
      source={field}
      label={label}
      validate={validate}
      fullWidth
      disabled={!ready}
      helperText={
        missing
          ? translate('app.common.choose_first', {
              field: translate(labels[missing] ?? missing),
            })
          : false
      }
      // Loading only while it asks: not waiting for the fields it is narrowed by.
      isPending={ready && isPending}
      choices={stored ? [stored, ...data] : data}
      optionValue={reference.valueField}
      optionText={reference.optionText}
      onChange={(_value: unknown, record: Row | '') => {
        for (const [target, source] of Object.entries(copy))
          setValue(target, (record || {})[source] ?? null, { shouldDirty: true, shouldValidate: true });
      }}
    />
  );
}
