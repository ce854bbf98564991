/**
 * API Simulator - Medical Facility Testing (spec part 2 §2 'API Simulator', §7 'Simulator
 * tester', §8, §9): single calls to the facility API with a facility's key, and their answers.
 * The request history lives on the server (GET/POST/DELETE /api/api-simulator/history).
 */
import { useCallback, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
} from '@mui/material';
import SettingsIcon from '@mui/icons-material/Settings';
import HistoryIcon from '@mui/icons-material/History';
import DnsIcon from '@mui/icons-material/Dns';
import SearchIcon from '@mui/icons-material/Search';
import SendIcon from '@mui/icons-material/Send';
import { API_URL, httpClient } from '../../providers/http';
import { PageHeader } from '../../components/PageHeader';
import { JsonField, type JsonState } from '../../resources/generic/JsonField';
import { SCHEMA_FORMS } from '../../resources/generic/jsonForms';
import { DEFAULT_CONFIG, sendRequest, type TesterConfig, type TesterResponse } from './request';
import { ResponsePanel } from './ResponsePanel';
import { ConfigDialog, DomainDialog, HistoryDialog, type HistoryEntry } from './dialogs';
import type { KeyOption } from '../mobile-simulator/client';

export const T = 'app.api_simulator';

type TabId = 'search' | 'create' | 'facility';
const ID_TYPES = ['KTP', 'BPJS', 'MR'] as const;
const LISTS = ['patients', 'doctors', 'appointments', 'facilities'] as const;

/** The create-patient form's choices by name (the schema holds the codes the API takes). */
const GENDERS = { 'ui:enumNames': ['Laki-laki (L)', 'Perempuan (P)'] };
const CREATE_PATIENT_UI = {
  gender: GENDERS,
  insurrance: { 'ui:enumNames': ['0000 - Tanpa asuransi', '0001 - BPJS'] },
  maritalStatus: {
    'ui:enumNames': [
      'Belum menikah (single)',
      'Menikah (married)',
      'Cerai (divorced)',
      'Janda/Duda (widowed)',
    ],
  },
  patientCompanion: { gender: GENDERS },
};

/** A booking to start from: tomorrow 09:00-10:00 (the §9 default visit time). */
function bookingTemplate(): string {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return JSON.stringify(
    {
      poly_code: 'UMU',
      poly_name: 'Umum',
      date: tomorrow,
      start_time: '09:00',
      end_time: '10:00',
      doctor_id: 1,
      id_type: 'KTP',
      id_number: '',
      name: '',
      health_insurance: 'UMUM',
    },
    null,
    2,
  );
}

export default function ApiSimulator() {
  const translate = useTranslate();
  const notify = useNotify();
  const [keys, setKeys] = useState<KeyOption[] | null>(null);
  const [keyId, setKeyId] = useState<number | ''>('');
  const [key, setKey] = useState('');
  const [config, setConfig] = useState<TesterConfig>(DEFAULT_CONFIG);
  const [token, setToken] = useState<string | null>(null);
  const [tab, setTab] = useState<TabId>('search');
  const [idType, setIdType] = useState<(typeof ID_TYPES)[number]>('KTP');
  const [idNumber, setIdNumber] = useState('');
  const [patient, setPatient] = useState<JsonState>({ value: {} });
  const [patientVersion, setPatientVersion] = useState(0);
  const [booking, setBooking] = useState(bookingTemplate);
  const [busy, setBusy] = useState(false);
  const [response, setResponse] = useState<TesterResponse | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  const [dialog, setDialog] = useState<'config' | 'history' | 'domain' | null>(null);

  const loadHistory = useCallback(async () => {
    try {
      const { json } = await httpClient(`${API_URL}/api-simulator/history`);
      setHistory(json.data ?? []);
    } catch {
      // the history is a convenience: the tester works without it
    }
  }, []);

  const pickKey = useCallback(async (id: number) => {
    setKeyId(id);
    setKey('');
    setToken(null);
    try {
      const { json } = await httpClient(`${API_URL}/admin/simulator-apikeys/${id}/reveal`);
      setKey(json.x_api_key ?? '');
    } catch {
      setKey('');
    }
  }, []);

  useEffect(() => {
    let live = true;
    // The facility's keys (a medical_facility user gets only theirs); failures stay silent (§8).
    httpClient(`${API_URL}/admin/simulator-apikeys?limit=100`)
      .then(({ json }) => {
        if (!live) return;
        const list: KeyOption[] = Array.isArray(json) ? json : (json?.data ?? []);
        setKeys(list);
        if (list.length === 1) void pickKey(list[0].id);
      })
      .catch(() => live && setKeys([]));
    void loadHistory();
    return () => {
      live = false;
    };
  }, [pickKey, loadHistory]);

  const run = async (entryTab: TabId, method: 'GET' | 'POST', path: string, body?: unknown) => {
    if (!key) return;
    setBusy(true);
    setMessage(null);
    const res = await sendRequest(config, key, token, method, path, body);
    setResponse(res);
    if (res.status === null) {
      setMessage({ ok: false, text: translate(`${T}.messages.network`, { message: res.error }) });
    } else if (res.status < 400) {
      setMessage({ ok: true, text: translate(`${T}.messages.success`, { ms: res.ms }) });
    } else {
      setMessage({
        ok: false,
        text: translate(`${T}.messages.failed`, { status: res.status, statusText: res.statusText }),
      });
    }
    setBusy(false);
    try {
      await httpClient(`${API_URL}/api-simulator/history`, {
        method: 'POST',
        body: JSON.stringify({
          tab: entryTab,
          method,
          path,
          body: body ?? null,
          api_key_id: keyId === '' ? null : keyId,
          auth_method: config.auth,
          status: res.status,
          duration_ms: res.ms,
        }),
      });
      await loadHistory();
    } catch {
      // not kept: the answer is shown all the same
    }
  };

  const search = () => run('search', 'GET', `/patient/${idType}/${encodeURIComponent(idNumber.trim())}`);
  const patientValue = (patient.value ?? {}) as Record<string, unknown>;
  const canCreate = !!String(patientValue.nik ?? '').trim() && !!String(patientValue.name ?? '').trim();
  let bookingBody: unknown = null;
  try {
    bookingBody = JSON.parse(booking);
  } catch {
    bookingBody = null;
  }

  /** A history entry sent again: its tab and form filled as they were, then the request. */
  const replay = async (entry: HistoryEntry) => {
    setDialog(null);
    const tabOf = entry.tab as TabId;
    setTab(tabOf);
    if (entry.api_key_id && entry.api_key_id !== keyId && keys?.some((k) => k.id === entry.api_key_id)) {
      await pickKey(entry.api_key_id);
    }
    const m = /^\/patient\/(KTP|BPJS|MR)\/(.+)$/.exec(entry.path);
    if (tabOf === 'search' && m) {
      setIdType(m[1] as (typeof ID_TYPES)[number]);
      setIdNumber(decodeURIComponent(m[2]));
    }
    if (tabOf === 'create' && entry.body) {
      setPatient({ value: entry.body as Record<string, unknown> });
      setPatientVersion((v) => v + 1);
    }
    if (tabOf === 'facility' && entry.method === 'POST' && entry.body) {
      setBooking(JSON.stringify(entry.body, null, 2));
    }
    setConfig((c) => ({ ...c, auth: entry.auth_method as TesterConfig['auth'] }));
    setPendingReplay(entry);
  };
  // Sent once the key of the replayed entry is in place.
  const [pendingReplay, setPendingReplay] = useState<HistoryEntry | null>(null);
  useEffect(() => {
    if (!pendingReplay || !key) return;
    const e = pendingReplay;
    setPendingReplay(null);
    void run(e.tab as TabId, e.method as 'GET' | 'POST', e.path, e.body ?? undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pendingReplay, key]);

  const chosen = keys?.find((k) => k.id === keyId);
  const spinner = busy ? <CircularProgress size={16} color="inherit" /> : undefined;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <PageHeader
        title={translate(`${T}.title`)}
        subtitle={translate(`${T}.subtitle`)}
        actions={
          <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button startIcon={<SettingsIcon />} variant="outlined" onClick={() => setDialog('config')}>
              {translate(`${T}.config.button`)}
            </Button>
            <Button startIcon={<HistoryIcon />} variant="outlined" onClick={() => setDialog('history')}>
              {translate(`${T}.history.button`)} ({history.length})
            </Button>
            <Button
              startIcon={<DnsIcon />}
              variant="outlined"
              onClick={() => setDialog('domain')}
              disabled={!chosen}
            >
              {translate(`${T}.domain.button`)}
            </Button>
          </Stack>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
          <TextField
            select
            fullWidth
            size="small"
            label={translate(`${T}.facility`)}
            value={keys === null ? '' : keyId}
            onChange={(e) => void pickKey(Number(e.target.value))}
            disabled={busy || keys === null || keys.length === 0}
            helperText={
              keys === null
                ? translate(`${T}.messages.loading_facilities`)
                : keys.length === 0
                  ? translate(`${T}.messages.no_facilities`)
                  : !keyId
                    ? translate(`${T}.pick_facility`)
                    : undefined
            }
            slotProps={{ select: { inputProps: { 'data-testid': 'key-picker' } } }}
          >
            {(keys ?? []).map((k) => (
              <MenuItem key={k.id} value={k.id}>
                {k.facility_name} ({k.facility_code})
              </MenuItem>
            ))}
          </TextField>

          <Tabs
            value={tab}
            onChange={(_, v) => setTab(v)}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mt: 1, borderBottom: 1, borderColor: 'divider' }}
          >
            <Tab value="search" label={translate(`${T}.tabs.search`)} />
            <Tab value="create" label={translate(`${T}.tabs.create`)} />
            <Tab value="facility" label={translate(`${T}.tabs.facility`)} />
          </Tabs>

          {tab === 'search' && (
            <Stack spacing={2} sx={{ mt: 2 }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  select
                  size="small"
                  label={translate(`${T}.search.id_type`)}
                  value={idType}
                  onChange={(e) => setIdType(e.target.value as (typeof ID_TYPES)[number])}
                  sx={{ minWidth: 200 }}
                >
                  {ID_TYPES.map((t) => (
                    <MenuItem key={t} value={t}>
                      {translate(`${T}.search.types.${t}`)}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  size="small"
                  fullWidth
                  label={translate(`${T}.search.id_number`)}
                  value={idNumber}
                  onChange={(e) => setIdNumber(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' && idNumber.trim() && key && !busy) void search();
                  }}
                />
              </Stack>
              <Box>
                <Button
                  variant="contained"
                  startIcon={spinner ?? <SearchIcon />}
                  disabled={busy || !key || !idNumber.trim()}
                  onClick={() => void search()}
                >
                  {translate(`${T}.search.send`)}
                </Button>
              </Box>
            </Stack>
          )}

          {tab === 'create' && (
            <Stack spacing={2} sx={{ mt: 2 }}>
              <JsonField
                key={patientVersion}
                name="create_patient"
                form={SCHEMA_FORMS['simulator-create-patient']}
                label={translate(`${T}.tabs.create`)}
                initial={patient.value}
                onChange={setPatient}
                options={{ uiSchema: CREATE_PATIENT_UI }}
              />
              <Box>
                <Button
                  variant="contained"
                  startIcon={spinner ?? <SendIcon />}
                  disabled={busy || !key || !canCreate || !!patient.error}
                  onClick={() => void run('create', 'POST', '/patient', patientValue)}
                >
                  {translate(`${T}.create.send`)}
                </Button>
                {!canCreate && (
                  <Box component="span" sx={{ ml: 2, color: 'text.secondary', fontSize: 14 }}>
                    {translate(`${T}.create.hint`)}
                  </Box>
                )}
              </Box>
            </Stack>
          )}

          {tab === 'facility' && (
            <Stack spacing={2} sx={{ mt: 2 }}>
              <Box>
                <Box sx={{ fontWeight: 600, mb: 1 }}>{translate(`${T}.facility_apis.lists`)}</Box>
                <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
                  {LISTS.map((l) => (
                    <Button
                      key={l}
                      variant="outlined"
                      disabled={busy || !key}
                      onClick={() => void run('facility', 'GET', `/${l}`)}
                    >
                      GET /{l}
                    </Button>
                  ))}
                </Stack>
              </Box>
              <Box>
                <Box sx={{ fontWeight: 600, mb: 1 }}>{translate(`${T}.facility_apis.booking`)}</Box>
                <TextField
                  multiline
                  fullWidth
                  minRows={8}
                  label={translate(`${T}.facility_apis.booking_body`)}
                  value={booking}
                  onChange={(e) => setBooking(e.target.value)}
                  error={bookingBody === null}
                  helperText={bookingBody === null ? translate(`${T}.facility_apis.invalid_json`) : undefined}
                  slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 13 } } }}
                />
                <Button
                  sx={{ mt: 1 }}
                  variant="contained"
                  startIcon={spinner ?? <SendIcon />}
                  disabled={busy || !key || bookingBody === null}
                  onClick={() => void run('facility', 'POST', '/appointment', bookingBody)}
                >
                  {translate(`${T}.facility_apis.send_booking`)}
                </Button>
              </Box>
            </Stack>
          )}
        </Paper>

        <Box sx={{ minWidth: 0 }}>
          {message && (
            <Alert
              severity={message.ok ? 'success' : 'error'}
              sx={{ mb: 2 }}
              onClose={() => setMessage(null)}
            >
              {message.text}
            </Alert>
          )}
          <ResponsePanel
            response={response}
            busy={busy}
            onCopied={() => notify(translate(`${T}.messages.copied`), { type: 'success' })}
          />
        </Box>
      </Box>

      {dialog === 'config' && (
        <ConfigDialog
          config={config}
          onChange={(c) => {
            setConfig(c);
            if (c.externalUrl !== config.externalUrl) setToken(null);
          }}
          apiKey={key}
          defaultUsername={chosen?.username ?? ''}
          token={token}
          onToken={setToken}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'history' && (
        <HistoryDialog
          entries={history}
          onReplay={(e) => void replay(e)}
          onClear={async () => {
            await httpClient(`${API_URL}/api-simulator/history`, { method: 'DELETE' }).catch(() => null);
            await loadHistory();
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'domain' && chosen && (
        <DomainDialog facilityCode={chosen.facility_code} onClose={() => setDialog(null)} />
      )}
    </Box>
  );
}
