import { useQuery } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';
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
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { httpClient, API_URL } from '../../../providers/http';
import { formatDuration } from '../../../../domain/analytics';
import { formatDateTimeWib } from '../../generic/cells';

const R = 'resources.master/appointments';

export interface JourneyEvent {
  id: number;
  event_id: string;
  is_completed: boolean;
  timestamp_start: string | null;
  timestamp_end: string | null;
  duration_minutes: number | null;
  title: string;
  title_en: string | null;
  blocked_attempts_count: number;
  last_blocked_attempt_at: string | null;
  last_blocked_reason: string | null;
}

/** 'View Journey': the journey events of one appointment (GET /master/appointments/{id}/journeys). */
export function JourneyDialog({ appointment, onClose }: { appointment: any; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, isPending, error } = useQuery({
    queryKey: ['appointment-journeys', appointment.id],
    queryFn: async () =>
      (await httpClient(`${API_URL}/master/appointments/${appointment.id}/journeys`)).json as JourneyEvent[],
  });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="journey-title">
      <DialogTitle id="journey-title">
        {translate(`${R}.journey.title`)}: {appointment.name}
      </DialogTitle>
      <DialogContent dividers>
        {isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={translate('ra.page.loading')} />
          </Box>
        )}
        {error && (
          <Alert severity="error">
            {translate(`${R}.errors.journeys`)}
            {error.message ? `: ${error.message}` : ''}
          </Alert>
        )}
        {data && data.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {translate(`${R}.journey.empty`)}
          </Typography>
        )}
        {data && data.length > 0 && (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{translate(`${R}.journey.event`)}</TableCell>
                  <TableCell>{translate(`${R}.journey.status`)}</TableCell>
                  <TableCell>{translate(`${R}.journey.start`)}</TableCell>
                  <TableCell>{translate(`${R}.journey.end`)}</TableCell>
                  <TableCell align="right">{translate(`${R}.journey.duration`)}</TableCell>
                  <TableCell>{translate(`${R}.journey.blocked`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {locale === 'en' ? (e.title_en ?? e.title) : e.title}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {e.event_id}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={e.is_completed ? 'success' : 'warning'}
                        label={translate(`${R}.journey.${e.is_completed ? 'completed' : 'in_progress'}`)}
                      />
                    </TableCell>
                    <TableCell>{formatDateTimeWib(e.timestamp_start)}</TableCell>
                    <TableCell>{formatDateTimeWib(e.timestamp_end)}</TableCell>
                    <TableCell align="right">{formatDuration(e.duration_minutes)}</TableCell>
                    <TableCell>
                      {e.blocked_attempts_count > 0
                        ? translate(`${R}.journey.blocked_detail`, {
                            count: e.blocked_attempts_count,
                            time: formatDateTimeWib(e.last_blocked_attempt_at),
                            reason: e.last_blocked_reason ?? '-',
                          })
                        : '0'}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate(`${R}.journey.close`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
