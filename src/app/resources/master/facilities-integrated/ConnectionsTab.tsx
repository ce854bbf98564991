import { useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
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
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/Delete';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import ScienceIcon from '@mui/icons-material/Science';
import RouterIcon from '@mui/icons-material/Router';
import KeyIcon from '@mui/icons-material/Key';
import { call, fieldErrorsOf, FACILITIES, type Connection } from './api';
import { ConfirmDelete, FormDialog, failure } from './dialogs';
import { JsonObjectField, initialJsonState, type JsonFieldState } from './JsonObjectField';
import type { JsonFieldName } from './validators';
import { GatewayChip } from '../medical-facilities/chips';

const R = 'resources.master/medical-facilities';
const C = `${R}.integrated.connections`;
const TEXT_FIELDS = ['code', 'production_base_url', 'sandbox_base_url', 'x_username', 'x_password'] as const;
const JSON_FIELDS: JsonFieldName[] = ['properties', 'resources', 'gateway_config'];

function ConnectionDialog({
  facilityId,
  connection,
  onClose,
  onSaved,
}: {
  facilityId: number;
  connection: Connection | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState({
    code: connection?.code ?? '',
    production_base_url: connection?.production_base_url ?? '',
    sandbox_base_url: connection?.sandbox_base_url ?? '',
    x_username: connection?.x_username ?? '',
    x_password: '',
  });
  const [json, setJson] = useState<Record<JsonFieldName, JsonFieldState>>(() => ({
    properties: initialJsonState(connection?.properties),
    resources: initialJsonState(connection?.resources),
    gateway_config: initialJsonState(connection?.gateway_config),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const problems: Record<string, string> = {};
    for (const k of ['code', 'production_base_url'] as const)
      if (!values[k].trim()) problems[k] = translate('ra.validation.required');
    for (const k of JSON_FIELDS) if (json[k].error) problems[k] = json[k].error!;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    setError(null);
    const body = {
      ...values,
      sandbox_base_url: values.sandbox_base_url || null,
      x_username: values.x_username || null,
      properties: json.properties.value,
      resources: json.resources.value,
      // The gateway config travels as text (spec §5).
      gateway_config: json.gateway_config.value ? JSON.stringify(json.gateway_config.value) : null,
    };
    try {
      const base = `${FACILITIES}/${facilityId}/connections`;
      if (connection) await call(`${base}/${connection.id}`, 'PUT', body);
      else await call(base, 'POST', body);
      notify(`${R}.integrated.saved`, { type: 'success' });
      onSaved();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      // 'properties.timeout_ms' belongs to the properties field.
      const byField: Record<string, string> = {};
      for (const [k, m] of Object.entries(fields)) {
        const top = k.split('.')[0];
        byField[top] ??= k === top ? m : `${k.slice(top.length + 1)}: ${m}`;
      }
      setErrors(byField);
      setError(failure(translate(`${R}.errors.save_connection`), err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={translate(`${C}.${connection ? 'edit_title' : 'add_title'}`)}
      error={error}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      maxWidth="md"
    >
      {TEXT_FIELDS.map((k, i) => (
        <TextField
          key={k}
          label={translate(`${C}.fields.${k}`)}
          value={values[k]}
          onChange={(e) => setValues((s) => ({ ...s, [k]: e.target.value }))}
          required={k === 'code' || k === 'production_base_url'}
          autoFocus={i === 0}
          type={k === 'x_password' ? 'password' : k.endsWith('_url') ? 'url' : 'text'}
          autoComplete={k === 'x_password' ? 'new-password' : 'off'}
          error={!!errors[k]}
          helperText={
            errors[k] ??
            (k === 'x_password' && connection?.has_password ? translate(`${C}.password_kept`) : undefined)
          }
          placeholder={k.endsWith('_url') ? 'https://' : undefined}
          fullWidth
        />
      ))}
      {JSON_FIELDS.map((k) => (
        <JsonObjectField
          key={k}
          name={k}
          label={translate(`${C}.fields.${k}`)}
          initial={connection?.[k]}
          serverError={errors[k]}
          onChange={(state) => {
            setJson((s) => ({ ...s, [k]: state }));
            setErrors(({ [k]: _drop, ...rest }) => rest);
          }}
        />
      ))}
    </FormDialog>
  );
}

function CredentialsDialog({
  facilityId,
  connection,
  onClose,
  onSaved,
}: {
  facilityId: number;
  connection: Connection;
  onClose: () => void;
  onSaved: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState({ x_username: connection.x_username ?? '', x_password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const missing: Record<string, string> = {};
    for (const k of ['x_username', 'x_password'] as const)
      if (!values[k]) missing[k] = translate('ra.validation.required');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    setError(null);
    try {
      await call(`${FACILITIES}/${facilityId}/connections/${connection.id}/credentials`, 'PUT', values);
      notify(`${R}.integrated.saved`, { type: 'success' });
      onSaved();
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setError(failure(translate(`${R}.errors.credentials`), err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      title={`${translate(`${C}.credentials_title`)}: ${connection.code}`}
      error={error}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      {(['x_username', 'x_password'] as const).map((k, i) => (
        <TextField
          key={k}
          label={translate(`${C}.fields.${k}`)}
          value={values[k]}
          onChange={(e) => setValues((s) => ({ ...s, [k]: e.target.value }))}
          required
          autoFocus={i === 0}
          type={k === 'x_password' ? 'password' : 'text'}
          autoComplete={k === 'x_password' ? 'new-password' : 'off'}
          error={!!errors[k]}
          helperText={errors[k]}
          fullWidth
        />
      ))}
    </FormDialog>
  );
}

type TestTarget = 'production' | 'sandbox' | 'gateway';
interface TestResult {
  ok: boolean;
  text: string;
  detail?: string;
}

function CheckedAt({ c }: { c: Connection }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!c.last_checked_at)
    return (
      <Typography variant="caption" color="text.secondary">
        {translate(`${C}.never_checked`)}
      </Typography>
    );
  const when = new Date(c.last_checked_at).toLocaleString(locale === 'en' ? 'en-GB' : 'id-ID', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <Tooltip title={c.last_check_message ?? ''}>
      <Typography
        variant="caption"
        color={c.last_check_ok ? 'success.main' : 'error.main'}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {c.last_check_ok ? '✓' : '✗'} {when}
      </Typography>
    </Tooltip>
  );
}

/** The Connections tab: each connection with its tests, credentials, edit and delete (spec §2, §5, §7). */
export function ConnectionsTab({ facilityId }: { facilityId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = ['facility-integration', facilityId, 'connections'];
  const { data, error, isPending } = useQuery({
    queryKey: key,
    queryFn: () => call<Connection[]>(`${FACILITIES}/${facilityId}/connections`),
  });
  const [editing, setEditing] = useState<Connection | 'new' | null>(null);
  const [credentials, setCredentials] = useState<Connection | null>(null);
  const [deleting, setDeleting] = useState<Connection | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const [result, setResult] = useState<TestResult | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['facility-integration'] });

  const test = async (c: Connection, target: TestTarget) => {
    setTesting(`${c.id}:${target}`);
    setResult(null);
    try {
      const res = await call<{ message: string }>(
        `${FACILITIES}/${facilityId}/connections/${c.id}/test`,
        'POST',
        { target },
      );
      setResult({ ok: true, text: translate(`${C}.test_ok`, { message: res.message }) });
    } catch (err: any) {
      // The server's reason, without repeating the heading ('Test koneksi gagal (sandbox): ...').
      const detail = String(err?.message ?? '').replace(/^Test koneksi gagal\s*/, '');
      setResult({ ok: false, text: translate(`${C}.test_failed`), detail });
    } finally {
      setTesting(null);
      reload();
    }
  };

  const action = (
    c: Connection,
    name: string,
    icon: React.ReactNode,
    onClick: () => void,
    opts: { disabled?: boolean; color?: 'error' | 'primary' } = {},
  ) => {
    const label = translate(`${C}.actions.${name}`);
    const busy =
      testing ===
      `${c.id}:${name === 'test' ? 'production' : name === 'test_sandbox' ? 'sandbox' : 'gateway'}`;
    return (
      <Tooltip title={label} key={name} disableInteractive>
        <span>
          <IconButton
            aria-label={`${label} ${c.code}`}
            onClick={onClick}
            disabled={opts.disabled || !!testing}
            color={opts.color ?? 'primary'}
          >
            {busy && name.startsWith('test') ? <CircularProgress size={18} /> : icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
        <Button startIcon={<AddIcon />} variant="contained" onClick={() => setEditing('new')}>
          {translate(`${C}.add`)}
        </Button>
      </Box>
      {testing && (
        <Alert severity="info" sx={{ mb: 1 }} icon={<CircularProgress size={18} />}>
          {translate(`${C}.testing`)}
        </Alert>
      )}
      {result && (
        <Alert
          severity={result.ok ? 'success' : 'error'}
          sx={{ mb: 1 }}
          onClose={() => setResult(null)}
          role="alert"
          data-test-result={result.ok ? 'ok' : 'failed'}
        >
          {result.text}
          {result.detail && (
            <Typography variant="body2" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
              {result.detail}
            </Typography>
          )}
        </Alert>
      )}
      {error && <Alert severity="error">{failure(translate(`${R}.errors.fetch`), error)}</Alert>}
      {isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress aria-label={translate('ra.page.loading')} />
        </Box>
      ) : data && data.length === 0 ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
          {translate(`${C}.empty`)}
        </Typography>
      ) : (
        data && (
          <TableContainer>
            <Table size="small" aria-label={translate(`${R}.integrated.tabs.connections`)}>
              <TableHead>
                <TableRow>
                  <TableCell>
                    {translate(`${C}.fields.code`)} / {translate(`${C}.fields.x_username`)}
                  </TableCell>
                  <TableCell>{translate(`${C}.fields.production_base_url`)}</TableCell>
                  <TableCell>{translate(`${C}.fields.gateway_status`)}</TableCell>
                  <TableCell>{translate(`${C}.fields.last_checked_at`)}</TableCell>
                  <TableCell align="right">{translate('app.common.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((c) => (
                  <TableRow key={c.id} hover>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {c.code}
                      </Typography>
                      <Typography variant="caption" color="text.secondary" component="div">
                        {c.x_username ?? '-'}
                        {c.has_password ? ` · ${translate(`${C}.has_password`)}` : ''}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ maxWidth: 280, wordBreak: 'break-all' }}>
                      <Typography variant="body2">{c.production_base_url}</Typography>
                      {c.sandbox_base_url && (
                        <Typography variant="caption" color="text.secondary">
                          {translate(`${C}.fields.sandbox_base_url`)}: {c.sandbox_base_url}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>
                      <GatewayChip status={c.gateway_status} />
                    </TableCell>
                    <TableCell>
                      <CheckedAt c={c} />
                    </TableCell>
                    <TableCell align="right" sx={{ width: 164, minWidth: 164 }}>
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                        {action(c, 'test', <NetworkCheckIcon fontSize="small" />, () =>
                          test(c, 'production'),
                        )}
                        {c.sandbox_base_url &&
                          action(c, 'test_sandbox', <ScienceIcon fontSize="small" />, () =>
                            test(c, 'sandbox'),
                          )}
                        {action(c, 'test_gateway', <RouterIcon fontSize="small" />, () => test(c, 'gateway'))}
                        {action(c, 'credentials', <KeyIcon fontSize="small" />, () => setCredentials(c))}
                        {action(c, 'edit', <EditIcon fontSize="small" />, () => setEditing(c))}
                        {action(c, 'delete', <DeleteIcon fontSize="small" />, () => setDeleting(c), {
                          color: 'error',
                        })}
                      </Box>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )
      )}
      {editing && (
        <ConnectionDialog
          facilityId={facilityId}
          connection={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      )}
      {credentials && (
        <CredentialsDialog
          facilityId={facilityId}
          connection={credentials}
          onClose={() => setCredentials(null)}
          onSaved={() => {
            setCredentials(null);
            reload();
          }}
        />
      )}
      <ConfirmDelete
        open={!!deleting}
        text={translate(`${R}.integrated.delete_connection`, { name: deleting?.code ?? '' })}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          try {
            await call(`${FACILITIES}/${facilityId}/connections/${deleting!.id}`, 'DELETE');
            notify(`${R}.integrated.deleted`, { type: 'success' });
            reload();
          } catch (err) {
            notify(failure(translate(`${R}.errors.delete`), err), { type: 'error' });
          }
          setDeleting(null);
        }}
      />
    </Box>
  );
}
