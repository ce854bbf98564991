import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Chip, Typography } from '@mui/material';
import { DELIVERY_STATUS_COLORS, type DeliveryStatus } from '../../../domain/resources/deliveries';
import { formatDate, formatRupiah } from '../../../domain/format';

export { formatDateTimeWib } from '../../../domain/format';

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

/** Chip colour of each insurance (spec part 1 §9: BPJS, Asuransi Swasta, Umum). */
export const INSURANCE_COLORS: Record<string, 'success' | 'info' | 'default'> = {
  BPJS: 'success',
  'Asuransi Swasta': 'info',
  Umum: 'default',
};

/** An insurance as a chip in its colour. */
export function InsuranceChip({ value, label }: { value: string | null | undefined; label?: string }) {
  if (!value) return <>-</>;
  return <Chip label={label ?? value} size="small" color={INSURANCE_COLORS[value] ?? 'default'} />;
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

/**
 * A delivery's status badge in the colour of spec part 2 §4, labelled by the resource's texts
 * (master or sandbox delivery).
 */
export function DeliveryStatusChip({ resource, status }: { resource: string; status: DeliveryStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      label={translate(`resources.${resource}.choices.delivery_status.${status}`, { _: status })}
      color={DELIVERY_STATUS_COLORS[status] ?? 'default'}
    />
  );
}
