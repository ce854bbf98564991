import type { Dispatch, ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Button, CircularProgress, Paper, Typography } from '@mui/material';
import { formatDate } from '../../../../domain/format';
import type { WizardActions } from '../useWizard';
import type { Patient, WizardAction, WizardState } from '../wizard';

export const T = 'app.mobile_simulator';

/** What every step gets: the wizard's state, its dispatch and its calls. */
export interface StepProps {
  w: WizardState;
  dispatch: Dispatch<WizardAction>;
  actions: WizardActions;
}

/** A step's main button, with a spinner and disabled while its call runs. */
export function ActionButton({
  busy,
  onClick,
  submit,
  children,
}: {
  busy: boolean;
  onClick?: () => void;
  submit?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      type={submit ? 'submit' : 'button'}
      variant="contained"
      onClick={onClick}
      disabled={busy}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {children}
    </Button>
  );
}

/** The chosen patient's data, as steps 1 and 2 show it. */
export function PatientCard({ patient }: { patient: Patient }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="patient-card">
      <Typography variant="caption" color="text.secondary">
        {translate(`${T}.patient_card`)}
      </Typography>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }} data-testid="patient-name">
        {patient.name}
      </Typography>
      <Typography variant="body2">
        {translate(`${T}.fields.nik`)}: {patient.nik}
      </Typography>
      {patient.no_mr && (
        <Typography variant="body2">
          {translate(`${T}.fields.no_mr`)}: {patient.no_mr}
        </Typography>
      )}
      {patient.date_of_birth && (
        <Typography variant="body2">
          {translate(`${T}.fields.date_of_birth`)}: {formatDate(patient.date_of_birth)}
          {patient.gender ? ` · ${translate(`${T}.genders.${patient.gender}`, { _: patient.gender })}` : ''}
        </Typography>
      )}
      {patient.insurance_type && (
        <Typography variant="body2">
          {translate(`${T}.fields.insurance`)}: {patient.insurance_type}
        </Typography>
      )}
    </Paper>
  );
}
