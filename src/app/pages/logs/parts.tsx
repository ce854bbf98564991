/** Pieces both log screens use: filters, a paged table, the detail dialog, CSV export, badges. */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { formatCount } from '../../components/figures';
import { API_URL, httpClient } from '../../providers/http';
import { formatDateTimeWib } from '../../resources/generic/cells';
import { DismissButton } from '../../components/DismissButton';

export const PAGE_SIZES = [10, 25, 50, 100];
export const DEFAULT_PAGE_SIZE = 25;
export type Row = Record<string, any>;
export type Filters = Record<string, string>;

export const useLogT = () => {
  const translate = useTranslate();
  return (key: string, options?: Record<string, unknown>) => translate(`app.logs.${key}`, options);
};

export { tabBadge as badge } from '../../../domain/api-logs';

export const dateTime = (v: string | null | undefined) => formatDateTimeWib(v);

export interface FilterField {
  name: string;
  label: string;
  /** A choice list; otherwise free text ('date' for a date picker, 'number' for an id). */
  choices?: { value: string; label: string }[];
  type?: 'text' | 'date' | 'number';
}

/** How long typed filters (an id, a URL) wait for the next key before the list asks again. */
export const TYPING_DEBOUNCE_MS = 400;

/** The range's end lies before its start ('YYYY-MM-DD' compare as text). */
const backwards = (value: Filters, range?: [string, string]) =>
  !!range && !!value[range[0]] && !!value[range[1]] && value[range[1]] < value[range[0]];

/**
 * The filters of a log list. Choices and dates apply at once, typed fields once the user pauses
 * (TYPING_DEBOUNCE_MS), so a user id is not one request per keystroke. A date range whose end
 * lies before its start is not sent: the end field says why.
 */
export function FilterBar({
  fields,
  value,
  onChange,
  actions,
  range,
}: {
  fields: FilterField[];
  value: Filters;
  onChange: (next: Filters) => void;
  actions?: ReactNode;
  /** The names of the range's start and end dates. */
  range?: [string, string];
}) {
  const t = useLogT();
  const [draft, setDraft] = useState<Filters>(value);
  const sent = useRef(value);
  useEffect(() => {
    // A change from outside (reset, another tab) replaces what is typed.
    if (value !== sent.current) setDraft(value);
    sent.current = value;
  }, [value]);
  // The latest props, read when the timer fires (a parent's new function or field list does not restart it).
  const latest = useRef({ onChange, fields, range });
  latest.current = { onChange, fields, range };
  useEffect(() => {
    const { fields, range } = latest.current;
    if (backwards(draft, range) || draft === sent.current) return;
    const typed = fields.some(
      (f) => (f.type ?? 'text') !== 'date' && !f.choices && draft[f.name] !== sent.current[f.name],
    );
    const timer = setTimeout(
      () => {
        sent.current = draft;
        latest.current.onChange(draft);
      },
      typed ? TYPING_DEBOUNCE_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [draft]);
  const rangeError = backwards(draft, range);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
      {fields.map((f) => {
        const invalid = rangeError && f.name === range?.[1];
        return (
          <TextField
            key={f.name}
            id={`filter-${f.name}`}
            size="small"
            label={f.label}
            select={!!f.choices}
            type={f.type === 'date' ? 'date' : f.type === 'number' ? 'number' : 'text'}
            slotProps={{ inputLabel: f.type === 'date' ? { shrink: true } : undefined }}
            value={draft[f.name] ?? ''}
            onChange={(e) => setDraft({ ...draft, [f.name]: e.target.value })}
            error={invalid}
            helperText={invalid ? t('filters.range_backwards') : undefined}
            sx={{ minWidth: 150, flex: '1 1 150px', maxWidth: 260 }}
          >
            {f.choices && [
              <MenuItem key="" value="">
                {t('filters.all')}
              </MenuItem>,
              ...f.choices.map((c) => (
                <MenuItem key={c.value} value={c.value}>
                  {c.label}
                </MenuItem>
              )),
            ]}
          </TextField>
        );
      })}
      <Button size="small" onClick={() => setDraft({})} disabled={!Object.values(draft).some(Boolean)}>
        {t('filters.reset')}
      </Button>
      {actions}
    </Box>
  );
}

export interface Column {
  key: string;
  label: string;
  align?: 'left' | 'right' | 'center';
  render: (row: Row) => ReactNode;
  /** The CSV cell (the raw field by default). */
  csv?: (row: Row) => unknown;
}

/** Query string of a page of a filtered log list; empty filters are left out. */
export function listQuery(filters: Filters, page: number, limit: number, dateKeys?: [string, string]) {
  const q = new URLSearchParams({ page: String(page), limit: String(limit) });
  for (const [k, v] of Object.entries(filters)) {
    if (!v) continue;
    // A date filter covers its whole day in Jakarta time.
    if (dateKeys?.[0] === k) q.set(k, `${v}T00:00:00+07:00`);
    else if (dateKeys?.[1] === k) q.set(k, `${v}T23:59:59.999+07:00`);
    else q.set(k, v);
  }
  return q.toString();
}

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** Downloads every row of the current filter (up to `max`), page by page of 100. */
export function ExportButton({
  fetchPage,
  columns,
  name,
  max = 10_000,
}: {
  fetchPage: (page: number, limit: number) => Promise<{ rows: Row[]; total: number }>;
  columns: Column[];
  name: string;
  max?: number;
}) {
  const t = useLogT();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const rows: Row[] = [];
      for (let page = 1; rows.length < max; page++) {
        const got = await fetchPage(page, 100);
        rows.push(...got.rows);
        if (got.rows.length < 100 || rows.length >= got.total) break;
      }
      const lines = [
        columns.map((c) => csvCell(c.label)).join(','),
        ...rows.map((r) => columns.map((c) => csvCell(c.csv ? c.csv(r) : r[c.key])).join(',')),
      ];
      const url = URL.createObjectURL(new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
      a.click();
      URL.revokeObjectURL(url);
      notify(t('exported', { count: rows.length }), { type: 'info' });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" variant="outlined" startIcon={<DownloadIcon />} onClick={run} disabled={busy}>
      {t('export')}
    </Button>
  );
}

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

/** A filtered, paged log list: GET `path`?page&limit&filters, answering data + pagination. */
export function usePagedLog(
  path: string,
  filters: Filters,
  page: number,
  limit: number,
  dateKeys?: [string, string],
) {
  return useQuery<{ rows: Row[]; total: number; estimated?: boolean }, Error>({
    queryKey: ['dashboard', 'logs', path, filters, page, limit],
    queryFn: async () => {
      const body = (await httpClient(`${API_URL}${path}?${listQuery(filters, page + 1, limit, dateKeys)}`))
        .json;
      return Array.isArray(body.logs)
        ? { rows: body.logs, total: body.total, estimated: body.estimated }
        : { rows: body.data, total: body.pagination.total, estimated: body.pagination.estimated };
    },
    placeholderData: keepPreviousData,
    // A refusal (400: a bad filter) is answered at once; only a failure of the server is retried.
    retry: (failures, error) => failures < 2 && !((error as { status?: number }).status! < 500),
  });
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
  const [closed, setClosed] = useState<Error | null>(null);
  const error = query.error && query.error !== closed ? query.error : null;
  return (
    <Box aria-busy={query.isFetching}>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} action={<DismissButton onClick={() => setClosed(error)} />}>
          {errorMessage}
        </Alert>
      )}
      <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress />}</Box>
      {children}
    </Box>
  );
}

/** JSON text (as the logs store it) parsed, or the text itself. */
export function parseJson(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

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
