import { useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { Box, Button, CircularProgress } from '@mui/material';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { journeyConfigs } from '../../../../domain/resources/journey-configs';
import { ResourceScreen } from '../../generic/ResourceScreen';
import { API_URL, httpClient } from '../../../providers/http';

const R = 'resources.admin/journey-config.initialize';

/** /master/journey-config: the configurations and the 'initialize defaults' action. */
export default function JourneyConfigScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const initialize = async () => {
    setBusy(true);
    try {
      const { json } = await httpClient(`${API_URL}/admin/journey-config/initialize-defaults`, {
        method: 'POST',
        body: '{}',
      });
      const created: string[] = json.created ?? [];
      notify(
        created.length ? translate(`${R}.done`, { types: created.join(', ') }) : translate(`${R}.none`),
        {
          type: 'success',
        },
      );
      refresh();
    } catch (e) {
      notify((e as Error).message || translate(`${R}.failed`), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button
          variant="outlined"
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <PlaylistAddCheckIcon />}
          onClick={initialize}
          disabled={busy}
          aria-busy={busy}
        >
          {translate(`${R}.button`)}
        </Button>
      </Box>
      <ResourceScreen decl={journeyConfigs} defaults={() => ({ is_active: true })} />
    </>
  );
}
