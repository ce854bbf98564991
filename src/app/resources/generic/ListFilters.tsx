import { AutocompleteInput, DateInput, ReferenceInput, SelectInput } from 'react-admin';
import { baseType, rangeParams, type ResourceDeclaration } from '../../../domain/resource';
import { choiceLabel } from './SchemaColumns';
import { optionTextOf } from './optionText';
import { FACILITY_FIELD, namedRange } from './SchemaInput';

type Translate = (key: string, opts?: any) => string;

/**
 * The filters of a generated list, beside its search box: for each of the declaration's list
 * filters, a search picker for a reference (a doctor, a facility) and a choice list for an enum,
 * a boolean or a small range of named whole numbers (a day: Senin ... Minggu).
 */
export function defaultFilters(decl: ResourceDeclaration, translate: Translate) {
  const props = decl.schema.properties ?? {};
  const label = (f: string) => `resources.${decl.name}.filters.${f}`;
  const valuesOf = (f: string): { id: string; name: string }[] | null => {
    const named = (values: unknown[]) =>
      values.map((v) => ({ id: String(v), name: choiceLabel(translate, decl, f, v) }));
    if (decl.filterChoices?.[f]) return named(decl.filterChoices[f]);
    const p = props[f];
    if (!p) return null;
    if (p.enum) return named(p.enum.filter((v) => v !== null));
    if (baseType(p) === 'boolean') return named([true, false]);
    const range = namedRange(p, (v) => translate(`resources.${decl.name}.choices.${f}.${v}`, { _: '' }));
    return range && range.map((c) => ({ id: String(c.id), name: c.name }));
  };
  // A range of days: two dates ('Dibuat dari', 'Dibuat sampai').
  const ranges = (decl.rangeFilters ?? []).flatMap((f) => {
    const field = translate(`resources.${decl.name}.fields.${f}`);
    return Object.entries(rangeParams(f)).map(([end, param]) => (
      <DateInput
        key={param}
        source={param}
        alwaysOn
        label={translate(`app.common.range_${end}`, { field })}
        sx={{ minWidth: 170 }}
      />
    ));
  });
  const pickers = (decl.listFilters ?? decl.filters).flatMap((f) => {
    const reference = decl.references?.[f];
    if (reference || (f === FACILITY_FIELD && decl.listFilters?.includes(f)))
      return [
        <ReferenceInput
          key={f}
          source={f}
          reference={reference?.resource ?? 'admin/medical-facilities'}
          alwaysOn
          sort={reference ? undefined : { field: 'name', order: 'ASC' }}
        >
          <AutocompleteInput
            noOptionsText="app.common.no_options"
            label={label(f)}
            optionText={reference ? optionTextOf(reference, translate) : 'name'}
            filterToQuery={(q: string) => ({ q })}
            sx={{ minWidth: 240 }}
          />
        </ReferenceInput>,
      ];
    const choices = valuesOf(f);
    if (!choices) return [];
    return [
      <SelectInput key={f} source={f} alwaysOn label={label(f)} choices={choices} sx={{ minWidth: 160 }} />,
    ];
  });
  return [...pickers, ...ranges];
}
