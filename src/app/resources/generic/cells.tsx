import type { ReactNode } from 'react';
import { Typography } from '@mui/material';
import { formatDate, formatRupiah } from '../../../domain/format';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Jakarta',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** dd/MM/yyyy HH:mm in Jakarta time (the spec's 'Created' column), '-' when absent. */
export function formatDateTimeWib(value: string | null | undefined): string {
  if (!value) return '-';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '-';
  const p = Object.fromEntries(parts.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

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
