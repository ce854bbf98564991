import { useState } from 'react';
import { FunctionField, useNotify, useTranslate } from 'react-admin';
import { Alert, AlertTitle, Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { simulatorApiKeys } from '../../../../domain/resources/simulator-api-keys';
import { ResourceScreen } from '../../generic/ResourceScreen';
import { formatDateTimeWib, Line } from '../../generic/cells';
import { API_URL, httpClient } from '../../../providers/http';

const R = 'resources.admin/simulator-apikeys';
type Revealed = Record<number, { x_api_key: string; token: string | null }>;

/** First 4 and last 4 characters, the middle as dots; shown whole when 8 or fewer (spec §9). */
export const mask = (v: string | null | undefined) =>
  !v ? '-' : v.length <= 8 ? v : `${v.slice(0, 4)}••••${v.slice(-4)}`;

function InfoCard() {
  const translate = useTranslate();
  return (
    <Alert severity="info" sx={{ mt: 2 }}>
      <AlertTitle>{translate(`${R}.info.title`)}</AlertTitle>
      <Typography variant="body2">{translate(`${R}.info.basic`)}</Typography>
      <Typography variant="body2">{translate(`${R}.info.bearer`)}</Typography>
      <Typography variant="body2">{translate(`${R}.info.urls`)}</Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {translate(`${R}.info.example`)}
      </Typography>
      <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {
          'curl -X POST {URL}/v1/token -H "X-API-Key: {API_KEY}" \\\n  -H "Content-Type: application/json" -d \'{"username":"{USERNAME}","password":"{PASSWORD}"}\''
        }
      </Box>
    </Alert>
  );
}

/**
 * /simulator/api-keys: the info card, then keys and tokens masked (first 4 + last 4) with an
 * explicit reveal (the server logs it) and copy, username, URLs, facility and creation time, and
 * per row Test (POST /admin/test-simulator-apikey), Edit and Delete.
 */
function ApiKeyList() {
  const translate = useTranslate();
  const notify = useNotify();
  const [revealed, setRevealed] = useState<Revealed>({});

  const reveal = async (id: number) => {
    const { json } = await httpClient(`${API_URL}/${simulatorApiKeys.name}/${id}/reveal`);
    setRevealed((r) => ({ ...r, [id]: json }));
    return json as Revealed[number];
  };
  const hide = (id: number) =>
    setRevealed((r) => {
      const { [id]: _gone, ...rest } = r;
      return rest;
    });
  const copy = async (id: number, field: 'x_api_key' | 'token') => {
    try {
      const full = revealed[id] ?? (await reveal(id));
      await navigator.clipboard.writeText(full[field] ?? '');
      notify(translate(`${R}.actions.copied`), { type: 'info' });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  const test = async (id: number) => {
    try {
      const full = revealed[id] ?? (await reveal(id));
      const { json } = await httpClient(`${API_URL}/admin/test-simulator-apikey`, {
        method: 'POST',
        body: JSON.stringify({ x_api_key: full.x_api_key }),
      });
      const v = json.validation_result;
      if (v?.is_valid)
        notify(translate(`${R}.actions.valid`, { facility: v.facility_name, username: v.username ?? '-' }), {
          type: 'success',
        });
      else notify(translate(`${R}.actions.invalid`), { type: 'warning' });
    } catch {
      notify(translate(`${R}.actions.test_failed`), { type: 'error' });
    }
  };

  const secretCell = (field: 'x_api_key' | 'token') => (r: any) => {
    const shown = revealed[r.id]?.[field];
    const label = translate(`${R}.fields.${field}`);
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}>
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
          {shown ?? mask(r[field])}
        </Typography>
        {r[field] && (
          <>
            <Tooltip title={translate(`${R}.actions.${shown ? 'hide' : 'reveal'}`)}>
              <IconButton
                size="small"
                aria-label={`${translate(`${R}.actions.${shown ? 'hide' : 'reveal'}`)} ${label} ${r.username ?? ''}`}
                onClick={(e) => {
                  e.stopPropagation();
                  if (shown) hide(r.id);
                  else reveal(r.id).catch((err: Error) => notify(err.message, { type: 'error' }));
                }}
              >
                {shown ? <VisibilityOffIcon fontSize="inherit" /> : <VisibilityIcon fontSize="inherit" />}
              </IconButton>
            </Tooltip>
            <Tooltip title={translate(`${R}.actions.copy`)}>
              <IconButton
                size="small"
                aria-label={`${translate(`${R}.actions.copy`)} ${label} ${r.username ?? ''}`}
                onClick={(e) => {
                  e.stopPropagation();
                  void copy(r.id, field);
                }}
              >
                <ContentCopyIcon fontSize="inherit" />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Box>
    );
  };

  return (
    <>
      <InfoCard />
      <ResourceScreen
        decl={simulatorApiKeys}
        columns={[
          <FunctionField
            key="key"
            label={`${R}.fields.x_api_key`}
            sortable={false}
            render={secretCell('x_api_key')}
          />,
          <FunctionField
            key="token"
            label={`${R}.fields.token`}
            sortable={false}
            render={secretCell('token')}
          />,
          <FunctionField
            key="username"
            label={`${R}.fields.username`}
            sortable={false}
            render={(r: any) => r.username ?? '-'}
          />,
          <FunctionField
            key="urls"
            label={`${R}.columns.urls`}
            sortable={false}
            render={(r: any) => (
              <Box sx={{ maxWidth: 260, wordBreak: 'break-all' }}>
                <Typography variant="body2">{r.url_dev || '-'}</Typography>
                {r.url_prod && <Line>{r.url_prod}</Line>}
              </Box>
            )}
          />,
          <FunctionField
            key="facility"
            label={`${R}.columns.facility`}
            sortable={false}
            render={(r: any) => (
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {r.facility_name ?? '-'}
                </Typography>
                <Line>{[r.facility_code, r.facility_type].filter(Boolean).join(' · ')}</Line>
              </Box>
            )}
          />,
          <FunctionField
            key="created"
            label={`${R}.fields.created_at`}
            sortBy="created_at"
            render={(r: any) => formatDateTimeWib(r.created_at)}
          />,
          <FunctionField
            key="test"
            label=""
            sortable={false}
            render={(r: any) => (
              <Button
                size="small"
                startIcon={<FactCheckIcon />}
                onClick={(e) => {
                  e.stopPropagation();
                  void test(r.id);
                }}
                aria-label={`${translate(`${R}.actions.test`)} ${r.username ?? r.facility_name ?? ''}`}
              >
                {translate(`${R}.actions.test`)}
              </Button>
            )}
          />,
        ]}
      />
    </>
  );
}

export default ApiKeyList;
