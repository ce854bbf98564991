import type { ReactNode } from 'react';
import { FunctionField } from 'react-admin';
import { Box, Chip, Typography } from '@mui/material';
import { formatDate, formatRupiah } from '../../../domain/format';

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

/** A list column of grouped cells, sorted by `sortBy` where it names a sortable field. */
export const stackedColumn = (
  key: string,
  label: string,
  cell: (record: any) => StackedProps,
  sortBy?: string,
) => (
  <FunctionField
    key={key}
    label={label}
    sortable={!!sortBy}
    sortBy={sortBy}
    render={(record: any) => <Stacked {...cell(record)} />}
  />
);

/** A value as a small chip in its colour (an insurance, a status); unlisted values are grey. */
export function ColorChip({
  value,
  colors,
  label = value,
  variant,
}: {
  value: string;
  colors: Record<string, 'default' | 'primary' | 'secondary' | 'success' | 'info' | 'warning' | 'error'>;
  label?: ReactNode;
  variant?: 'outlined' | 'filled';
}) {
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
