import { useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { API_URL, httpClient } from '../../app/providers/http';
import { formatDuration } from '../../domain/analytics';
import { formatDateTimeWib } from '../../domain/format';
import { RowsDialog } from '../../app/resources/generic/RowsDialog';
import { CompletionChip } from '../../app/resources/generic/cells';

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
  const t = (key: string) => translate(`${R}.${key}`);
  const duration = (m: number | null) =>
    m == null ? 'N/A' : m >= 60 ? formatDuration(m) : translate(`${R}.minutes`, { count: Math.round(m) });
  return (
    <RowsDialog<SandboxJourneyEvent>
      title={`${t('title')}: ${appointment.booking_id}`}
      queryKey={['sandbox-journeys', appointment.id]}
      load={async () =>
        ((await httpClient(`${API_URL}/simulation/admin/simulator/appointments/${appointment.id}/journeys`))
          .json.data ?? []) as SandboxJourneyEvent[]
      }
      texts={{ failed: t('failed'), empty: t('empty'), close: t('close') }}
      onClose={onClose}
      columns={[
        {
          key: 'event',
          label: t('event'),
          render: (e) => (
            <Box component="span" sx={{ fontFamily: 'monospace' }}>
              {e.journey_step}
            </Box>
          ),
        },
        {
          key: 'status',
          label: t('status'),
          render: (e) => (
            <CompletionChip done={e.is_completed} label={t(e.is_completed ? 'done' : 'in_progress')} />
          ),
        },
        {
          key: 'start',
          label: t('start'),
          nowrap: true,
          render: (e) => formatDateTimeWib(e.timestamp_start),
        },
        { key: 'end', label: t('end'), nowrap: true, render: (e) => formatDateTimeWib(e.timestamp_end) },
        { key: 'duration', label: t('duration'), render: (e) => duration(minutesOf(e)) },
        { key: 'title_id', label: t('title_id'), render: (e) => e.title ?? '-' },
        { key: 'title_en', label: t('title_en'), render: (e) => e.title_en ?? '-' },
      ]}
    />
  );
}
