import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  InputAdornment,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { API_URL, httpClient } from '../../providers/http';
import { MIN_PASSWORD_LENGTH, passwordProblemOf } from '../../../domain/password-policy';

const T = 'app.account.password';
type Field = 'current_password' | 'new_password' | 'confirm_password';
type Values = Record<Field, string>;

/** A password field with its show/hide button; its error stands under it. */
function PasswordField({
  field,
  label,
  value,
  error,
  autoComplete,
  autoFocus,
  helper,
  onChange,
}: {
  field: Field;
  label: string;
  value: string;
  error?: string;
  autoComplete: string;
  autoFocus?: boolean;
  helper?: string;
  onChange: (value: string) => void;
}) {
  const translate = useTranslate();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      id={`change-password-${field}`}
      name={field}
      label={label}
      type={shown ? 'text' : 'password'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error ?? helper}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      required
      fullWidth
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={translate(
                  shown ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden',
                )}
                onClick={() => setShown((s) => !s)}
                edge="end"
              >
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** What the console checks before asking the server: filled in, long enough, typed twice alike. */
function checkLocally(v: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const f of ['current_password', 'new_password', 'confirm_password'] as Field[])
    if (!v[f]) errors[f] = `${T}.required`;
  if (v.new_password && [...v.new_password].length < MIN_PASSWORD_LENGTH)
    errors.new_password = `${T}.too_short`;
  if (v.confirm_password && v.new_password !== v.confirm_password) errors.confirm_password = `${T}.mismatch`;
  return errors;
}

/** The server's field errors as this console's texts (it answers in Indonesian). */
function fromServer(errors: Record<string, string> | undefined): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  if (errors?.current_password) out.current_password = `${T}.wrong_current`;
  if (errors?.new_password) {
    const problem = passwordProblemOf(errors.new_password);
    out.new_password = problem ? `${T}.${problem}` : errors.new_password;
  }
  return out;
}

/** 'Ubah Kata Sandi': the current password, the new one twice; other sessions end on success. */
export default function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [values, setValues] = useState<Values>({
    current_password: '',
    new_password: '',
    confirm_password: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (f: Field) => (v: string) => {
    setValues((s) => ({ ...s, [f]: v }));
    setErrors(({ [f]: _dropped, ...rest }) => rest);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const local = checkLocally(values);
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      const { json } = await httpClient(`${API_URL}/auth/change-password`, {
        method: 'POST',
        body: JSON.stringify({
          current_password: values.current_password,
          new_password: values.new_password,
        }),
      });
      const ended = Number(json.sessions_ended ?? 0);
      notify(ended > 0 ? `${T}.changed_others` : `${T}.changed`, {
        type: 'success',
        messageArgs: { smart_count: ended },
      });
      void queryClient.invalidateQueries({ queryKey: ['account', 'sessions'] });
      onClose();
    } catch (err: any) {
      const fields = err?.status === 400 ? fromServer(err.body?.errors) : {};
      setErrors(fields);
      if (!Object.keys(fields).length) setFailure(err?.status === 429 ? `${T}.blocked` : `${T}.failed`);
    } finally {
      setBusy(false);
    }
  };

  const field = (f: Field, autoComplete: string, extra: { autoFocus?: boolean; helper?: string } = {}) => (
    <PasswordField
      field={f}
      label={translate(
        `${T}.${f === 'current_password' ? 'current' : f === 'new_password' ? 'new' : 'confirm'}`,
      )}
      value={values[f]}
      error={errors[f] ? translate(errors[f]!, { _: errors[f] }) : undefined}
      autoComplete={autoComplete}
      onChange={set(f)}
      {...extra}
    />
  );
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      fullScreen={fullScreen}
      aria-labelledby="change-password-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="change-password-title">{translate(`${T}.title`)}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {failure && (
            <Alert severity="error" role="alert">
              {translate(failure)}
            </Alert>
          )}
          {field('current_password', 'current-password', { autoFocus: true })}
          {field('new_password', 'new-password', { helper: translate(`${T}.rules`) })}
          {field('confirm_password', 'new-password')}
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.others_end`)}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {translate(`${T}.cancel`)}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate(`${T}.save`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
