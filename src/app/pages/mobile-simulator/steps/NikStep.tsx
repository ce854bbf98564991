import { useTranslate } from 'react-admin';
import { Stack, TextField } from '@mui/material';
import { ActionButton, T, type StepProps } from './common';

/** Step 0: the patient's NIK, checked against the facility (16 digits, digits only). */
export function NikStep({ w, dispatch, actions }: StepProps) {
  const translate = useTranslate();
  return (
    <Stack
      spacing={2}
      component="form"
      noValidate
      onSubmit={(ev) => (ev.preventDefault(), void actions.checkNik())}
    >
      <TextField
        label={translate(`${T}.fields.nik`)}
        value={w.nik}
        onChange={(ev) =>
          dispatch({ type: 'edit', patch: { nik: ev.target.value.replace(/\D/g, '').slice(0, 16) } })
        }
        error={!!w.fieldErrors.nik}
        helperText={w.fieldErrors.nik ?? translate(`${T}.helpers.nik`)}
        required
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'nik-input', maxLength: 16 } }}
      />
      <ActionButton busy={w.busy} submit>
        {translate(`${T}.check`)}
      </ActionButton>
    </Stack>
  );
}
