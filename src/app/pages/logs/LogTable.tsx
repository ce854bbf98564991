/** A log list's table, its pager and its frame (loading bar, error). */
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
} from '@mui/material';
import { formatCount } from '../../components/figures';
import { DismissButton } from '../../components/DismissButton';
import { PAGE_SIZES, useLogT, type Column, type Row } from './model';

export function LogTable({
  rows,
  columns,
  label,
  onRowClick,
  rowKey,
}: {
  rows: Row[];
  columns: Column[];
  label: string;
  onRowClick?: (row: Row) => void;
  rowKey: (row: Row) => string;
}) {
  const t = useLogT();
  return (
    <TableContainer tabIndex={0} role="region" aria-label={label}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.align} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns.length} align="center" sx={{ py: 4, color: 'text.secondary' }}>
                {t('empty')}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((r) => (
              <TableRow
                key={rowKey(r)}
                hover
                onClick={onRowClick ? () => onRowClick(r) : undefined}
                sx={{ cursor: onRowClick ? 'pointer' : undefined }}
              >
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align}>
                    {c.render(r)}
                  </TableCell>
                ))}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function Pager({
  total,
  page,
  limit,
  onPage,
  onLimit,
}: {
  total: number;
  page: number;
  limit: number;
  onPage: (p: number) => void;
  onLimit: (l: number) => void;
}) {
  const translate = useTranslate();
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(page, Math.max(0, Math.ceil(total / limit) - 1))}
      rowsPerPage={limit}
      rowsPerPageOptions={PAGE_SIZES}
      onPageChange={(_, p) => onPage(p)}
      onRowsPerPageChange={(e) => onLimit(Number(e.target.value))}
      labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      labelDisplayedRows={({ from, to, count }) =>
        translate('ra.navigation.page_range_info', {
          offsetBegin: formatCount(from),
          offsetEnd: formatCount(to),
          total: formatCount(count),
        })
      }
      getItemAriaLabel={(type) =>
        translate(`ra.navigation.${type === 'previous' ? 'previous' : type === 'next' ? 'next' : type}`)
      }
    />
  );
}

export function ListFrame({
  query,
  errorMessage,
  children,
}: {
  query: { error: Error | null; isFetching: boolean; data?: unknown };
  errorMessage: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const [closed, setClosed] = useState<Error | null>(null);
  const error = query.error && query.error !== closed ? query.error : null;
  return (
    <Box aria-busy={query.isFetching}>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} action={<DismissButton onClick={() => setClosed(error)} />}>
          {errorMessage}
        </Alert>
      )}
      <Box sx={{ height: 4 }}>
        {query.isFetching && <LinearProgress aria-label={translate('app.common.loading')} />}
      </Box>
      {children}
    </Box>
  );
}

/** A page of a log list: its frame (loading bar, error), the table and the pager below it. */
export function PagedLogTable({
  query,
  errorMessage,
  page,
  limit,
  onPage,
  onLimit,
  ...table
}: {
  query: { error: Error | null; isFetching: boolean; data?: { rows: Row[]; total: number } };
  errorMessage: string;
  page: number;
  limit: number;
  onPage: (p: number) => void;
  onLimit: (l: number) => void;
  columns: Column[];
  label: string;
  onRowClick?: (row: Row) => void;
  rowKey: (row: Row) => string;
}) {
  return (
    <ListFrame query={query} errorMessage={errorMessage}>
      <LogTable rows={query.data?.rows ?? []} {...table} />
      <Pager total={query.data?.total ?? 0} page={page} limit={limit} onPage={onPage} onLimit={onLimit} />
    </ListFrame>
  );
}
