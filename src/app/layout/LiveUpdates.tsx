import { useEffect, useMemo } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useRealtimeStatus, useSubscribe } from '../components/useSubscribe';
import { throttle } from '../providers/realtime';
import { emergencies } from '../../resources/emergencies';
import { ME_KEY } from './useMe';

/** At most one refetch of the figures on screen per this while events keep coming. */
export const FIGURES_REFETCH_MS = 1_000;

/** The dashboard's and the analyses' aggregates (useDashboardData), not the log screens'. */
const isFigures = (query: Query) => query.queryKey[0] === 'dashboard' && query.queryKey[1] !== 'logs';

/**
 * What the whole signed-in console follows on the change stream: a menu change reads the access
 * again at once (the sidebar and the route guard follow; useMe's poll stays as the fallback), the
 * figures on screen are asked for again when they changed or an emergency report came in, and
 * after a gap too long to replay ('reload') everything on screen is.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const figures = useMemo(
    () => throttle(() => void queryClient.invalidateQueries({ predicate: isFigures }), FIGURES_REFETCH_MS),
    [queryClient],
  );
  useEffect(() => () => figures.cancel(), [figures]);
  useSubscribe('menu', () => void queryClient.invalidateQueries({ queryKey: ME_KEY }));
  useSubscribe('figures', figures);
  useSubscribe(`resource/${emergencies.name}`, figures);
  useSubscribe('reload', () => void queryClient.invalidateQueries());
  return null;
}

/**
 * The app bar's sign that the change stream is cut off (it reconnects by itself): an icon, with
 * the words beside it where there is room, and announced to screen readers.
 */
export function LiveStatus() {
  const translate = useTranslate();
  const down = useRealtimeStatus() === 'down';
  const text = translate('app.realtime.disconnected');
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center' }}>
      {down && (
        <Box
          data-testid="live-status"
          title={text}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 0.75,
            mx: 1,
            px: 1,
            py: 0.5,
            borderRadius: 1,
            bgcolor: 'rgba(0, 0, 0, 0.25)',
            color: 'common.white',
          }}
        >
          <CloudOffIcon fontSize="small" aria-hidden />
          <Box
            component="span"
            sx={{
              typography: 'caption',
              fontWeight: 500,
              whiteSpace: 'nowrap',
              // On a phone only the icon shows: the words stay for screen readers.
              position: { xs: 'absolute', md: 'static' },
              width: { xs: '1px', md: 'auto' },
              height: { xs: '1px', md: 'auto' },
              overflow: { xs: 'hidden', md: 'visible' },
              clip: { xs: 'rect(0 0 0 0)', md: 'auto' },
            }}
          >
            {text}
          </Box>
        </Box>
      )}
    </Box>
  );
}
