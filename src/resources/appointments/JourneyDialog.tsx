import { useLocaleState, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { httpClient, API_URL } from '../../app/providers/http';
import { formatDuration } from '../../domain/analytics';
import { formatDateTimeWib } from '../../domain/format';
import { RowsDialog } from '../../app/resources/generic/RowsDialog';
import { CompletionChip } from '../../app/resources/generic/cells';

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
  const t = (key: string) => translate(`${R}.journey.${key}`);
  return (
    <RowsDialog<JourneyEvent>
      title={`${t('title')}: ${appointment.name}`}
      queryKey={['appointment-journeys', appointment.id]}
      load={async () =>
        (await httpClient(`${API_URL}/master/appointments/${appointment.id}/journeys`)).json as JourneyEvent[]
      }
      texts={{ failed: translate(`${R}.errors.journeys`), empty: t('empty'), close: t('close') }}
      onClose={onClose}
      columns={[
        {
          key: 'event',
          label: t('event'),
          render: (e) => (
            <>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {locale === 'en' ? (e.title_en ?? e.title) : e.title}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {e.event_id}
              </Typography>
            </>
          ),
        },
        {
          key: 'status',
          label: t('status'),
          render: (e) => (
            <CompletionChip done={e.is_completed} label={t(e.is_completed ? 'completed' : 'in_progress')} />
          ),
        },
        { key: 'start', label: t('start'), render: (e) => formatDateTimeWib(e.timestamp_start) },
        { key: 'end', label: t('end'), render: (e) => formatDateTimeWib(e.timestamp_end) },
        {
          key: 'duration',
          label: t('duration'),
          align: 'right',
          render: (e) => formatDuration(e.duration_minutes),
        },
        {
          key: 'blocked',
          label: t('blocked'),
          render: (e) =>
            e.blocked_attempts_count > 0
              ? translate(`${R}.journey.blocked_detail`, {
                  count: e.blocked_attempts_count,
                  time: formatDateTimeWib(e.last_blocked_attempt_at),
                  reason: e.last_blocked_reason ?? '-',
                })
              : '0',
        },
      ]}
    />
  );
}
