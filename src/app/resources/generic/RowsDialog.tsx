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
} from '@mui/material';

/** One column of a RowsDialog: its header and how a row shows in it. */
export interface RowsColumn<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  align?: 'right';
  nowrap?: boolean;
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
  const translate = useTranslate();
  const { data, isPending, error } = useQuery({ queryKey, queryFn: load });
  const id = `rows-dialog-${String(queryKey[0])}`;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={id}>
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent dividers>
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
        {data && data.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {texts.empty}
          </Typography>
        )}
        {data && data.length > 0 && (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={title}>
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
                {data.map((row) => (
                  <TableRow key={row.id}>
                    {columns.map((c) => (
                      <TableCell
                        key={c.key}
                        align={c.align}
                        sx={c.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                      >
                        {c.render(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {texts.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
