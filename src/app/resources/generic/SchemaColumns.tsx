import type { ReactNode } from 'react';
import { FunctionField, useTranslate } from 'react-admin';
import { Box, Chip, Typography } from '@mui/material';
import {
  baseType,
  type ChipColor,
  type ColumnSpec,
  type JsonSchema,
  type ResourceDeclaration,
} from '../../../domain/resource';
import { formatNumber } from '../../components/figures';
import { formatCoord, formatDateTimeWib, formatDay, Line, Rupiah } from './cells';

/** A value's label: the resource's text for it (choices.<field>.<value>), else yes/no or the value. */
function useChoiceLabel(decl: ResourceDeclaration) {
  const translate = useTranslate();
  return (field: string, value: unknown) =>
    translate(`resources.${decl.name}.choices.${field}.${String(value)}`, {
      _:
        typeof value === 'boolean'
          ? translate(value ? 'ra.boolean.true' : 'ra.boolean.false')
          : String(value),
    });
}

function ValueChip({
  decl,
  field,
  value,
  colors,
}: {
  decl: ResourceDeclaration;
  field: string;
  value: unknown;
  colors?: Record<string, ChipColor>;
}) {
  const label = useChoiceLabel(decl);
  if (value == null || value === '') return <>-</>;
  const color = colors?.[String(value)] ?? (value === true && !colors ? 'success' : 'default');
  return (
    <Chip
      size="small"
      label={label(field, value)}
      color={color}
      variant={color === 'default' ? 'outlined' : 'filled'}
    />
  );
}

function Choice({ decl, field, value }: { decl: ResourceDeclaration; field: string; value: unknown }) {
  const label = useChoiceLabel(decl);
  if (value == null || value === '') return null;
  return <>{label(field, value)}</>;
}

function EmptyText({ decl, textKey }: { decl: ResourceDeclaration; textKey: string }) {
  const translate = useTranslate();
  return <>{translate(`resources.${decl.name}.${textKey}`, { _: '-' })}</>;
}

/** The kind a column is shown as: the declaration's, else the schema's type. */
function kindOf(p: JsonSchema, spec: ColumnSpec): NonNullable<ColumnSpec['kind']> | 'number' | 'enum' {
  if (spec.kind) return spec.kind;
  if (baseType(p) === 'boolean' || spec.colors) return 'chip';
  if (p.enum) return 'enum';
  if (p.format === 'date-time') return 'datetime';
  if (p.format === 'date') return 'date';
  const type = baseType(p);
  if (type === 'number' || type === 'integer') return 'number';
  return 'text';
}

/** The cell of one record for one field, shown the way its kind reads best. */
function cell(decl: ResourceDeclaration, field: string, p: JsonSchema, spec: ColumnSpec) {
  const kind = kindOf(p, spec);
  return (r: Record<string, any>): ReactNode => {
    const v = r[field];
    if (spec.empty && (v == null || v === '')) return <EmptyText decl={decl} textKey={spec.empty} />;
    switch (kind) {
      case 'chip':
        return <ValueChip decl={decl} field={field} value={v} colors={spec.colors} />;
      case 'enum':
        return <Choice decl={decl} field={field} value={v} />;
      case 'money':
        return <Rupiah value={v} />;
      case 'date':
        return <span style={{ whiteSpace: 'nowrap' }}>{formatDay(v)}</span>;
      case 'datetime':
        return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTimeWib(v)}</span>;
      case 'number':
        return v == null ? '-' : `${spec.prefix ?? ''}${formatNumber(v)}${spec.suffix ?? ''}`;
      case 'coordinates':
        return (
          <Box sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', whiteSpace: 'nowrap' }}>
            {formatCoord(v)}, {formatCoord(spec.pair ? r[spec.pair] : null)}
          </Box>
        );
      case 'code':
        return (
          <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600, whiteSpace: 'nowrap' }}>
            {v}
          </Typography>
        );
      default:
        if (!spec.secondary && !spec.strong) return v ?? '';
        if (!spec.secondary)
          return (
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {v}
            </Typography>
          );
        return (
          <Box sx={{ minWidth: 180, maxWidth: 420 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {v}
            </Typography>
            {spec.secondary && r[spec.secondary] && <Line>{r[spec.secondary]}</Line>}
          </Box>
        );
    }
  };
}

/** One table column for a schema field, shown by its declared kind or its type. */
export function schemaColumn(decl: ResourceDeclaration, field: string, p: JsonSchema): ReactNode {
  const spec = decl.columns?.[field] ?? {};
  const sortable = field === decl.defaultSort.field || !!decl.sortable?.includes(field);
  const numeric = ['number', 'money'].includes(kindOf(p, spec));
  return (
    <FunctionField
      key={field}
      source={field}
      label={`resources.${decl.name}.${spec.label ?? `fields.${field}`}`}
      sortable={sortable}
      textAlign={numeric ? 'right' : undefined}
      render={cell(decl, field, p, spec)}
    />
  );
}

/** The columns of a generated list: `listColumns`, else the first fields; a secondary field has no column. */
export function schemaColumns(decl: ResourceDeclaration): ReactNode[] {
  const props = decl.schema.properties ?? {};
  const fields =
    decl.listColumns ??
    Object.keys(props)
      .filter((k) => !props[k].writeOnly && k !== 'id')
      .slice(0, 6);
  const secondary = new Set(Object.values(decl.columns ?? {}).flatMap((c) => [c.secondary, c.pair]));
  return fields.filter((k) => !secondary.has(k)).map((k) => schemaColumn(decl, k, props[k] ?? {}));
}
