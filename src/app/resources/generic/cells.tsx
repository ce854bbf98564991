import type { ReactNode } from 'react';
import { Typography } from '@mui/material';
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
