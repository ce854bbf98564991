import type { ReactNode } from 'react';
import { FunctionField } from 'react-admin';
import { Box, Chip, Typography } from '@mui/material';
import { formatDate, formatDateTimeWib, formatRupiah } from '../../../domain/format';

/** A coordinate with six decimals ('-6.175392'), '-' when absent. */
export const formatCoord = (n: number | null | undefined) => (n == null ? '-' : Number(n).toFixed(6));

/** The grey second line of a grouped cell. */
export function Line({ children }: { children: ReactNode }) {
  return (
    <Typography variant="caption" color="text.secondary" component="div">
      {children}
    </Typography>
  );
}

/** What a grouped cell shows: its main line (bold where it names the row), grey lines under it. */
export interface StackedProps {
  main: ReactNode;
  /** Lines under the main one; an absent one (null, false, '') is left out. */
  lines?: ReactNode[];
  strong?: boolean;
  minWidth?: number;
}

/** A grouped cell: a patient's name over their NIK, a date over its hours. */
export function Stacked({ main, lines = [], strong, minWidth }: StackedProps) {
  return (
    <Box sx={minWidth ? { minWidth } : undefined}>
      <Typography variant="body2" sx={strong ? { fontWeight: 600 } : undefined}>
        {main}
      </Typography>
      {lines
        .filter((line) => line != null && line !== false && line !== '')
        .map((line, i) => (
          <Line key={i}>{line}</Line>
        ))}
    </Box>
  );
}

/**
 * A list column whose cell `render` draws, sorted by `sortBy` where it names a sortable field;
 * numbers right-aligned with `align`. Screens of their own build their columns from these.
 */
export const cellColumn = (
  key: string,
  label: string,
  render: (record: any) => ReactNode,
  { sortBy, align }: { sortBy?: string; align?: 'right' } = {},
) => (
  <FunctionField
    key={key}
    label={label}
    sortable={!!sortBy}
    sortBy={sortBy}
    textAlign={align}
    render={render}
  />
);

/** A list column of grouped cells, sorted by `sortBy` where it names a sortable field. */
export const stackedColumn = (
  key: string,
  label: string,
  cell: (record: any) => StackedProps,
  sortBy?: string,
) => cellColumn(key, label, (record) => <Stacked {...cell(record)} />, { sortBy });

/** A list column of codes in bold monospace (a journey type, a booking ID). */
export const codeColumn = (key: string, label: string, code: (record: any) => ReactNode, sortBy?: string) =>
  cellColumn(
    key,
    label,
    (record) => (
      <Typography variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
        {code(record)}
      </Typography>
    ),
    { sortBy },
  );

/** A list column of chips (ColorChip): `chip` gives a record's value, colours and label. */
export const chipColumn = (
  key: string,
  label: string,
  chip: (record: any) => ColorChipProps,
  sortBy?: string,
) => cellColumn(key, label, (record) => <ColorChip {...chip(record)} />, { sortBy });

/** A list column of a date and time in WIB on one line ('created_at'). */
export const dateTimeColumn = (key: string, label: string, field: string) =>
  cellColumn(
    key,
    label,
    (record) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTimeWib(record[field])}</span>,
    { sortBy: field },
  );

export interface ColorChipProps {
  value: string;
  colors: Record<string, 'default' | 'primary' | 'secondary' | 'success' | 'info' | 'warning' | 'error'>;
  label?: ReactNode;
  variant?: 'outlined' | 'filled';
}

/** A value as a small chip in its colour (an insurance, a status); unlisted values are grey. */
export function ColorChip({ value, colors, label = value, variant }: ColorChipProps) {
  return <Chip label={label} size="small" variant={variant} color={colors[value] ?? 'default'} />;
}

/** A journey step's state as a chip: green once completed, amber while in progress. */
export function CompletionChip({ done, label }: { done: boolean; label: string }) {
  return <ColorChip value={String(!!done)} colors={{ true: 'success', false: 'warning' }} label={label} />;
}

/** A calendar date ('YYYY-MM-DD') as dd/MM/yyyy (spec part 2 §9, lists), '-' when absent. */
export const formatDay = (value: string | null | undefined) => formatDate(value) || '-';

/** An amount as 'Rp 25.000' (Indonesian grouping, spec part 2 §9) on one line, '-' when absent. */
export function Rupiah({ value }: { value: number | string | null | undefined }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {value == null || value === '' ? '-' : formatRupiah(Number(value))}
    </span>
  );
}
