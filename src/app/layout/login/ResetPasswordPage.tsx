import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Link, Typography } from '@mui/material';
import { API_URL, consoleLanguage } from '../../providers/http';
import { LoginShell } from './LoginShell';
import {
  checkNewPassword,
  NewPasswordFields,
  serverPasswordProblem,
  type NewPassword,
  type NewPasswordErrors,
} from './NewPasswordFields';

const T = 'app.login';

/**
 * /reset-password?token=...: the page an e-mailed reset link opens, outside the signed-in
 * console. The new password twice; the server's reasons by the fields; once done, the way back
 * to the sign-in. A spent or expired link says so and points at 'Lupa Password?' again.
 */
export default function ResetPasswordPage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [value, setValue] = useState<NewPassword>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(token ? null : `${T}.reset.invalid_link`);
  const [done, setDone] = useState(false);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    setFailure(null);
    const local = checkNewPassword(value);
    setErrors(local);
    if (Object.keys(local).length) return;
    setSaving(true);
    try {
      const response = await fetch(`${API_URL}/auth/password-reset/confirm`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': consoleLanguage() },
        body: JSON.stringify({ token, new_password: value.password }),
      });
      const body = await response.json().catch(() => ({}));
      if (response.ok) setDone(true);
      else if (body.errors?.token) setFailure(`${T}.reset.invalid_link`);
      else if (body.errors?.new_password)
        setErrors({ password: serverPasswordProblem(body.errors.new_password) });
      else setFailure(`${T}.reset.failed`);
    } catch {
      setFailure(`${T}.network_error`);
    } finally {
      setSaving(false);
    }
  };

  const backToLogin = (
    <Link component={RouterLink} to="/login" variant="body2" underline="hover">
      {translate(`${T}.back_to_login`)}
    </Link>
  );

  return (
    <LoginShell title={translate(`${T}.reset.title`)}>
      {done ? (
        <>
          <Alert severity="success" role="status" data-testid="reset-done">
            {translate(`${T}.reset.done`)}
          </Alert>
          <Button
            component={RouterLink}
            to="/login"
            variant="contained"
            size="large"
            fullWidth
            sx={{ mt: 3, textTransform: 'none' }}
          >
            {translate(`${T}.back_to_login`)}
          </Button>
        </>
      ) : (
        <Box component="form" onSubmit={onSubmit} noValidate>
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.reset.intro`)}
          </Typography>
          {failure && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {translate(failure)}
            </Alert>
          )}
          {token && (
            <>
              <NewPasswordFields
                value={value}
                errors={errors}
                onChange={(next, changed) => {
                  setValue(next);
                  setErrors(({ [changed]: _dropped, ...rest }) => rest);
                }}
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                fullWidth
                disabled={saving}
                sx={{ mt: 2, textTransform: 'none' }}
                startIcon={saving ? <CircularProgress size={18} color="inherit" /> : undefined}
              >
                {translate(saving ? `${T}.reset.saving` : `${T}.reset.save`)}
              </Button>
            </>
          )}
          <Box sx={{ mt: 2, textAlign: 'center' }}>{backToLogin}</Box>
        </Box>
      )}
    </LoginShell>
  );
}
