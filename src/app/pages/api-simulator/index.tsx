/**
 * API Simulator - Medical Facility Testing (spec part 2 §2 'API Simulator', §7 'Simulator
 * tester', §8, §9): single calls to the facility API with a facility's key, and their answers.
 * The request history lives on the server (GET/POST/DELETE /api/api-simulator/history).
 */
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, MenuItem, Paper, Stack, Tab, Tabs, TextField } from '@mui/material';
import SettingsIcon from '@mui/icons-material/Settings';
import HistoryIcon from '@mui/icons-material/History';
import DnsIcon from '@mui/icons-material/Dns';
import { PageHeader } from '../../components/PageHeader';
import type { JsonState } from '../../resources/generic/JsonField';
import type { TesterConfig } from './request';
import { ResponsePanel } from './ResponsePanel';
import { ConfigDialog, DomainDialog, HistoryDialog, type HistoryEntry } from './dialogs';
import { FacilityTab, SearchTab, bookingTemplate, type IdType } from './tabs';
import { CreatePatientTab } from './CreatePatientTab';
import { T, useTester, type TabId, type Tester } from './useTester';

/** The facility whose key the calls carry. */
function KeyPicker({ tester }: { tester: Tester }) {
  const translate = useTranslate();
  const { keys, keyId, busy } = tester;
  return (
    <TextField
      select
      fullWidth
      size="small"
      label={translate(`${T}.facility`)}
      value={keys === null ? '' : keyId}
      onChange={(e) => void tester.pickKey(Number(e.target.value))}
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
  );
}

/**
 * Tabs that wrap onto a second row rather than scroll, so every label shows whole at any width;
 * the chosen one is underlined itself (the sliding indicator cannot follow a wrapped row).
 */
const TABS_SX = {
  mt: 1,
  borderBottom: 1,
  borderColor: 'divider',
  '& .MuiTabs-flexContainer': { flexWrap: 'wrap' },
  '& .MuiTabs-indicator': { display: 'none' },
  '& .MuiTab-root': { borderBottom: 2, borderColor: 'transparent' },
  '& .MuiTab-root.Mui-selected': { borderColor: 'primary.main' },
} as const;

type DialogId = 'config' | 'history' | 'domain';

/** The header's buttons: configuration, history (with its length) and the domain dialog. */
function Actions({ tester, onOpen }: { tester: Tester; onOpen: (d: DialogId) => void }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
      <Button startIcon={<SettingsIcon />} variant="outlined" onClick={() => onOpen('config')}>
        {translate(`${T}.config.button`)}
      </Button>
      <Button startIcon={<HistoryIcon />} variant="outlined" onClick={() => onOpen('history')}>
        {translate(`${T}.history.button`)} ({tester.history.length})
      </Button>
      <Button
        startIcon={<DnsIcon />}
        variant="outlined"
        onClick={() => onOpen('domain')}
        disabled={!tester.chosen}
      >
        {translate(`${T}.domain.button`)}
      </Button>
    </Stack>
  );
}

function Dialogs({
  tester,
  open,
  onClose,
  onReplay,
}: {
  tester: Tester;
  open: DialogId | null;
  onClose: () => void;
  onReplay: (e: HistoryEntry) => Promise<void>;
}) {
  const { config, chosen } = tester;
  return (
    <>
      {open === 'config' && (
        <ConfigDialog
          config={config}
          onChange={(c) => {
            tester.setConfig(c);
            if (c.externalUrl !== config.externalUrl) tester.setToken(null);
          }}
          apiKey={tester.key}
          defaultUsername={chosen?.username ?? ''}
          token={tester.token}
          onToken={tester.setToken}
          onClose={onClose}
        />
      )}
      {open === 'history' && (
        <HistoryDialog
          entries={tester.history}
          onReplay={(e) => void onReplay(e)}
          onClear={tester.clearHistory}
          onClose={onClose}
        />
      )}
      {open === 'domain' && chosen && <DomainDialog facilityCode={chosen.facility_code} onClose={onClose} />}
    </>
  );
}

export default function ApiSimulator() {
  const translate = useTranslate();
  const notify = useNotify();
  const tester = useTester();
  const { keys, keyId, key } = tester;
  const [tab, setTab] = useState<TabId>('search');
  const [idType, setIdType] = useState<IdType>('KTP');
  const [idNumber, setIdNumber] = useState('');
  const [patient, setPatient] = useState<JsonState>({ value: {} });
  const [patientVersion, setPatientVersion] = useState(0);
  const [booking, setBooking] = useState(bookingTemplate);
  const [dialog, setDialog] = useState<DialogId | null>(null);
  // Sent once the key of the replayed entry is in place.
  const [pendingReplay, setPendingReplay] = useState<HistoryEntry | null>(null);

  /** A history entry sent again: its tab and form filled as they were, then the request. */
  const replay = async (entry: HistoryEntry) => {
    setDialog(null);
    const tabOf = entry.tab as TabId;
    setTab(tabOf);
    if (entry.api_key_id && entry.api_key_id !== keyId && keys?.some((k) => k.id === entry.api_key_id)) {
      await tester.pickKey(entry.api_key_id);
    }
    const m = /^\/patient\/(KTP|BPJS|MR)\/(.+)$/.exec(entry.path);
    if (tabOf === 'search' && m) {
      setIdType(m[1] as IdType);
      setIdNumber(decodeURIComponent(m[2]));
    }
    if (tabOf === 'create' && entry.body) {
      setPatient({ value: entry.body });
      setPatientVersion((v) => v + 1);
    }
    if (tabOf === 'facility' && entry.method === 'POST' && entry.body) {
      setBooking(JSON.stringify(entry.body, null, 2));
    }
    tester.setConfig((c) => ({ ...c, auth: entry.auth_method as TesterConfig['auth'] }));
    setPendingReplay(entry);
  };
  useEffect(() => {
    if (!pendingReplay || !key) return;
    const e = pendingReplay;
    setPendingReplay(null);
    void tester.run(e.tab as TabId, e.method as 'GET' | 'POST', e.path, e.body ?? undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pendingReplay, key]);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <PageHeader
        title={translate(`${T}.title`)}
        subtitle={translate(`${T}.subtitle`)}
        actions={<Actions tester={tester} onOpen={setDialog} />}
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
          <KeyPicker tester={tester} />
          <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={TABS_SX}>
            <Tab value="search" label={translate(`${T}.tabs.search`)} />
            <Tab value="create" label={translate(`${T}.tabs.create`)} />
            <Tab value="facility" label={translate(`${T}.tabs.facility`)} />
          </Tabs>
          {tab === 'search' && (
            <SearchTab
              tester={tester}
              idType={idType}
              setIdType={setIdType}
              idNumber={idNumber}
              setIdNumber={setIdNumber}
            />
          )}
          {tab === 'create' && (
            <CreatePatientTab
              tester={tester}
              patient={patient}
              setPatient={setPatient}
              version={patientVersion}
            />
          )}
          {tab === 'facility' && <FacilityTab tester={tester} booking={booking} setBooking={setBooking} />}
        </Paper>

        <Box sx={{ minWidth: 0 }}>
          {tester.message && (
            <Alert
              severity={tester.message.ok ? 'success' : 'error'}
              sx={{ mb: 2 }}
              onClose={() => tester.setMessage(null)}
            >
              {tester.message.text}
            </Alert>
          )}
          <ResponsePanel
            response={tester.response}
            busy={tester.busy}
            onCopied={() => notify(translate(`${T}.messages.copied`), { type: 'success' })}
          />
        </Box>
      </Box>

      <Dialogs tester={tester} open={dialog} onClose={() => setDialog(null)} onReplay={replay} />
    </Box>
  );
}
