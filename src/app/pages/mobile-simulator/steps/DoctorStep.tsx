import { useTranslate } from 'react-admin';
import {
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { jakartaToday } from '../../../../domain/clock';
import { DateField } from '../DateField';
import { endOf, PAYMENTS, VISIT_TIMES, type Payment } from '../wizard';
import { ActionButton, PatientCard, T, type StepProps } from './common';

/** Step 2: the poli, visit date and time, and payment (preset from the patient's insurance). */
export function DoctorStep({ w, dispatch, actions }: StepProps) {
  const translate = useTranslate();
  const { poli, poliError, fieldErrors } = w;
  return (
    <Stack spacing={2}>
      {w.patient && <PatientCard patient={w.patient} />}
      <TextField
        select
        size="small"
        fullWidth
        required
        label={translate(`${T}.fields.poli`)}
        value={poli?.some((p) => p.poly_code === w.poly) ? w.poly : ''}
        onChange={(ev) => dispatch({ type: 'edit', patch: { poly: ev.target.value } })}
        error={!!fieldErrors.poly || (!!poliError && poli !== null)}
        helperText={fieldErrors.poly ?? poliError ?? (poli === null ? translate(`${T}.loading`) : undefined)}
        disabled={poli === null}
        slotProps={{ select: { inputProps: { 'data-testid': 'field-poly' } } }}
      >
        {(poli ?? []).map((p) => (
          <MenuItem key={p.poly_code} value={p.poly_code}>
            {p.poly_name}
          </MenuItem>
        ))}
      </TextField>
      <DateField
        label={translate(`${T}.fields.date`)}
        value={w.date}
        onChange={(date) => dispatch({ type: 'edit', patch: { date } })}
        name="date"
        testId="field-date"
        min={jakartaToday()}
        error={!!fieldErrors.date}
        helperText={fieldErrors.date}
      />
      <TextField
        select
        size="small"
        fullWidth
        label={translate(`${T}.fields.time`)}
        value={w.time}
        onChange={(ev) => dispatch({ type: 'edit', patch: { time: ev.target.value } })}
        helperText={translate(`${T}.helpers.time`, { end: endOf(w.time) })}
        slotProps={{ select: { inputProps: { 'data-testid': 'field-time' } } }}
      >
        {VISIT_TIMES.map((t) => (
          <MenuItem key={t} value={t}>
            {t}
          </MenuItem>
        ))}
      </TextField>
      <FormControl>
        <FormLabel id="mobile-payment-label">{translate(`${T}.fields.payment`)}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="mobile-payment-label"
          value={w.payment}
          onChange={(ev) => dispatch({ type: 'edit', patch: { payment: ev.target.value as Payment } })}
        >
          {PAYMENTS.map((p) => (
            <FormControlLabel
              key={p}
              value={p}
              control={<Radio size="small" />}
              label={translate(`${T}.payments.${p}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <ActionButton busy={w.busy} onClick={() => void actions.loadDoctors()}>
        {translate(`${T}.load_doctors`)}
      </ActionButton>
    </Stack>
  );
}
