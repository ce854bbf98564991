import type { ReactNode } from 'react';
import { percent } from '../../domain/analytics';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { formatNumber, formatPercent } from './figures';

export interface DataColumn<T> {
  key: string;
  label: string;
  align?: 'left' | 'right' | 'center';
  render: (row: T, index: number) => ReactNode;
}

/** A plain read-only table of aggregate rows (summaries, rankings). */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  label,
  maxHeight,
}: {
  rows: T[];
  columns: DataColumn<T>[];
  rowKey: (row: T, index: number) => string;
  /** Accessible name of the table. */
  label: string;
  /** Scrolls inside the card, keeping the header in view. */
  maxHeight?: number;
}) {
  // The container scrolls (down with maxHeight, sideways on narrow screens): it takes the
  // keyboard focus, with a name, so keyboard users can scroll it too (WCAG 2.1.1).
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={label}
      sx={{
        maxHeight,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Table size="small" stickyHeader={!!maxHeight} aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.align} sx={{ fontWeight: 600 }}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={rowKey(row, i)} hover>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align}>
                  {c.render(row, i)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The count and share-of-total columns every summary and ranking table shows. */
export function countColumns<T extends { count: number }>(
  translate: (key: string) => string,
  total: number,
): DataColumn<T>[] {
  return [
    {
      key: 'count',
      label: translate('app.analysis.common.count'),
      align: 'right',
      render: (r) => formatNumber(r.count),
    },
    {
      key: 'percentage',
      label: translate('app.analysis.common.percentage'),
      align: 'right',
      render: (r) => formatPercent(percent(r.count, total)),
    },
  ];
}
