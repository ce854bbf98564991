import { useTranslate } from 'react-admin';
import { alpha, Alert, Box, Button, Chip, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonChecked from '@mui/icons-material/RadioButtonChecked';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Refresh from '@mui/icons-material/Refresh';
import { QRCodeSVG } from 'qrcode.react';
import { formatDate } from '../../../domain/format';

const T = 'app.mobile_simulator.ticket';

export interface TimelineStep {
  id: string;
  title: string;
  title_en?: string | null;
  duration_minutes?: number | null;
  is_completed: boolean;
}

export interface Booking {
  booking_id?: string;
  booking_code?: string;
  id?: number;
  queue_number?: number;
  doctor_name?: string;
  poly?: string;
  appointment_date?: string;
  start_time?: string;
  end_time?: string;
  timeline_pasien_journey?: TimelineStep[];
}

const hhmm = (t?: string) => (t ? t.slice(0, 5) : '');

/** The journey: completed steps green with a check, the first incomplete one as current. */
export function Timeline({ steps, english }: { steps: TimelineStep[]; english: boolean }) {
  const translate = useTranslate();
  if (!steps.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate(`${T}.no_timeline`)}
      </Typography>
    );
  }
  const done = steps.filter((s) => s.is_completed).length;
  const share = Math.round((done / steps.length) * 100);
  const current = steps.findIndex((s) => !s.is_completed);
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2" id="journey-progress-label">
          {translate(`${T}.progress`, { done, total: steps.length })}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {share}%
        </Typography>
      </Stack>
      <Box sx={{ height: 8, borderRadius: 4, bgcolor: 'grey.300', overflow: 'hidden', mb: 2 }}>
        <Box
          role="progressbar"
          aria-labelledby="journey-progress-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={share}
          data-testid="journey-progress"
          sx={{ height: '100%', width: `${share}%`, bgcolor: 'success.main', transition: 'width .3s' }}
        />
      </Box>
      <Box component="ol" sx={{ p: 0, m: 0, listStyle: 'none' }} data-testid="journey-timeline">
        {steps.map((s, i) => {
          const isCurrent = i === current;
          const state = s.is_completed ? 'completed' : isCurrent ? 'current' : 'pending';
          return (
            <Box
              component="li"
              key={`${s.id}-${i}`}
              data-state={state}
              aria-current={isCurrent ? 'step' : undefined}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                py: 0.75,
                px: 1,
                borderRadius: 1,
                bgcolor: isCurrent ? (t) => alpha(t.palette.primary.main, 0.08) : undefined,
                border: isCurrent ? 1 : 0,
                borderColor: 'primary.main',
              }}
            >
              {s.is_completed ? (
                <CheckCircle
                  sx={{ color: 'success.main' }}
                  titleAccess={translate(`${T}.done`)}
                  data-testid="step-done"
                />
              ) : isCurrent ? (
                <RadioButtonChecked color="primary" />
              ) : (
                <RadioButtonUnchecked sx={{ color: 'grey.500' }} />
              )}
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography
                  variant="body2"
                  sx={{
                    fontWeight: isCurrent ? 700 : 400,
                    color: s.is_completed ? 'success.dark' : isCurrent ? 'primary.main' : 'text.primary',
                  }}
                >
                  {(english && s.title_en) || s.title}
                </Typography>
                {s.duration_minutes != null && (
                  <Typography variant="caption" color="text.secondary">
                    {translate(`${T}.minutes`, { count: s.duration_minutes })}
                  </Typography>
                )}
              </Box>
              {isCurrent && <Chip size="small" color="primary" label={translate(`${T}.current`)} />}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/** The e-ticket: booking code (also as a QR code), queue number, doctor, poli, time and journey. */
export function Ticket({
  booking,
  english,
  refreshing,
  onRefresh,
}: {
  booking: Booking;
  english: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const translate = useTranslate();
  const code = booking.booking_code ?? booking.booking_id ?? '';
  const row = (label: string, value: React.ReactNode, testId: string) => (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right' }} data-testid={testId}>
        {value}
      </Typography>
    </Stack>
  );
  return (
    <Stack spacing={2} data-testid="e-ticket">
      <Alert severity="success">{translate(`${T}.title`)}</Alert>
      <Box sx={{ textAlign: 'center' }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {translate(`${T}.booking_code`)}
        </Typography>
        <Typography
          variant="h5"
          component="p"
          sx={{ fontWeight: 700, letterSpacing: 1 }}
          data-testid="booking-code"
        >
          {code}
        </Typography>
        {code && (
          <Box
            sx={{ display: 'inline-block', p: 1.5, bgcolor: '#fff', borderRadius: 1, mt: 1 }}
            data-testid="booking-qr"
          >
            <QRCodeSVG
              value={code}
              size={148}
              level="M"
              role="img"
              aria-label={translate(`${T}.qr_label`, { code })}
              title={translate(`${T}.qr_label`, { code })}
            />
          </Box>
        )}
      </Box>
      <Box sx={{ textAlign: 'center' }}>
        <Typography variant="caption" color="text.secondary" component="div">
          {translate(`${T}.queue`)}
        </Typography>
        <Typography
          variant="h3"
          component="p"
          color="primary"
          sx={{ fontWeight: 700 }}
          data-testid="queue-number"
        >
          {booking.queue_number ?? '-'}
        </Typography>
      </Box>
      <Divider />
      <Box>
        {row(translate(`${T}.doctor`), booking.doctor_name ?? '-', 'ticket-doctor')}
        {row(translate(`${T}.poli`), booking.poly ?? '-', 'ticket-poli')}
        {row(
          translate(`${T}.schedule`),
          `${formatDate(booking.appointment_date ?? null)} ${hhmm(booking.start_time)}–${hhmm(booking.end_time)}`,
          'ticket-time',
        )}
      </Box>
      <Alert severity="info" data-testid="ticket-note">
        {translate(`${T}.note`)}
      </Alert>
      <Divider />
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {translate(`${T}.timeline`)}
        </Typography>
        <Button
          size="small"
          onClick={onRefresh}
          disabled={refreshing}
          startIcon={refreshing ? <CircularProgress size={14} color="inherit" /> : <Refresh />}
        >
          {translate(`${T}.refresh`)}
        </Button>
      </Stack>
      <Timeline steps={booking.timeline_pasien_journey ?? []} english={english} />
    </Stack>
  );
}
