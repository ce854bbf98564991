import { useState, type ReactNode } from 'react';
import { FunctionField, ReferenceField, useTranslate } from 'react-admin';
import { Box, Chip, Typography } from '@mui/material';
import {
  baseType,
  type ColumnSpec,
  type JsonSchema,
  type ResourceDeclaration,
} from '../../../domain/resource';
import { formatNumber } from '../../components/figures';
import { menuIcon } from '../../layout/icons';
import { formatCoord, formatDay, Line, Rupiah } from './cells';
import { formatDateTimeWib } from '../../../domain/format';
import { FACILITY_FIELD, namedRange } from './SchemaInput';
import { JsonFieldsButton, JsonFieldsDialog } from './JsonFieldsDialog';

type Row = Record<string, any>;
type Translate = ReturnType<typeof useTranslate>;

/** A value's label: the resource's text for it (choices.<field>.<value>), else yes/no or the value. */
export function choiceLabel(translate: Translate, decl: ResourceDeclaration, field: string, value: unknown) {
  return translate(`resources.${decl.name}.choices.${field}.${String(value)}`, {
    _: typeof value === 'boolean' ? translate(value ? 'ra.boolean.true' : 'ra.boolean.false') : String(value),
  });
}

/**
 * A record's fields as a text's %{field} values: numbers grouped, a list or an object as its
 * count, an empty value '-'.
 */
function textValues(record: Row): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(record)) {
    if (v == null || v === '') values[k] = '-';
    else if (typeof v === 'number') values[k] = formatNumber(v);
    else if (Array.isArray(v)) values[k] = formatNumber(v.length);
    else if (typeof v === 'object') values[k] = formatNumber(Object.keys(v).length);
    else values[k] = String(v);
  }
  return values;
}

/** The resource's text `key` (below resources.<name>.) filled with the record's values. */
function recordText(translate: Translate, decl: ResourceDeclaration, key: string, record: Row) {
  return translate(`resources.${decl.name}.${key}`, { ...textValues(record), _: '-' });
}

function ValueChip({
  decl,
  field,
  value,
  spec,
}: {
  decl: ResourceDeclaration;
  field: string;
  value: unknown;
  spec: ColumnSpec;
}) {
  const translate = useTranslate();
  if (value == null || value === '') return <>-</>;
  const color =
    spec.colors?.[String(value)] ?? spec.color ?? (value === true && !spec.colors ? 'success' : 'default');
  const icon = spec.icons?.[String(value)];
  const Icon = icon ? menuIcon(icon) : null;
  return (
    <Chip
      size="small"
      label={choiceLabel(translate, decl, field, value)}
      color={color}
      icon={Icon ? <Icon /> : undefined}
      // A long value ('Puskesmas (community health centre)') wraps rather than widening its table.
      sx={{
        height: 'auto',
        minHeight: 24,
        maxWidth: 200,
        '& .MuiChip-label': { whiteSpace: 'normal', py: '2px' },
      }}
      // A single colour for every value (a specialization) reads as an outline; a status is filled.
      variant={color === 'default' || (spec.color && !spec.colors?.[String(value)]) ? 'outlined' : 'filled'}
    />
  );
}

/** The kind a column is shown as: the declaration's, else the schema's type. */
function kindOf(p: JsonSchema, spec: ColumnSpec): NonNullable<ColumnSpec['kind']> | 'number' | 'enum' {
  if (spec.kind) return spec.kind;
  if (baseType(p) === 'boolean' || spec.colors || spec.color) return 'chip';
  if (p.enum) return 'enum';
  if (p.format === 'date-time') return 'datetime';
  if (p.format === 'date') return 'date';
  const type = baseType(p);
  if (type === 'number' || type === 'integer') return 'number';
  return 'text';
}

const hhmm = (t: unknown) => (typeof t === 'string' && t ? t.slice(0, 5) : '-');
const cut = (s: string, n?: number) => (n && s.length > n ? `${s.slice(0, n)}…` : s);
const mono = { fontFamily: 'monospace', whiteSpace: 'nowrap' } as const;

interface CellProps {
  decl: ResourceDeclaration;
  field: string;
  record: Row;
}

/** One field's value in a record, shown by its declared kind or its type (no second line). */
function Value({ decl, field, record }: CellProps) {
  const translate = useTranslate();
  const p = decl.schema.properties?.[field] ?? {};
  const spec = decl.columns?.[field] ?? {};
  const v = record[field];
  if (spec.empty && (v == null || v === ''))
    return <>{translate(`resources.${decl.name}.${spec.empty}`, { _: '-' })}</>;
  if (spec.text) return <>{recordText(translate, decl, spec.text, record)}</>;
  switch (kindOf(p, spec)) {
    case 'chip':
      return <ValueChip decl={decl} field={field} value={v} spec={spec} />;
    case 'enum':
      return <>{v == null || v === '' ? '-' : choiceLabel(translate, decl, field, v)}</>;
    case 'money':
      return <Rupiah value={v} />;
    case 'date':
      return <span style={{ whiteSpace: 'nowrap' }}>{formatDay(v)}</span>;
    case 'datetime':
      return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTimeWib(v)}</span>;
    case 'time':
      return (
        <span style={{ whiteSpace: 'nowrap' }}>
          {hhmm(v)}
          {spec.pair ? `–${hhmm(record[spec.pair])}` : ''}
        </span>
      );
    case 'number': {
      if (v == null) return <>-</>;
      const named = translate(`resources.${decl.name}.choices.${field}.${v}`, { _: '' });
      return <>{named || `${spec.prefix ?? ''}${formatNumber(v)}${spec.suffix ?? ''}`}</>;
    }
    case 'coordinates':
      return (
        <Box component="span" sx={{ ...mono, fontSize: '0.8125rem' }}>
          {spec.prefix ?? ''}
          {v == null ? '-' : `${formatCoord(v)}, ${formatCoord(spec.pair ? record[spec.pair] : null)}`}
        </Box>
      );
    case 'code':
      return (
        <Box component="span" sx={{ ...mono, fontWeight: 600 }}>
          {v ?? '-'}
        </Box>
      );
    default:
      // A text copied from another record's choice (a schedule's specialization) reads by its label.
      return <>{v == null || v === '' ? '-' : cut(choiceLabel(translate, decl, field, v), spec.maxLength)}</>;
  }
}

/**
 * A JSON field's cell (`kind: 'json'`): its summary on a button that opens the record's JSON
 * fields, each edited as a form from its schema or as raw JSON, saved with the version read.
 */
function JsonCell({ decl, field, record }: CellProps) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const spec = decl.columns?.[field] ?? {};
  const json = spec.json!;
  return (
    <>
      <JsonFieldsButton
        summary={recordText(translate, decl, spec.text ?? `fields.${field}`, record)}
        action={recordText(translate, decl, json.action, record)}
        onOpen={() => setOpen(true)}
      />
      {open && (
        <JsonFieldsDialog
          resource={decl.name}
          id={record.id}
          title={recordText(translate, decl, json.title, record)}
          fields={json.fields ?? [field]}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** A column's cell: the field's value (bold where it names the row) and its grey second line. */
function Cell({ decl, field, record }: CellProps) {
  const spec = decl.columns?.[field] ?? {};
  if (spec.kind === 'json' && spec.json) return <JsonCell decl={decl} field={field} record={record} />;
  const value = <Value decl={decl} field={field} record={record} />;
  if (!spec.secondary && !spec.strong) return value;
  const main = spec.strong ? (
    <Typography variant="body2" sx={{ fontWeight: 600 }}>
      {value}
    </Typography>
  ) : (
    <Typography variant="body2" component="div">
      {value}
    </Typography>
  );
  if (!spec.secondary) return main;
  const second = record[spec.secondary];
  const shown = second != null && second !== '' ? true : !!decl.columns?.[spec.secondary]?.text;
  return (
    <Box sx={{ minWidth: 140, maxWidth: 420 }}>
      {main}
      {shown && (
        <Line>
          <Value decl={decl} field={spec.secondary} record={record} />
        </Line>
      )}
    </Box>
  );
}

/** One table column for a schema field, shown by its declared kind or its type. */
export function schemaColumn(
  decl: ResourceDeclaration,
  field: string,
  p: JsonSchema,
  translate: Translate,
): ReactNode {
  const spec = decl.columns?.[field] ?? {};
  const sortable = field === decl.defaultSort.field || !!decl.sortable?.includes(field);
  // Figures align right; a number shown by name (a day: Senin) reads as text.
  const named = !!namedRange(p, (v) => translate(`resources.${decl.name}.choices.${field}.${v}`, { _: '' }));
  const numeric = ['number', 'money'].includes(kindOf(p, spec)) && !spec.text && !spec.secondary && !named;
  const label = `resources.${decl.name}.${spec.label ?? `fields.${field}`}`;
  // A reference shows the record it names (the facility's name), fetched for the page at once.
  const reference = decl.references?.[field];
  if (reference || field === FACILITY_FIELD)
    return (
      <ReferenceField
        key={field}
        source={field}
        reference={reference?.resource ?? 'admin/medical-facilities'}
        label={label}
        sortable={sortable}
        link={false}
      >
        <FunctionField render={(r: Row) => (reference ? reference.optionText(r) : r.name)} />
      </ReferenceField>
    );
  return (
    <FunctionField
      key={field}
      source={field}
      label={label}
      sortable={sortable}
      textAlign={numeric ? 'right' : undefined}
      render={(r: Row) => <Cell decl={decl} field={field} record={r} />}
    />
  );
}

/** The columns of a generated list: `listColumns`, else the first fields; a secondary field has no column. */
export function schemaColumns(decl: ResourceDeclaration, translate: Translate): ReactNode[] {
  const props = decl.schema.properties ?? {};
  const fields =
    decl.listColumns ??
    Object.keys(props)
      .filter((k) => !props[k].writeOnly && k !== 'id')
      .slice(0, 6);
  const listed = new Set(fields);
  // A field shown inside another's cell (second line, pair) has no column of its own.
  const inner = new Set(
    Object.entries(decl.columns ?? {})
      .filter(([k]) => listed.has(k))
      .flatMap(([, c]) => [c.secondary, c.pair]),
  );
  return fields.filter((k) => !inner.has(k)).map((k) => schemaColumn(decl, k, props[k] ?? {}, translate));
}
