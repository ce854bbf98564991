import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  type SxProps,
  type Theme,
} from '@mui/material';

/** One column of a RowsDialog: its header and how a row shows in it. */
export interface RowsColumn<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  align?: 'right';
  nowrap?: boolean;
  /** The cells' own style (a width, where a long value breaks). */
  sx?: SxProps<Theme>;
}

/** A small table of rows: a header per column, a row per record (no paging: the rows are few). */
export function RowsTable<T extends { id: number | string }>({
  label,
  rows,
  columns,
}: {
  /** The table's accessible name. */
  label: string;
  rows: T[];
  columns: RowsColumn<T>[];
}) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.align}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} hover>
              {columns.map((c) => (
                <TableCell
                  key={c.key}
                  align={c.align}
                  sx={c.sx ?? (c.nowrap ? { whiteSpace: 'nowrap' } : undefined)}
                >
                  {c.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Rows being loaded, their error with the server's reason, the empty text, else their table. */
export function RowsView<T extends { id: number | string }>({
  label,
  rows,
  isPending,
  error,
  texts,
  columns,
}: {
  label: string;
  rows: T[] | undefined;
  isPending: boolean;
  error: { message?: string } | null;
  texts: { failed: string; empty: string };
  columns: RowsColumn<T>[];
}) {
  const translate = useTranslate();
  return (
    <>
      {isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={translate('ra.page.loading')} />
        </Box>
      )}
      {error && (
        <Alert severity="error">
          {texts.failed}
          {error.message ? `: ${error.message}` : ''}
        </Alert>
      )}
      {rows && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {texts.empty}
        </Typography>
      )}
      {rows && rows.length > 0 && <RowsTable label={label} rows={rows} columns={columns} />}
    </>
  );
}

/**
 * A dialog over a list that shows rows loaded for one record (an appointment's journey events):
 * loading, the error with the server's reason, the empty text, else the table; closed with its
 * button, Escape or a click outside.
 */
export function RowsDialog<T extends { id: number | string }>({
  title,
  queryKey,
  load,
  columns,
  texts,
  onClose,
}: {
  title: string;
  queryKey: unknown[];
  load: () => Promise<T[]>;
  columns: RowsColumn<T>[];
  /** The texts of the error, the empty list and the close button. */
  texts: { failed: string; empty: string; close: string };
  onClose: () => void;
}) {
  const { data, isPending, error } = useQuery({ queryKey, queryFn: load });
  const id = `rows-dialog-${String(queryKey[0])}`;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={id}>
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent dividers>
        <RowsView
          label={title}
          rows={data}
          isPending={isPending}
          error={error}
          texts={texts}
          columns={columns}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {texts.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
