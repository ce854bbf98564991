import { useTranslate } from 'react-admin';
import { Alert, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { jakartaToday } from '../../../../domain/clock';
import { DateField } from '../DateField';
import { INSURANCE_CODES, MARITAL, type PatientForm } from '../wizard';
import { ActionButton, PatientCard, T, type StepProps } from './common';

const fieldLabel: Record<keyof PatientForm, string> = {
  nik: 'nik',
  name: 'name',
  gender: 'gender',
  dateOfBirth: 'date_of_birth',
  placeOfBirth: 'place_of_birth',
  phoneNumber: 'phone',
  email: 'email',
  address: 'address',
  maritalStatus: 'marital_status',
  insurrance: 'insurance',
  insurranceNumber: 'insurance_number',
};

/** Step 1: the patient's data when known (back from step 2), else the new-patient form. */
export function PatientStep(props: StepProps) {
  const translate = useTranslate();
  const { w, actions } = props;
  if (!w.patient) return <NewPatientForm {...props} />;
  return (
    <Stack spacing={2}>
      <PatientCard patient={w.patient} />
      <Button variant="contained" onClick={actions.continueWithPatient}>
        {translate(`${T}.next`)}
      </Button>
    </Stack>
  );
}

function NewPatientForm({ w, dispatch, actions }: StepProps) {
  const translate = useTranslate();
  const edit = (patch: Partial<PatientForm>) => dispatch({ type: 'editForm', patch });
  const errors = w.fieldErrors;
  const field = (
    name: keyof PatientForm,
    extra: { type?: string; multiline?: boolean; minRows?: number } = {},
    required = false,
  ) => (
    <TextField
      size="small"
      fullWidth
      required={required}
      label={translate(`${T}.fields.${fieldLabel[name]}`)}
      value={w.form[name]}
      onChange={(ev) => edit({ [name]: ev.target.value })}
      error={!!errors[name]}
      helperText={errors[name]?.trim() || undefined}
      type={extra.type}
      multiline={extra.multiline}
      minRows={extra.minRows}
      slotProps={{ htmlInput: { name, 'data-testid': `field-${name}` } }}
    />
  );
  const choice = (
    name: 'gender' | 'maritalStatus' | 'insurrance',
    options: { value: string; label: string }[],
  ) => (
    <TextField
      select
      size="small"
      fullWidth
      required={name === 'gender'}
      label={translate(`${T}.fields.${fieldLabel[name]}`)}
      value={w.form[name]}
      onChange={(ev) => edit({ [name]: ev.target.value })}
      error={!!errors[name]}
      helperText={errors[name]?.trim() || undefined}
      slotProps={{ select: { inputProps: { 'data-testid': `field-${name}` } } }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack
      spacing={2}
      component="form"
      noValidate
      onSubmit={(ev) => (ev.preventDefault(), void actions.register())}
    >
      <Typography variant="body2">{translate(`${T}.new_patient`)}</Typography>
      {w.formAlert && (
        <Alert severity="error" data-testid="form-alert">
          {w.formAlert}
        </Alert>
      )}
      {field('nik', {}, true)}
      {field('name', {}, true)}
      {choice(
        'gender',
        (['L', 'P'] as const).map((g) => ({ value: g, label: translate(`${T}.genders.${g}`) })),
      )}
      <DateField
        label={translate(`${T}.fields.date_of_birth`)}
        value={w.form.dateOfBirth}
        onChange={(dateOfBirth) => edit({ dateOfBirth })}
        name="dateOfBirth"
        testId="field-dateOfBirth"
        max={jakartaToday()}
        required
        error={!!errors.dateOfBirth}
        helperText={errors.dateOfBirth?.trim() || undefined}
      />
      {field('placeOfBirth')}
      {field('phoneNumber', { type: 'tel' }, true)}
      {field('email', { type: 'email' })}
      {field('address', { multiline: true, minRows: 2 })}
      {choice(
        'maritalStatus',
        MARITAL.map((m) => ({ value: m, label: translate(`${T}.marital.${m}`) })),
      )}
      {choice(
        'insurrance',
        INSURANCE_CODES.map((c) => ({ value: c, label: translate(`${T}.insurance_codes.${c}`) })),
      )}
      {w.form.insurrance === '0001' && field('insurranceNumber')}
      <ActionButton busy={w.busy} submit>
        {translate(`${T}.register`)}
      </ActionButton>
    </Stack>
  );
}
