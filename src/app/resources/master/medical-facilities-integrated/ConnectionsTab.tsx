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
import { facilityConnections } from '../../../../resources/facility-connections';
import { ImportButton } from '../../generic/import/ImportButton';
import { call, FACILITIES, type Connection } from './api';
import { ConfirmDelete, failure } from './dialogs';
import { ConnectionDialog, CredentialsDialog } from './ConnectionDialogs';
import { GatewayChip } from './chips';

const R = 'resources.master/medical-facilities';
const C = `${R}.integrated.connections`;

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

/** One connection: its code and user, addresses, gateway, last check, and its actions. */
function ConnectionRow({
  c,
  testing,
  onTest,
  onCredentials,
  onEdit,
  onDelete,
}: {
  c: Connection;
  /** The test under way ('<id>:<target>'), if any: every action waits for it. */
  testing: string | null;
  onTest: (target: TestTarget) => void;
  onCredentials: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const translate = useTranslate();
  const action = (
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
    <TableRow hover>
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
          {action('test', <NetworkCheckIcon fontSize="small" />, () => onTest('production'))}
          {c.sandbox_base_url &&
            action('test_sandbox', <ScienceIcon fontSize="small" />, () => onTest('sandbox'))}
          {action('test_gateway', <RouterIcon fontSize="small" />, () => onTest('gateway'))}
          {action('credentials', <KeyIcon fontSize="small" />, onCredentials)}
          {action('edit', <EditIcon fontSize="small" />, onEdit)}
          {action('delete', <DeleteIcon fontSize="small" />, onDelete, {
            color: 'error',
          })}
        </Box>
      </TableCell>
    </TableRow>
  );
}

/** A connection test: which one runs ('<id>:<target>'), its result, and how to start one. */
function useConnectionTest(facilityId: number, reload: () => void) {
  const translate = useTranslate();
  const [testing, setTesting] = useState<string | null>(null);
  const [result, setResult] = useState<TestResult | null>(null);
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
  return { testing, result, setResult, test };
}

/** 'Testing…' while a test runs, then its result (the server's reason under a failure). */
function TestAlerts({
  testing,
  result,
  onClose,
}: {
  testing: boolean;
  result: TestResult | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <>
      {testing && (
        <Alert severity="info" sx={{ mb: 1 }} icon={<CircularProgress size={18} />}>
          {translate(`${C}.testing`)}
        </Alert>
      )}
      {result && (
        <Alert
          severity={result.ok ? 'success' : 'error'}
          sx={{ mb: 1 }}
          onClose={onClose}
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
    </>
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
  const reload = () => queryClient.invalidateQueries({ queryKey: ['facility-integration'] });
  const { testing, result, setResult, test } = useConnectionTest(facilityId, reload);

  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 1, mb: 1 }}>
        <ImportButton
          decl={facilityConnections}
          apiName={`master/medical-facilities/${facilityId}/connections`}
        />
        <Button startIcon={<AddIcon />} variant="contained" onClick={() => setEditing('new')}>
          {translate(`${C}.add`)}
        </Button>
      </Box>
      <TestAlerts testing={!!testing} result={result} onClose={() => setResult(null)} />
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
                  <TableCell align="right">{translate(`${R}.integrated.actions`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((c) => (
                  <ConnectionRow
                    key={c.id}
                    c={c}
                    testing={testing}
                    onTest={(target) => test(c, target)}
                    onCredentials={() => setCredentials(c)}
                    onEdit={() => setEditing(c)}
                    onDelete={() => setDeleting(c)}
                  />
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
