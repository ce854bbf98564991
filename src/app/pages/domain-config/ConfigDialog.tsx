import { useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { T, type DomainConnection } from './connections';
import { useConfigForm } from './useConfigForm';

type UrlField = 'facility_code' | 'target_production_url' | 'target_sandbox_url';

/** The add/edit dialog: a connection, the gateway's facility code and the two targets. */
export function ConfigDialog({
  row,
  free,
  onClose,
}: {
  row: DomainConnection | 'new';
  free: DomainConnection[];
  onClose: (saved: boolean) => void;
}) {
  const translate = useTranslate();
  const form = useConfigForm(row, free, () => onClose(true));
  const { editing, isEdit, values, errors } = form;

  const field = (name: UrlField, extra: { helperText?: string } & Record<string, unknown> = {}) => (
    <TextField
      label={translate(`${T}.fields.${name}`)}
      value={values[name]}
      onChange={(e) => form.set(name, e.target.value)}
      error={!!errors[name]}
      fullWidth
      {...extra}
      helperText={errors[name] ?? extra.helperText}
    />
  );
  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="sm" aria-labelledby="domain-dialog-title">
      <DialogTitle id="domain-dialog-title">
        {translate(isEdit ? `${T}.edit_title` : `${T}.create_title`)}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {form.failure && <Alert severity="error">{form.failure}</Alert>}
          <TextField
            select
            label={translate(`${T}.fields.connection_id`)}
            value={values.connection_id}
            onChange={(e) => form.pickConnection(e.target.value)}
            disabled={!!editing}
            required
            error={!!errors.connection_id}
            helperText={errors.connection_id ?? (free.length ? ' ' : translate(`${T}.no_free_connection`))}
          >
            {(editing ? [editing] : free).map((c) => (
              <MenuItem key={c.connection_id} value={String(c.connection_id)}>
                {c.facility_name} — {c.code}
              </MenuItem>
            ))}
          </TextField>
          {field('facility_code', {
            required: !isEdit,
            disabled: isEdit,
            helperText: translate(isEdit ? `${T}.helpers.facility_code_edit` : `${T}.helpers.facility_code`),
          })}
          {field('target_production_url', { helperText: translate(`${T}.helpers.targets`), type: 'url' })}
          {field('target_sandbox_url', { type: 'url' })}
          <FormControlLabel
            control={
              <Switch checked={values.is_active} onChange={(e) => form.set('is_active', e.target.checked)} />
            }
            label={translate(`${T}.fields.is_active`)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{translate(`${T}.cancel`)}</Button>
        <Button variant="contained" onClick={form.submit} disabled={form.busy} aria-busy={form.busy}>
          {form.busy ? <CircularProgress size={18} color="inherit" /> : translate(`${T}.save`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
