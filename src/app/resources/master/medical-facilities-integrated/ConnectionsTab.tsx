import { useState, type ReactNode } from 'react';
import { useLocaleState, useRefresh, useTranslate } from 'react-admin';
import { Alert, CircularProgress, Tooltip, Typography } from '@mui/material';
import NetworkCheckIcon from '@mui/icons-material/NetworkCheck';
import ScienceIcon from '@mui/icons-material/Science';
import RouterIcon from '@mui/icons-material/Router';
import KeyIcon from '@mui/icons-material/Key';
import { facilityConnections } from '../../../../resources/facility-connections';
import { API_URL, httpClient } from '../../../providers/http';
import type { RowsColumn } from '../../generic/RowsDialog';
import { childResourceOf } from '../../screen-paths';
import { ChildRecords, type RowAction } from './ChildRecords';
import { CredentialsDialog, connectionInputs, connectionToApi } from './ConnectionDialogs';
import { GatewayChip } from './chips';
import type { Connection } from './records';

const R = 'resources.master/medical-facilities';
const C = `resources.${facilityConnections.name}`;

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

/** A connection test: which one runs ('<id>:<target>'), its result, and how to start one. */
function useConnectionTest(facilityId: number, reload: () => void) {
  const translate = useTranslate();
  const [testing, setTesting] = useState<string | null>(null);
  const [result, setResult] = useState<TestResult | null>(null);
  const test = async (c: Connection, target: TestTarget) => {
    setTesting(`${c.id}:${target}`);
    setResult(null);
    try {
      const { json } = await httpClient(
        `${API_URL}/${childResourceOf(facilityConnections, facilityId)}/${c.id}/test`,
        { method: 'POST', body: JSON.stringify({ target }) },
      );
      setResult({ ok: true, text: translate(`${C}.test_ok`, { message: json.message }) });
    } catch (err: any) {
      // The server's reason, without repeating the heading ('Test koneksi gagal (sandbox): ...',
      // 'Connection test failed (sandbox): ...' in English).
      const detail = String(err?.message ?? '').replace(
        /^(Test koneksi gagal|Connection test failed)\s*/,
        '',
      );
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
  const refresh = useRefresh();
  const { testing, result, setResult, test } = useConnectionTest(facilityId, refresh);
  const [credentials, setCredentials] = useState<Connection | null>(null);
  const busy = (target: TestTarget) => (c: Connection) => testing === `${c.id}:${target}`;
  const action = (
    name: string,
    icon: ReactNode,
    onClick: (c: Connection) => void,
    more: Partial<RowAction<Connection>> = {},
  ): RowAction<Connection> => ({
    key: name,
    label: translate(`${C}.actions.${name}`),
    icon,
    onClick,
    ...more,
  });
  const columns: RowsColumn<Connection>[] = [
    {
      key: 'code',
      label: `${translate(`${C}.fields.code`)} / ${translate(`${C}.fields.x_username`)}`,
      render: (c) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {c.code}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {c.x_username ?? '-'}
            {c.has_password ? ` · ${translate(`${C}.has_password`)}` : ''}
          </Typography>
        </>
      ),
    },
    {
      key: 'production_base_url',
      label: translate(`${C}.fields.production_base_url`),
      sx: { maxWidth: 280, wordBreak: 'break-all' },
      render: (c) => (
        <>
          <Typography variant="body2">{c.production_base_url}</Typography>
          {c.sandbox_base_url && (
            <Typography variant="caption" color="text.secondary">
              {translate(`${C}.fields.sandbox_base_url`)}: {c.sandbox_base_url}
            </Typography>
          )}
        </>
      ),
    },
    {
      key: 'gateway_status',
      label: translate(`${C}.fields.gateway_status`),
      render: (c) => <GatewayChip status={c.gateway_status} />,
    },
    {
      key: 'last_checked_at',
      label: translate(`${C}.fields.last_checked_at`),
      render: (c) => <CheckedAt c={c} />,
    },
  ];
  return (
    <>
      <ChildRecords<Connection>
        decl={facilityConnections}
        facilityId={facilityId}
        columns={columns}
        nameOf={(c) => c.code}
        texts={{
          add: translate(`${C}.add`),
          empty: translate(`${C}.empty`),
          label: translate(`${R}.integrated.tabs.connections`),
        }}
        actions={[
          action('test', <NetworkCheckIcon fontSize="small" />, (c) => test(c, 'production'), {
            busy: busy('production'),
          }),
          action('test_sandbox', <ScienceIcon fontSize="small" />, (c) => test(c, 'sandbox'), {
            busy: busy('sandbox'),
            shown: (c) => !!c.sandbox_base_url,
          }),
          action('test_gateway', <RouterIcon fontSize="small" />, (c) => test(c, 'gateway'), {
            busy: busy('gateway'),
          }),
          action('credentials', <KeyIcon fontSize="small" />, setCredentials),
        ]}
        disabled={!!testing}
        inputs={connectionInputs}
        transform={connectionToApi}
        deleteText={(name) => translate(`${R}.integrated.delete_connection`, { name })}
      >
        <TestAlerts testing={!!testing} result={result} onClose={() => setResult(null)} />
      </ChildRecords>
      {credentials && (
        <CredentialsDialog
          facilityId={facilityId}
          connection={credentials}
          onClose={() => setCredentials(null)}
        />
      )}
    </>
  );
}
