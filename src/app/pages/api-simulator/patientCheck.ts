/**
 * The create-patient form's check before POST /patient: the payload's JSON Schema by its
 * validator compiled at build time (birth dates as days of the calendar, format 'date', as the
 * facility API checks them: '1990-13-45' is refused), in the console's language, as rjsf's
 * per-field error schema.
 */
import { ErrorSchemaBuilder, type ErrorSchema } from '@rjsf/utils';
import { fieldErrorsFromAjv, type AjvLikeError } from '../../../domain/validation';
import { validationTexts } from '../../resources/generic/formValidation';
import { rootSchema, validateFns } from 'virtual:rjsf-validator/simulator-create-patient';

type Check = ((data: unknown) => boolean) & { errors?: AjvLikeError[] | null };
const check = validateFns[rootSchema.$id as string] as Check;

/** Field path ('patientCompanion.dateOfBirth') → message, first per field; empty when valid. */
export function checkCreatePatient(value: Record<string, unknown>, locale: string): Record<string, string> {
  check(value);
  return fieldErrorsFromAjv(check.errors ?? [], validationTexts(locale));
}

/** The messages where rjsf shows them: under each field. */
export function errorSchemaOf(errors: Record<string, string>): ErrorSchema {
  const builder = new ErrorSchemaBuilder();
  for (const [path, message] of Object.entries(errors)) builder.addErrors(message, path);
  return builder.ErrorSchema;
}
