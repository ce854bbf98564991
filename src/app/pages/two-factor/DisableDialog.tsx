import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { disableTwoFactor } from '../../providers/twoFactor';

const T = 'app.two_factor';

/** 'Nonaktifkan Autentikasi Dua Faktor': the password and a code (or a recovery code); errors by field. */
export function DisableDialog({
  required,
  onDisabled,
  onClose,
}: {
  required: boolean;
  onDisabled: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setErrors({});
    setError(null);
    try {
      await disableTwoFactor(password, code.trim());
      notify(`${T}.disabled`, { type: 'info' });
      onDisabled();
      onClose();
    } catch (err) {
      const e = err as Error & { body?: { errors?: Record<string, string> } };
      if (e.body?.errors) setErrors(e.body.errors);
      else setError(e.message);
      setSubmitting(false);
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="disable-dialog-title">
      <form onSubmit={onSubmit}>
        <DialogTitle id="disable-dialog-title">{translate(`${T}.disable_title`)}</DialogTitle>
        <DialogContent>
          <Typography variant="body2">{translate(`${T}.disable_intro`)}</Typography>
          {required && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {translate(`${T}.disable_required`)}
            </Alert>
          )}
          {error && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {error}
            </Alert>
          )}
          <TextField
            label={translate(`${T}.password`)}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            fullWidth
            margin="normal"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={!!errors.password}
            helperText={errors.password}
          />
          <TextField
            label={translate(`${T}.code_or_recovery`)}
            name="code"
            autoComplete="one-time-code"
            required
            fullWidth
            margin="normal"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={!!errors.code}
            helperText={errors.code}
            slotProps={{ htmlInput: { maxLength: 32, spellCheck: false } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate(`${T}.cancel`)}</Button>
          <Button
            type="submit"
            color="error"
            variant="contained"
            disabled={submitting}
            startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate(submitting ? `${T}.disabling` : `${T}.turn_off`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
