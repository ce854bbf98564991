import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { displayLocale, formatCount } from '../../../components/figures';
import { isActive, type ImportJob } from './importApi';

/** '1 menit 5 detik' ('1 minute 5 seconds' in English): time left, to the second. */
export function formatDuration(seconds: number) {
  const unit = (value: number, name: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(displayLocale(), { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const total = Math.max(0, Math.round(seconds));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  if (h) return [unit(h, 'hour'), m ? unit(m, 'minute') : ''].filter(Boolean).join(' ');
  if (m) return [unit(m, 'minute'), s ? unit(s, 'second') : ''].filter(Boolean).join(' ');
  return unit(s, 'second');
}

type Count = [key: string, value: (job: ImportJob) => number];
/** A real import's figures: rows read, what became of them. */
const IMPORT_COUNTS: Count[] = [
  ['read', (j) => j.rows_read],
  ['inserted', (j) => j.rows_inserted],
  ['updated', (j) => j.rows_updated],
  ['unchanged', (j) => j.rows_unchanged],
  ['rejected', (j) => j.rows_rejected],
];
/** A check writes nothing: the rows read, those that would go in, those with problems. */
const CHECK_COUNTS: Count[] = [
  ['read', (j) => j.rows_read],
  ['valid', (j) => Math.max(0, j.rows_read - j.rows_rejected)],
  ['rejected', (j) => j.rows_rejected],
];

/** The sentence saying where the job is: queued, checking, importing, finished, failed. */
function statusText(job: ImportJob, translate: ReturnType<typeof useTranslate>) {
  const kind = job.dry_run ? 'check' : 'import';
  if (job.undone_at) return translate('app.import.status.undone');
  switch (job.status) {
    case 'failed':
      return translate('app.import.status.failed', { message: job.error ?? '' });
    case 'cancelled':
      return translate('app.import.status.cancelled');
    default:
      return translate(`app.import.status.${kind}_${job.status}`);
  }
}

/**
 * A job's progress: its state in words, a bar of the bytes read (moving while it waits its
 * turn), the rows read, written and rejected, and while it runs its rate and the time left.
 */
export function JobProgress({ job }: { job: ImportJob }) {
  const translate = useTranslate();
  const active = isActive(job);
  // A new job, or one that just ended, is brought into view: on a phone it is below the columns.
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [job.id, active]);
  const share = job.bytes_total ? Math.min(100, (100 * job.bytes_read) / job.bytes_total) : 0;
  const severity = job.undone_at
    ? 'info'
    : job.status === 'failed'
      ? 'error'
      : job.status === 'cancelled'
        ? 'warning'
        : job.status === 'done'
          ? job.rows_rejected
            ? 'warning'
            : 'success'
          : 'info';
  return (
    <Box component="section" ref={ref} aria-label={translate('app.import.progress')} data-testid="import-job">
      <Alert severity={severity} role="status" sx={{ mb: 1 }}>
        {statusText(job, translate)}
      </Alert>
      <LinearProgress
        variant={job.status === 'queued' || (active && !job.bytes_total) ? 'indeterminate' : 'determinate'}
        value={job.status === 'done' ? 100 : share}
        aria-label={translate('app.import.progress')}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(96px, 1fr))',
          gap: 1,
          my: 1.5,
          '& dt': { color: 'text.secondary', fontSize: '0.8rem' },
          '& dd': { m: 0, fontWeight: 600, fontSize: '1.1rem' },
        }}
      >
        {(job.dry_run ? CHECK_COUNTS : IMPORT_COUNTS).map(([key, value]) => (
          <Box key={key} data-testid={`import-count-${key}`}>
            <dt>{translate(`app.import.${job.dry_run ? 'check_counts' : 'counts'}.${key}`)}</dt>
            <dd>{formatCount(value(job))}</dd>
          </Box>
        ))}
      </Box>
      {active && (job.rate != null || job.eta_seconds != null) && (
        <Typography variant="body2" color="text.secondary">
          {[
            job.rate != null ? translate('app.import.rate', { rate: formatCount(job.rate) }) : '',
            job.eta_seconds != null
              ? translate('app.import.eta', { time: formatDuration(job.eta_seconds) })
              : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      )}
    </Box>
  );
}
