/** The Log Detail dialog and what it shows of a row: changed values and stored JSON. */
import type { ReactNode } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { parseJson, useLogT, type Row } from './model';

const show = (v: unknown) =>
  v === undefined ? '' : v === null ? 'null' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** Old and new values side by side, one row per field that changed. */
export function ValueDiff({ oldValues, newValues }: { oldValues: unknown; newValues: unknown }) {
  const t = useLogT();
  const before = (parseJson(oldValues) ?? {}) as Record<string, unknown>;
  const after = (parseJson(newValues) ?? {}) as Record<string, unknown>;
  const isObj = (v: unknown) => v && typeof v === 'object' && !Array.isArray(v);
  if (!isObj(before) && !isObj(after))
    return <Typography color="text.secondary">{t('no_changes')}</Typography>;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (k) => show(before?.[k]) !== show(after?.[k]),
  );
  if (!keys.length) return <Typography color="text.secondary">{t('no_changes')}</Typography>;
  return (
    <Table size="small" aria-label={t('changes')} data-testid="log-diff">
      <TableHead>
        <TableRow>
          <TableCell>{t('field')}</TableCell>
          <TableCell>{t('old_value')}</TableCell>
          <TableCell>{t('new_value')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {keys.map((k) => (
          <TableRow key={k}>
            <TableCell sx={{ fontFamily: 'monospace' }}>{k}</TableCell>
            <TableCell
              sx={{
                color: 'error.dark',
                textDecoration: before?.[k] !== undefined ? 'line-through' : undefined,
                wordBreak: 'break-word',
              }}
            >
              {show(before?.[k])}
            </TableCell>
            <TableCell sx={{ color: 'success.dark', wordBreak: 'break-word' }}>{show(after?.[k])}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** Pretty JSON of a stored JSON text. */
export function JsonBlock({ value }: { value: unknown }) {
  const parsed = parseJson(value);
  if (parsed === null || parsed === undefined || parsed === '')
    return <Typography color="text.secondary">-</Typography>;
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1,
        bgcolor: 'action.hover',
        borderRadius: 1,
        overflow: 'auto',
        maxHeight: 240,
        fontSize: 12,
      }}
    >
      {typeof parsed === 'string' ? parsed : JSON.stringify(parsed, null, 2)}
    </Box>
  );
}

/** The Log Detail dialog: the row's fields, then what the caller adds (a diff, JSON bodies). */
export function DetailDialog({
  row,
  fields,
  onClose,
  children,
  actions,
}: {
  row: Row | null;
  fields: { label: string; value: ReactNode }[];
  onClose: () => void;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const t = useLogT();
  return (
    <Dialog open={!!row} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="log-detail-title">
      <DialogTitle id="log-detail-title">{t('detail')}</DialogTitle>
      <DialogContent dividers data-testid="log-detail">
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 1, m: 0 }}
        >
          {fields.map((f) => (
            <Box key={f.label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {f.label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
                {f.value ?? '-'}
              </Typography>
            </Box>
          ))}
        </Box>
        {children && <Box sx={{ mt: 2 }}>{children}</Box>}
      </DialogContent>
      <DialogActions>
        {actions}
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
