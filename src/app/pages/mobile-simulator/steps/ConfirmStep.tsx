import { useTranslate } from 'react-admin';
import {
  Box,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { formatDate } from '../../../../domain/format';
import { endOf, type QuotaEntry } from '../wizard';
import { ActionButton, T, type StepProps } from './common';

const hhmm = (t?: string | null) => (t ? t.slice(0, 5) : '');

/** One doctor of the poli with their places left at each time (none left: not selectable). */
function DoctorOption({ d, selected }: { d: QuotaEntry; selected: boolean }) {
  const translate = useTranslate();
  return (
    <Paper
      variant="outlined"
      sx={{ px: 1.5, py: 1, mb: 1, borderColor: selected ? 'primary.main' : undefined }}
    >
      <FormControlLabel
        value={String(d.doctor_id)}
        disabled={d.quota_left <= 0}
        control={<Radio size="small" />}
        disableTypography
        sx={{ display: 'flex', alignItems: 'flex-start', mr: 0 }}
        label={
          <Box sx={{ pt: 0.75 }} data-testid="doctor-option">
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {d.doctor_name ?? d.name}
            </Typography>
            {d.specialization && (
              <Typography variant="caption" color="text.secondary" component="div">
                {d.specialization}
              </Typography>
            )}
            {(d.times?.length ? d.times : [d]).map((t, i) => (
              <Typography key={i} variant="caption" component="div" data-testid="doctor-quota">
                {hhmm(t.start_time)}–{hhmm(t.end_time)} ·{' '}
                <Box
                  component="span"
                  sx={{ fontWeight: 600, color: t.quota_left > 0 ? 'success.dark' : 'error.main' }}
                >
                  {t.quota_left > 0
                    ? translate(`${T}.quota_left`, { count: t.quota_left })
                    : translate(`${T}.quota_full`)}
                </Box>
              </Typography>
            ))}
          </Box>
        }
      />
    </Paper>
  );
}

/** Step 3: the doctors with their live quota, the booking's summary, and the confirmation. */
export function ConfirmStep({ w, dispatch, actions }: StepProps) {
  const translate = useTranslate();
  const poliName = w.poli?.find((p) => p.poly_code === w.poly)?.poly_name ?? w.poly;
  const when = `${w.time}–${endOf(w.time)}`;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {translate(`${T}.doctors_for`, { poli: poliName, date: formatDate(w.date), time: when })}
      </Typography>
      <FormControl error={!!w.fieldErrors.doctor}>
        <FormLabel id="mobile-doctor-label">{translate(`${T}.fields.doctor`)}</FormLabel>
        <RadioGroup
          aria-labelledby="mobile-doctor-label"
          value={w.doctorId === '' ? '' : String(w.doctorId)}
          onChange={(ev) => dispatch({ type: 'edit', patch: { doctorId: Number(ev.target.value) } })}
        >
          {w.doctors.map((d) => (
            <DoctorOption key={d.id} d={d} selected={w.doctorId === d.doctor_id} />
          ))}
        </RadioGroup>
        {w.fieldErrors.doctor && (
          <FormHelperText data-testid="doctor-error">{w.fieldErrors.doctor}</FormHelperText>
        )}
      </FormControl>
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          {translate(`${T}.summary`)}
        </Typography>
        <Typography variant="body2">
          {w.patient?.name} · {w.patient?.nik}
        </Typography>
        <Typography variant="body2">
          {poliName} · {formatDate(w.date)} {when}
        </Typography>
        <Typography variant="body2">
          {translate(`${T}.fields.payment`)}: {translate(`${T}.payments.${w.payment}`)}
        </Typography>
      </Paper>
      <ActionButton busy={w.busy} onClick={() => void actions.confirm()}>
        {translate(`${T}.confirm`)}
      </ActionButton>
    </Stack>
  );
}
