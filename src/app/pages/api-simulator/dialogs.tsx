import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  List,
  ListItem,
  ListItemText,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { API_URL, httpClient } from '../../providers/http';
import { formatDateTimeWib } from '../../../domain/format';
import { detailOf } from '../mobile-simulator/client';
import { sendRequest, type TesterConfig } from './request';
import { statusColor } from './ResponsePanel';

const T = 'app.api_simulator';

export interface HistoryEntry {
  id: number;
  created_at: string;
  tab: string;
  method: string;
  path: string;
  body: Record<string, unknown> | null;
  api_key_id: number | null;
  auth_method: string;
  status: number | null;
  duration_ms: number | null;
}

const useFullScreen = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/** Bearer: a token from POST /v1/token with the key, a username and a password. */
function TokenFields({
  config,
  apiKey,
  defaultUsername,
  token,
  onToken,
}: {
  config: TesterConfig;
  apiKey: string;
  defaultUsername: string;
  token: string | null;
  onToken: (token: string | null) => void;
}) {
  const translate = useTranslate();
  const [username, setUsername] = useState(defaultUsername);
  const [password, setPassword] = useState('');
  const [tokenBusy, setTokenBusy] = useState(false);
  const [tokenError, setTokenError] = useState<string | null>(null);
  const getToken = async () => {
    setTokenBusy(true);
    setTokenError(null);
    const res = await sendRequest({ ...config, auth: 'apikey' }, apiKey, null, 'POST', '/v1/token', {
      username,
      password,
    });
    setTokenBusy(false);
    const body = res.body as any;
    const value = body?.response?.token ?? body?.token;
    if (res.status !== null && res.status < 300 && typeof value === 'string') onToken(value);
    else
      setTokenError(
        translate(`${T}.config.token_failed`, {
          detail: res.error ?? detailOf(body) ?? `${res.status} ${res.statusText}`,
        }),
      );
  };
  return (
    <Stack spacing={1.5}>
      {!token && <Alert severity="info">{translate(`${T}.config.token_needed`)}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          size="small"
          label={translate(`${T}.config.username`)}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoComplete="off"
        />
        <TextField
          size="small"
          type="password"
          label={translate(`${T}.config.password`)}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="new-password"
        />
      </Stack>
      <Box>
        <Button
          variant="outlined"
          onClick={() => void getToken()}
          disabled={tokenBusy || !apiKey || !username || !password}
          startIcon={tokenBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate(`${T}.config.get_token`)}
        </Button>
        {token && <Chip sx={{ ml: 1 }} color="success" label={translate(`${T}.config.token_ok`)} />}
      </Box>
      {tokenError && <Alert severity="error">{tokenError}</Alert>}
    </Stack>
  );
}

/** Target (the local sandbox or an external URL through the proxy), timeout and auth method. */
export function ConfigDialog({
  config,
  onChange,
  apiKey,
  defaultUsername,
  token,
  onToken,
  onClose,
}: {
  config: TesterConfig;
  onChange: (c: TesterConfig) => void;
  apiKey: string;
  defaultUsername: string;
  token: string | null;
  onToken: (token: string | null) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [external, setExternal] = useState(!!config.externalUrl);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={useFullScreen()}>
      <DialogTitle>{translate(`${T}.config.title`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <FormControl>
            <FormLabel id="tester-target">{translate(`${T}.config.target`)}</FormLabel>
            <RadioGroup
              aria-labelledby="tester-target"
              value={external ? 'external' : 'local'}
              onChange={(e) => {
                const ext = e.target.value === 'external';
                setExternal(ext);
                if (!ext) onChange({ ...config, externalUrl: '' });
              }}
            >
              <FormControlLabel value="local" control={<Radio />} label={translate(`${T}.config.local`)} />
              <FormControlLabel
                value="external"
                control={<Radio />}
                label={translate(`${T}.config.external`)}
              />
            </RadioGroup>
          </FormControl>
          {external && (
            <TextField
              size="small"
              label={translate(`${T}.config.external_url`)}
              placeholder="https://rs.example.id/api"
              value={config.externalUrl}
              onChange={(e) => onChange({ ...config, externalUrl: e.target.value })}
              helperText={translate(`${T}.config.external_help`)}
            />
          )}
          <TextField
            size="small"
            type="number"
            label={translate(`${T}.config.timeout`)}
            value={config.timeoutMs}
            onChange={(e) =>
              onChange({ ...config, timeoutMs: Math.max(1000, Number(e.target.value) || 30_000) })
            }
            slotProps={{ htmlInput: { min: 1000, step: 1000 } }}
          />
          <FormControl>
            <FormLabel id="tester-auth">{translate(`${T}.config.auth`)}</FormLabel>
            <RadioGroup
              aria-labelledby="tester-auth"
              value={config.auth}
              onChange={(e) => onChange({ ...config, auth: e.target.value as TesterConfig['auth'] })}
            >
              <FormControlLabel
                value="apikey"
                control={<Radio />}
                label={translate(`${T}.config.auth_apikey`)}
              />
              <FormControlLabel
                value="basic"
                control={<Radio />}
                label={translate(`${T}.config.auth_basic`)}
              />
              <FormControlLabel
                value="bearer"
                control={<Radio />}
                label={translate(`${T}.config.auth_bearer`)}
              />
            </RadioGroup>
          </FormControl>
          {config.auth === 'bearer' && (
            <TokenFields
              config={config}
              apiKey={apiKey}
              defaultUsername={defaultUsername}
              token={token}
              onToken={onToken}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(`${T}.config.close`)}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The last 50 requests of this admin (kept on the server), each sent again on request. */
export function HistoryDialog({
  entries,
  onReplay,
  onClear,
  onClose,
}: {
  entries: HistoryEntry[];
  onReplay: (e: HistoryEntry) => void;
  onClear: () => Promise<void>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" fullScreen={useFullScreen()}>
      <DialogTitle>{translate(`${T}.history.title`)}</DialogTitle>
      <DialogContent dividers>
        {entries.length === 0 ? (
          <Box sx={{ color: 'text.secondary' }}>{translate(`${T}.history.empty`)}</Box>
        ) : (
          <List dense disablePadding>
            {entries.map((e) => (
              <ListItem
                key={e.id}
                divider
                secondaryAction={
                  <Button size="small" startIcon={<ReplayIcon />} onClick={() => onReplay(e)}>
                    {translate(`${T}.history.replay`)}
                  </Button>
                }
                sx={{ pr: 16 }}
              >
                <Chip
                  size="small"
                  color={statusColor(e.status)}
                  label={e.status ?? 'ERR'}
                  sx={{ mr: 1.5, minWidth: 48 }}
                />
                <ListItemText
                  primary={`${e.method} ${e.path}`}
                  secondary={`${formatDateTimeWib(e.created_at)} · ${e.auth_method} · ${e.duration_ms ?? '-'} ms`}
                  slotProps={{ primary: { sx: { fontFamily: 'monospace', overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        {entries.length > 0 && (
          <Button color="error" onClick={() => void onClear()}>
            {translate(`${T}.history.clear`)}
          </Button>
        )}
        <Button onClick={onClose}>{translate(`${T}.history.close`)}</Button>
      </DialogActions>
    </Dialog>
  );
}

interface Connection {
  facility_code?: string;
  code?: string;
  facility_name?: string;
  target_production_url?: string | null;
  target_sandbox_url?: string | null;
  has_domain_config?: boolean;
  is_active?: boolean;
}

/** The facility's gateway mapping, read from the server, with the spec's status label. */
export function DomainDialog({ facilityCode, onClose }: { facilityCode: string; onClose: () => void }) {
  const translate = useTranslate();
  const [rows, setRows] = useState<Connection[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    httpClient(`${API_URL}/admin/domain/connections`)
      .then(({ json }) => setRows(json.connections ?? json.data ?? []))
      .catch(() => setFailed(true));
  }, []);
  const mine = rows?.find(
    (c) => (c.facility_code ?? c.code ?? '').toLowerCase() === facilityCode.toLowerCase(),
  );
  const status = !mine?.has_domain_config ? 'not_configured' : mine.is_active ? 'active' : 'inactive';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={useFullScreen()}>
      <DialogTitle>{translate(`${T}.domain.title`)}</DialogTitle>
      <DialogContent dividers>
        {rows === null && !failed && <CircularProgress size={24} />}
        {failed && <Alert severity="error">Failed to fetch connections</Alert>}
        {rows !== null && (
          <Stack spacing={1}>
            <Box>
              <strong>{facilityCode}</strong> {mine?.facility_name ? `· ${mine.facility_name}` : ''}
            </Box>
            <Box>
              {translate(`${T}.domain.status`)}:{' '}
              <Chip
                size="small"
                color={status === 'active' ? 'success' : status === 'inactive' ? 'warning' : 'default'}
                label={translate(`${T}.domain.${status}`)}
              />
            </Box>
            {mine?.has_domain_config ? (
              <>
                <Box sx={{ overflowWrap: 'anywhere' }}>
                  {translate(`${T}.domain.production`)}: {mine.target_production_url || '-'}
                </Box>
                <Box sx={{ overflowWrap: 'anywhere' }}>
                  {translate(`${T}.domain.sandbox`)}: {mine.target_sandbox_url || '-'}
                </Box>
              </>
            ) : (
              <Box sx={{ color: 'text.secondary' }}>{translate(`${T}.domain.none`)}</Box>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(`${T}.domain.close`)}</Button>
      </DialogActions>
    </Dialog>
  );
}
