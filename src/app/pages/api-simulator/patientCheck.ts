/**
 * The create-patient form's check before POST /patient: the payload's JSON Schema, with the
 * birth dates checked as days of the calendar (ajv-formats' 'date', as the facility API does:
 * '1990-13-45' is refused), in the console's language, as rjsf's per-field error schema.
 */
import { ErrorSchemaBuilder, type ErrorSchema } from '@rjsf/utils';
import type { JsonSchema } from '../../../domain/resource';
import { fieldErrorsFromAjv } from '../../../domain/validation';
import { checkSchema } from '../../resources/generic/schemaCheck';
import { validationTexts } from '../../resources/generic/formValidation';
import { SANDBOX_FORMS } from '../../resources/simulator/validators';

/** A birth date: a calendar day written YYYY-MM-DD (the form's pattern alone lets 13-45 pass). */
const asDate = (field: JsonSchema): JsonSchema => {
  const { pattern: _pattern, maxLength: _maxLength, ...rest } = field;
  return { ...rest, format: 'date' };
};

function withDates(schema: JsonSchema): JsonSchema {
  const props = schema.properties ?? {};
  const companion = props.patientCompanion;
  return {
    ...schema,
    properties: {
      ...props,
      dateOfBirth: asDate(props.dateOfBirth),
      patientCompanion: {
        ...companion,
        properties: {
          ...companion.properties,
          dateOfBirth: asDate(companion.properties!.dateOfBirth),
        },
      },
    },
  };
}

let prepared: JsonSchema | undefined;
const CHECK = () => (prepared ??= withDates(SANDBOX_FORMS.create_patient.schema as JsonSchema));

/** Field path ('patientCompanion.dateOfBirth') → message, first per field; empty when valid. */
export function checkCreatePatient(value: Record<string, unknown>, locale: string): Record<string, string> {
  return fieldErrorsFromAjv(checkSchema(CHECK(), value), validationTexts(locale));
}

/** The messages where rjsf shows them: under each field. */
export function errorSchemaOf(errors: Record<string, string>): ErrorSchema {
  const builder = new ErrorSchemaBuilder();
  for (const [path, message] of Object.entries(errors)) builder.addErrors(message, path);
  return builder.ErrorSchema;
}
