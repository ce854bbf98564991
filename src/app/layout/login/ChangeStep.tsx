import { useState, type FormEvent } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import type { StoredUser } from '../../providers/session';
import { API_URL, consoleLanguage } from '../../providers/http';
import {
  checkNewPassword,
  NewPasswordFields,
  serverPasswordProblem,
  type NewPassword,
  type NewPasswordErrors,
} from './NewPasswordFields';

const T = 'app.login';

/**
 * A temporary password (a super admin set it): before anything else the same card asks for a
 * new one, with the session that may only change it and the password just typed as the current
 * one; once changed, that session is stored and the console opens.
 */
export function ChangeStep({
  token,
  user,
  current,
  onRestart,
}: {
  token: string;
  user: StoredUser;
  current: string;
  onRestart: (reason: string | null) => void;
}) {
  const translate = useTranslate();
  const login = useLogin();
  const [value, setValue] = useState<NewPassword>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const local = checkNewPassword(value);
    setErrors(local);
    if (Object.keys(local).length) return;
    setSubmitting(true);
    try {
      const response = await fetch(`${API_URL}/auth/change-password`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Accept-Language': consoleLanguage(),
          Authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({ current_password: current, new_password: value.password }),
      });
      const body = await response.json().catch(() => ({}));
      if (response.ok) {
        await login({ session: { token, user } }, '/dashboard');
        return;
      }
      setSubmitting(false);
      if (response.status === 401) return onRestart(translate(`${T}.change.expired`));
      if (response.status === 429) return setFailure(`${T}.change.blocked`);
      if (response.status === 400 && body.errors?.new_password)
        return setErrors({ password: serverPasswordProblem(body.errors.new_password) });
      setFailure(`${T}.change.failed`);
    } catch {
      setSubmitting(false);
      setFailure(`${T}.network_error`);
    }
  };

  /** Back to the password form; the session that could only change the password is ended. */
  const back = () => {
    void fetch(`${API_URL}/auth/logout`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    }).catch(() => undefined);
    onRestart(null);
  };

  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-labelledby="change-step-title">
      <Typography id="change-step-title" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
        {translate(`${T}.change.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {translate(`${T}.change.intro`)}
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {translate(failure)}
        </Alert>
      )}
      {/* The account the new password is for, for the browser's password manager. */}
      <input type="hidden" name="username" autoComplete="username" value={user.email} readOnly />
      <NewPasswordFields
        value={value}
        errors={errors}
        onChange={(next, changed) => {
          setValue(next);
          setErrors(({ [changed]: _dropped, ...rest }) => rest);
          setFailure(null);
        }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={submitting}
        sx={{ mt: 2, textTransform: 'none' }}
        startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {translate(submitting ? `${T}.change.saving` : `${T}.change.save`)}
      </Button>
      <Button size="small" color="inherit" onClick={back} sx={{ mt: 1.5, textTransform: 'none', px: 0.5 }}>
        {translate(`${T}.back_to_login`)}
      </Button>
    </Box>
  );
}
