import { useQuery } from '@tanstack/react-query';
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
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { API_URL, httpClient } from '../../../providers/http';
import { formatDuration } from '../../../../domain/analytics';
import { formatDateTimeWib } from '../../generic/cells';

const R = 'resources.admin/simulator/appointments.journey';

interface SandboxJourneyEvent {
  id: number;
  journey_step: string;
  is_completed: boolean;
  timestamp_start: string | null;
  timestamp_end: string | null;
  estimated_duration_minutes: number | null;
  title: string | null;
  title_en: string | null;
}

/** Minutes between start and end, else the step's estimate; null when neither is known. */
function minutesOf(e: SandboxJourneyEvent): number | null {
  if (e.timestamp_start && e.timestamp_end)
    return Math.max(0, (Date.parse(e.timestamp_end) - Date.parse(e.timestamp_start)) / 60_000);
  return e.estimated_duration_minutes;
}

/**
 * The journey of a sandbox appointment (GET /simulation/admin/simulator/appointments/{id}/journeys):
 * step, Selesai / Dalam Proses, start, end, duration (minutes; 'Xh Ym' from 60; N/A when absent)
 * and the Indonesian and English titles (spec part 2 §2, §4).
 */
export function SandboxJourneyDialog({ appointment, onClose }: { appointment: any; onClose: () => void }) {
  const translate = useTranslate();
  const { data, isPending, error } = useQuery({
    queryKey: ['sandbox-journeys', appointment.id],
    queryFn: async () =>
      ((await httpClient(`${API_URL}/simulation/admin/simulator/appointments/${appointment.id}/journeys`))
        .json.data ?? []) as SandboxJourneyEvent[],
  });
  const duration = (m: number | null) =>
    m == null ? 'N/A' : m >= 60 ? formatDuration(m) : translate(`${R}.minutes`, { count: Math.round(m) });
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="sandbox-journey-title">
      <DialogTitle id="sandbox-journey-title">
        {translate(`${R}.title`)}: {appointment.booking_id}
      </DialogTitle>
      <DialogContent dividers>
        {isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={translate('ra.page.loading')} />
          </Box>
        )}
        {error && <Alert severity="error">{translate(`${R}.failed`)}</Alert>}
        {data && data.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
            {translate(`${R}.empty`)}
          </Typography>
        )}
        {data && data.length > 0 && (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={translate(`${R}.title`)}>
              <TableHead>
                <TableRow>
                  {['event', 'status', 'start', 'end', 'duration', 'title_id', 'title_en'].map((k) => (
                    <TableCell key={k}>{translate(`${R}.${k}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((e) => (
                  <TableRow key={e.id}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{e.journey_step}</TableCell>
                    <TableCell>
                      <Chip
                        size="small"
                        color={e.is_completed ? 'success' : 'warning'}
                        label={translate(`${R}.${e.is_completed ? 'done' : 'in_progress'}`)}
                      />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTimeWib(e.timestamp_start)}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTimeWib(e.timestamp_end)}</TableCell>
                    <TableCell>{duration(minutesOf(e))}</TableCell>
                    <TableCell>{e.title ?? '-'}</TableCell>
                    <TableCell>{e.title_en ?? '-'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(`${R}.close`)}</Button>
      </DialogActions>
    </Dialog>
  );
}
