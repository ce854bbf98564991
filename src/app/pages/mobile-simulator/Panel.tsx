import { useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormLabel,
  IconButton,
  InputAdornment,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { formatDateTimeWib } from '../../../domain/format';
import {
  isLocalTarget,
  maskValue,
  type AuthMethod,
  type Connection,
  type Exchange,
  type KeyOption,
} from './client';
import type { AutoKey } from './useApiKeys';

const T = 'app.mobile_simulator.panel';

export interface PanelProps {
  conn: Connection;
  onConn: (patch: Partial<Connection>) => void;
  keys: KeyOption[];
  keysLoading: boolean;
  keysError: boolean;
  keyId: number | '';
  onPickKey: (id: number) => void;
  autoKey: AutoKey;
  username: string;
  onUsername: (v: string) => void;
  onGetToken: (password: string) => Promise<void>;
  tokenError: string | null;
  exchanges: Exchange[];
  onClear: () => void;
}

const json = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v, null, 2));

function ExchangeView({ e }: { e: Exchange }) {
  const translate = useTranslate();
  const ok = e.status != null && e.status < 400;
  return (
    <Box
      component="li"
      data-testid="inspector-entry"
      sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 1, p: 1, mb: 1 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Chip size="small" label={e.method} color="primary" variant="outlined" />
        <Chip
          size="small"
          label={e.status ?? 'ERR'}
          color={ok ? 'success' : 'error'}
          data-testid="inspector-status"
        />
        <Typography variant="caption" color="text.secondary" data-testid="inspector-time">
          {e.ms} ms · {formatDateTimeWib(e.at)}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all', mt: 0.5 }}>
        {e.url}
      </Typography>
      <details>
        <summary>
          <Typography component="span" variant="body2">
            {translate(`${T}.request`)} / {translate(`${T}.response`)}
          </Typography>
        </summary>
        <Typography variant="caption" component="div" sx={{ fontWeight: 600, mt: 1 }}>
          {translate(`${T}.request`)} · {translate(`${T}.headers`)}
        </Typography>
        <Box component="pre" sx={preSx} data-testid="inspector-request-headers">
          {json(e.requestHeaders)}
        </Box>
        {e.requestBody !== undefined && (
          <>
            <Typography variant="caption" component="div" sx={{ fontWeight: 600 }}>
              {translate(`${T}.request`)} · {translate(`${T}.body`)}
            </Typography>
            <Box component="pre" sx={preSx}>
              {json(e.requestBody)}
            </Box>
          </>
        )}
        <Typography variant="caption" component="div" sx={{ fontWeight: 600 }}>
          {translate(`${T}.response`)} · {translate(`${T}.body`)}
        </Typography>
        <Box component="pre" sx={preSx}>
          {json(e.responseBody)}
        </Box>
      </details>
    </Box>
  );
}

const preSx = {
  m: 0,
  mb: 1,
  p: 1,
  bgcolor: 'grey.100',
  borderRadius: 1,
  fontSize: 12,
  maxHeight: 220,
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
} as const;

type BearerProps = Pick<PanelProps, 'conn' | 'username' | 'onUsername' | 'onGetToken' | 'tokenError'> & {
  password: string;
  onPassword: (v: string) => void;
};

/** Bearer auth: the key's username and a password, exchanged for a token by POST /v1/token. */
function BearerLogin(props: BearerProps) {
  const { conn, username, onUsername, onGetToken, tokenError, password, onPassword } = props;
  const translate = useTranslate();
  const [fetchingToken, setFetchingToken] = useState(false);
  return (
    <Stack spacing={1.5}>
      <TextField
        size="small"
        label={translate(`${T}.username`)}
        value={username}
        onChange={(ev) => onUsername(ev.target.value)}
        autoComplete="off"
      />
      <TextField
        size="small"
        label={translate(`${T}.password`)}
        type="password"
        value={password}
        onChange={(ev) => onPassword(ev.target.value)}
        autoComplete="off"
      />
      <Button
        variant="outlined"
        disabled={fetchingToken || !conn.key || !username || !password}
        startIcon={fetchingToken ? <CircularProgress size={16} color="inherit" /> : undefined}
        onClick={async () => {
          setFetchingToken(true);
          try {
            await onGetToken(password);
          } finally {
            setFetchingToken(false);
          }
        }}
      >
        {translate(`${T}.get_token`)}
      </Button>
      {tokenError ? (
        <Alert severity="error" data-testid="token-error">
          {tokenError}
        </Alert>
      ) : conn.token ? (
        <Alert severity="success" data-testid="token-ok">
          {translate(`${T}.token_ok`, { token: maskValue(conn.token) })}
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate(`${T}.token_missing`)}
        </Typography>
      )}
    </Stack>
  );
}

/** The request/response inspector, newest first; it can be switched off. */
function Inspector({ exchanges, onClear }: { exchanges: Exchange[]; onClear: () => void }) {
  const translate = useTranslate();
  const [inspector, setInspector] = useState(true);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <FormControlLabel
          control={<Switch checked={inspector} onChange={(ev) => setInspector(ev.target.checked)} />}
          label={translate(`${T}.inspector`)}
        />
        {inspector && exchanges.length > 0 && (
          <Button size="small" onClick={onClear}>
            {translate(`${T}.clear`)}
          </Button>
        )}
      </Stack>
      {inspector && (
        <Box data-testid="inspector" sx={{ mt: 1 }}>
          {exchanges.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {translate(`${T}.inspector_empty`)}
            </Typography>
          ) : (
            <Box component="ul" sx={{ p: 0, m: 0, maxHeight: 640, overflow: 'auto' }}>
              {exchanges.map((e) => (
                <ExchangeView key={e.id} e={e} />
              ))}
            </Box>
          )}
        </Box>
      )}
    </Paper>
  );
}

/** The right panel: facility key, target URL, auth method and the request/response inspector. */
export function Panel(props: PanelProps) {
  const translate = useTranslate();
  const { conn, onConn } = props;
  const [showKey, setShowKey] = useState(false);
  // Kept while another auth method is shown.
  const [password, setPassword] = useState('');
  const local = isLocalTarget(conn.targetUrl);

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {translate(`${T}.title`)}
        </Typography>
        <Stack spacing={2}>
          {props.keysError && <Alert severity="error">{translate(`${T}.key_failed`)}</Alert>}
          <TextField
            select
            size="small"
            label={translate(`${T}.key`)}
            value={props.keys.some((k) => k.id === props.keyId) ? props.keyId : ''}
            onChange={(ev) => props.onPickKey(Number(ev.target.value))}
            disabled={props.keysLoading || !props.keys.length}
            helperText={
              props.keysLoading
                ? translate(`${T}.key_loading`)
                : !props.keys.length
                  ? translate(`${T}.key_none`)
                  : props.autoKey
                    ? translate(`${T}.key_auto_${props.autoKey}`)
                    : undefined
            }
            slotProps={{
              select: { inputProps: { 'data-testid': 'key-picker' } },
            }}
          >
            {props.keys.map((k) => (
              <MenuItem key={k.id} value={k.id}>
                {k.facility_name} ({k.facility_code})
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={translate(`${T}.key_manual`)}
            value={conn.key}
            type={showKey ? 'text' : 'password'}
            onChange={(ev) => onConn({ key: ev.target.value.trim(), token: null })}
            autoComplete="off"
            slotProps={{
              htmlInput: { 'data-testid': 'api-key', spellCheck: false },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      size="small"
                      aria-label={translate(`${T}.${showKey ? 'hide_key' : 'show_key'}`)}
                      onClick={() => setShowKey((s) => !s)}
                    >
                      {showKey ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
          <TextField
            size="small"
            label={translate(`${T}.target_url`)}
            value={conn.targetUrl}
            onChange={(ev) => onConn({ targetUrl: ev.target.value, token: null })}
            helperText={translate(`${T}.${local ? 'target_local' : 'target_proxy'}`)}
            slotProps={{ htmlInput: { 'data-testid': 'target-url', spellCheck: false } }}
          />
          <FormControl>
            <FormLabel id="mobile-auth-label">{translate(`${T}.auth`)}</FormLabel>
            <RadioGroup
              aria-labelledby="mobile-auth-label"
              value={conn.auth}
              onChange={(ev) => onConn({ auth: ev.target.value as AuthMethod })}
            >
              {(['apikey', 'basic', 'bearer'] as const).map((m) => (
                <FormControlLabel
                  key={m}
                  value={m}
                  control={<Radio size="small" />}
                  label={translate(`${T}.auth_${m}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          {conn.auth === 'bearer' && (
            <BearerLogin
              password={password}
              onPassword={setPassword}
              conn={conn}
              username={props.username}
              onUsername={props.onUsername}
              onGetToken={props.onGetToken}
              tokenError={props.tokenError}
            />
          )}
        </Stack>
      </Paper>
      <Inspector exchanges={props.exchanges} onClear={props.onClear} />
    </Stack>
  );
}
