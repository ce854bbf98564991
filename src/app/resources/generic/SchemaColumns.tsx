import type { ReactNode } from 'react';
import { FunctionField, TextField, useLocaleState, useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import { baseType, type JsonSchema, type ResourceDeclaration } from '../../../domain/resource';
import { formatNumber } from '../../../domain/format';

/** dd/MM/yyyy HH:mm in the user's locale (spec part 2 §9). */
function formatDateTime(value: string | null | undefined, locale: string) {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleString(locale === 'en' ? 'en-GB' : 'id-ID', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

function BooleanChip({ decl, field, value }: { decl: ResourceDeclaration; field: string; value: unknown }) {
  const translate = useTranslate();
  if (value == null) return null;
  const label = translate(`resources.${decl.name}.choices.${field}.${String(value)}`, {
    _: translate(value ? 'ra.boolean.true' : 'ra.boolean.false'),
  });
  return <Chip size="small" label={label} color={value ? 'success' : 'default'} variant="outlined" />;
}

function Choice({ decl, field, value }: { decl: ResourceDeclaration; field: string; value: unknown }) {
  const translate = useTranslate();
  if (value == null || value === '') return null;
  return <>{translate(`resources.${decl.name}.choices.${field}.${String(value)}`, { _: String(value) })}</>;
}

/** One table column for a schema field, shown the way its type reads best. */
export function schemaColumn(decl: ResourceDeclaration, field: string, p: JsonSchema): ReactNode {
  const label = `resources.${decl.name}.fields.${field}`;
  const type = baseType(p);
  if (type === 'boolean') {
    return (
      <FunctionField
        key={field}
        source={field}
        label={label}
        render={(r: any) => <BooleanChip decl={decl} field={field} value={r[field]} />}
      />
    );
  }
  if (p.enum) {
    return (
      <FunctionField
        key={field}
        source={field}
        label={label}
        render={(r: any) => <Choice decl={decl} field={field} value={r[field]} />}
      />
    );
  }
  if (p.format === 'date-time') {
    return <DateTimeColumn key={field} source={field} label={label} />;
  }
  if (type === 'number' || type === 'integer') {
    return (
      <FunctionField
        key={field}
        source={field}
        label={label}
        textAlign="right"
        render={(r: any) => formatNumber(r[field])}
      />
    );
  }
  return <TextField key={field} source={field} label={label} />;
}

function DateTimeColumn({ source, label }: { source: string; label: string }) {
  return (
    <FunctionField source={source} label={label} render={(r: any) => <DateTimeText value={r[source]} />} />
  );
}

function DateTimeText({ value }: { value: string | null | undefined }) {
  const [locale] = useLocaleState();
  return <>{formatDateTime(value, locale)}</>;
}

/** The columns of a resource without a screen of its own: `listColumns`, else its first fields. */
export function schemaColumns(decl: ResourceDeclaration): ReactNode[] {
  const props = decl.schema.properties ?? {};
  const fields =
    decl.listColumns ??
    Object.keys(props)
      .filter((k) => !props[k].writeOnly && k !== 'id')
      .slice(0, 6);
  return fields.map((k) => schemaColumn(decl, k, props[k] ?? {}));
}
