import { useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Fab,
  FormControlLabel,
  IconButton,
  InputAdornment,
  MenuItem,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import SearchIcon from '@mui/icons-material/Search';
import { API_URL, httpClient } from '../providers/http';

const T = 'app.domain_config';
const BASE = `${API_URL}/admin/domain`;
const KEY = ['admin', 'domain', 'connections'];

export interface DomainConnection {
  id: number | null;
  connection_id: number;
  code: string;
  facility_name: string;
  facility_code: string | null;
  production_base_url: string | null;
  sandbox_base_url: string | null;
  target_production_url: string | null;
  target_sandbox_url: string | null;
  has_domain_config: boolean;
  is_active: boolean;
  status: 'active' | 'inactive' | 'not_configured';
  gateway_path: string | null;
  version: number | null;
}

const STATUS_COLOR = { active: 'success', inactive: 'warning', not_configured: 'default' } as const;

interface HttpFailure {
  status?: number;
  message?: string;
  body?: { errors?: Record<string, string> };
}

function UrlLines({ prod, sandbox }: { prod: string | null; sandbox: string | null }) {
  const translate = useTranslate();
  return (
    <Box sx={{ fontSize: 13, wordBreak: 'break-all' }}>
      {[
        ['production', prod],
        ['sandbox', sandbox],
      ].map(([k, v]) => (
        <div key={k}>
          <Typography component="span" variant="caption" color="text.secondary">
            {translate(`${T}.${k}`)}:{' '}
          </Typography>
          {v || '-'}
        </div>
      ))}
    </Box>
  );
}

/** The add/edit dialog: a connection, the gateway's facility code and the two targets. */
function ConfigDialog({
  row,
  free,
  onClose,
}: {
  row: DomainConnection | 'new';
  free: DomainConnection[];
  onClose: (saved: boolean) => void;
}) {
  const translate = useTranslate();
  const editing = row !== 'new' ? row : null;
  const isEdit = !!editing?.has_domain_config;
  const [values, setValues] = useState({
    connection_id: editing ? String(editing.connection_id) : '',
    facility_code: editing?.facility_code ?? '',
    target_production_url: editing?.target_production_url ?? editing?.production_base_url ?? '',
    target_sandbox_url: editing?.target_sandbox_url ?? editing?.sandbox_base_url ?? '',
    is_active: editing?.is_active ?? false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof values, v: string | boolean) => setValues((s) => ({ ...s, [k]: v }));
  const pickConnection = (id: string) => {
    const c = free.find((f) => String(f.connection_id) === id);
    setValues((s) => ({
      ...s,
      connection_id: id,
      facility_code: s.facility_code || c?.facility_code || '',
      target_production_url: s.target_production_url || c?.production_base_url || '',
      target_sandbox_url: s.target_sandbox_url || c?.sandbox_base_url || '',
    }));
  };

  const submit = async () => {
    const local: Record<string, string> = {};
    if (!isEdit && !values.facility_code.trim())
      local.facility_code = translate(`${T}.errors.facility_code_required`);
    if (!values.connection_id) local.connection_id = translate(`${T}.errors.connection_required`);
    if (!values.target_production_url.trim() && !values.target_sandbox_url.trim())
      local.target_production_url = translate(`${T}.errors.target_required`);
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    setFailure(null);
    try {
      const body = isEdit
        ? {
            target_production_url: values.target_production_url,
            target_sandbox_url: values.target_sandbox_url,
            is_active: values.is_active,
            version: editing!.version,
          }
        : { ...values, connection_id: Number(values.connection_id) };
      await httpClient(isEdit ? `${BASE}/${editing!.id}` : BASE, {
        method: isEdit ? 'PUT' : 'POST',
        body: JSON.stringify(body),
      });
      onClose(true);
    } catch (err) {
      const e = err as HttpFailure;
      setErrors(e.body?.errors ?? {});
      setFailure(e.message || translate(`${T}.errors.save`));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: 'facility_code' | 'target_production_url' | 'target_sandbox_url', extra = {}) => (
    <TextField
      label={translate(`${T}.fields.${name}`)}
      value={values[name]}
      onChange={(e) => set(name, e.target.value)}
      error={!!errors[name]}
      fullWidth
      {...extra}
      helperText={errors[name] ?? (extra as { helperText?: string }).helperText}
    />
  );
  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="sm" aria-labelledby="domain-dialog-title">
      <DialogTitle id="domain-dialog-title">
        {translate(isEdit ? `${T}.edit_title` : `${T}.create_title`)}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField
            select
            label={translate(`${T}.fields.connection_id`)}
            value={values.connection_id}
            onChange={(e) => pickConnection(e.target.value)}
            disabled={!!editing}
            required
            error={!!errors.connection_id}
            helperText={errors.connection_id ?? (free.length ? ' ' : translate(`${T}.no_free_connection`))}
          >
            {(editing ? [editing] : free).map((c) => (
              <MenuItem key={c.connection_id} value={String(c.connection_id)}>
                {c.facility_name} — {c.code}
              </MenuItem>
            ))}
          </TextField>
          {field('facility_code', {
            required: !isEdit,
            disabled: isEdit,
            helperText: translate(isEdit ? `${T}.helpers.facility_code_edit` : `${T}.helpers.facility_code`),
          })}
          {field('target_production_url', { helperText: translate(`${T}.helpers.targets`), type: 'url' })}
          {field('target_sandbox_url', { type: 'url' })}
          <FormControlLabel
            control={
              <Switch checked={values.is_active} onChange={(e) => set('is_active', e.target.checked)} />
            }
            label={translate(`${T}.fields.is_active`)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{translate(`${T}.cancel`)}</Button>
        <Button variant="contained" onClick={submit} disabled={busy} aria-busy={busy}>
          {busy ? <CircularProgress size={18} color="inherit" /> : translate(`${T}.save`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * /master/domain-config (spec part 2 §2 'Domain Configuration'): the facilities' connections
 * with their gateway mapping, status chips, Activate only when configured but inactive, a
 * floating add button and an info box about the redirect gateway.
 */
export default function DomainConfig() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<DomainConnection | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DomainConnection | null>(null);
  const [error, setError] = useState<string | null>(null);
  const query = useQuery<{ connections: DomainConnection[] }>({
    queryKey: KEY,
    queryFn: async () => (await httpClient(`${BASE}/connections`)).json,
  });
  const rows = (query.data?.connections ?? []).filter((r) => {
    const q = search.trim().toLowerCase();
    return !q || [r.facility_name, r.code, r.facility_code ?? ''].some((s) => s.toLowerCase().includes(q));
  });
  const free = (query.data?.connections ?? []).filter((r) => !r.has_domain_config);
  const reload = () => queryClient.invalidateQueries({ queryKey: KEY });

  const act = async (fn: () => Promise<unknown>, success: string, failure: string) => {
    setError(null);
    try {
      await fn();
      notify(translate(`${T}.${success}`), { type: 'success' });
    } catch (err) {
      const e = err as HttpFailure;
      setError(
        e.status === 404 && success === 'activated'
          ? translate(`${T}.errors.not_configured`)
          : e.message || translate(`${T}.errors.${failure}`),
      );
    }
    await reload();
  };
  const activate = (r: DomainConnection) =>
    act(() => httpClient(`${BASE}/${r.id}/activate`, { method: 'PATCH' }), 'activated', 'activate');
  const remove = (r: DomainConnection) => {
    setDeleting(null);
    return act(() => httpClient(`${BASE}/${r.id}`, { method: 'DELETE' }), 'deleted', 'delete');
  };

  return (
    <Box sx={{ mt: 2, mb: 10 }}>
      <Title title={translate(`${T}.title`)} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {translate(`${T}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${T}.subtitle`)}
      </Typography>
      <Alert severity="info" sx={{ mb: 2 }}>
        <AlertTitle>{translate(`${T}.info_title`)}</AlertTitle>
        {translate(`${T}.info`, { path: '/api/gateway/{facility_code}/…' })}
      </Alert>
      {(error || query.isError) && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
          {error ?? translate(`${T}.errors.fetch`)}
        </Alert>
      )}
      <Card>
        <Box sx={{ p: 2 }}>
          <TextField
            size="small"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={translate(`${T}.search`)}
            slotProps={{
              htmlInput: { 'aria-label': translate(`${T}.search`) },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ width: { xs: '100%', sm: 320 } }}
          />
        </Box>
        <TableContainer>
          <Table size="small" aria-label={translate(`${T}.title`)} sx={{ minWidth: 820 }}>
            <TableHead>
              <TableRow>
                {['facility', 'connection', 'targets', 'status', 'actions'].map((c) => (
                  <TableCell key={c}>{translate(`${T}.columns.${c}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {query.isPending && (
                <TableRow>
                  <TableCell colSpan={5} align="center">
                    <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
                  </TableCell>
                </TableRow>
              )}
              {!query.isPending && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5} align="center">
                    {translate(`${T}.empty`)}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((r) => (
                <TableRow key={r.connection_id} hover>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {r.facility_name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {r.gateway_path ?? r.facility_code ?? '-'}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ minWidth: 200, maxWidth: 300 }}>
                    <Typography variant="body2">{r.code}</Typography>
                    <UrlLines prod={r.production_base_url} sandbox={r.sandbox_base_url} />
                  </TableCell>
                  <TableCell sx={{ minWidth: 200, maxWidth: 300 }}>
                    {r.has_domain_config ? (
                      <UrlLines prod={r.target_production_url} sandbox={r.target_sandbox_url} />
                    ) : (
                      '-'
                    )}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={STATUS_COLOR[r.status]}
                      label={translate(`${T}.status.${r.status}`)}
                    />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {r.status === 'inactive' && (
                      <Button size="small" startIcon={<PowerSettingsNewIcon />} onClick={() => activate(r)}>
                        {translate(`${T}.activate`)}
                      </Button>
                    )}
                    {r.has_domain_config ? (
                      <>
                        <Tooltip title={translate(`${T}.edit`)}>
                          <IconButton
                            aria-label={`${translate(`${T}.edit`)} ${r.facility_name}`}
                            onClick={() => setDialog(r)}
                          >
                            <EditIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={translate(`${T}.delete`)}>
                          <IconButton
                            aria-label={`${translate(`${T}.delete`)} ${r.facility_name}`}
                            color="error"
                            onClick={() => setDeleting(r)}
                          >
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </>
                    ) : (
                      <Button size="small" variant="outlined" onClick={() => setDialog(r)}>
                        {translate(`${T}.configure`)}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
      <Fab
        color="primary"
        aria-label={translate(`${T}.add`)}
        onClick={() => setDialog('new')}
        sx={{ position: 'fixed', right: 24, bottom: 24 }}
      >
        <AddIcon />
      </Fab>
      {dialog && (
        <ConfigDialog
          row={dialog}
          free={free}
          onClose={(saved) => {
            setDialog(null);
            if (saved) {
              notify(translate(`${T}.saved`), { type: 'success' });
              void reload();
            }
          }}
        />
      )}
      <Dialog open={!!deleting} onClose={() => setDeleting(null)} aria-labelledby="domain-delete-title">
        <DialogTitle id="domain-delete-title">{translate(`${T}.delete_title`)}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {translate(`${T}.delete_body`, {
              code: deleting?.facility_code,
              facility: deleting?.facility_name,
            })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{translate(`${T}.cancel`)}</Button>
          <Button color="error" variant="contained" onClick={() => deleting && remove(deleting)}>
            {translate(`${T}.delete`)}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
