import type { TranslateFunction } from 'react-admin';
import { writableFields, type ResourceDeclaration } from '../../../../domain/resource';
import { id as indonesian } from '../../../../../i18n/id';
import type { FieldChoice } from './headers';

export interface FieldOption extends FieldChoice {
  /** The field's label in the language on screen. */
  label: string;
}

/**
 * The fields a file's columns may fill: every field the caller may write. Each matches a
 * column named as the export names it (the Indonesian label), by the label on screen, or by
 * the field's own name.
 */
export function fieldOptions(decl: ResourceDeclaration, translate: TranslateFunction): FieldOption[] {
  const exported =
    (indonesian.resources as Record<string, { fields?: Record<string, string> }>)[decl.name]?.fields ?? {};
  return writableFields(decl).map((field) => {
    const label = translate(`resources.${decl.name}.fields.${field}`, { _: exported[field] ?? field });
    return { field, label, names: [exported[field], label].filter((n): n is string => !!n) };
  });
}
