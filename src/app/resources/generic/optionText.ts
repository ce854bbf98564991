import type { useTranslate } from 'react-admin';
import type { ResourceDeclaration } from '../../../domain/resource';

type Reference = NonNullable<ResourceDeclaration['references']>[string];

/** A picker's option text: the declaration's, naming values by the picked resource's choice labels. */
export function optionTextOf(reference: Reference, translate: ReturnType<typeof useTranslate>) {
  return (record: Record<string, any>) =>
    reference.optionText(record, (field, value) =>
      translate(`resources.${reference.resource}.choices.${field}.${String(value)}`, { _: String(value) }),
    );
}
