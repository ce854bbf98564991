import { useState, type FormEvent } from 'react';
import { useLogin, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, CircularProgress, TextField, Typography } from '@mui/material';
import { SignInStep } from '../../providers/authProvider';

const T = 'app.two_factor';

/**
 * The second step of a two-factor sign-in ('Kode Autentikasi'): the six-digit code of the
 * authenticator app, or one of the recovery codes ('Gunakan kode pemulihan'). A wrong code stays
 * on this step; an expired step or a blocked account goes back to the password with the reason.
 */
export function CodeStep({
  mfaToken,
  onRestart,
  onNext,
}: {
  mfaToken: string;
  onRestart: (reason: string) => void;
  /** A temporary password: its change comes after the code. */
  onNext: (next: SignInStep['next']) => void;
}) {
  const translate = useTranslate();
  const login = useLogin();
  const notify = useNotify();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const ret = await login({ mfa_token: mfaToken, code: code.trim() }, '/dashboard');
      const left = (ret as { recoveryCodesLeft?: number } | undefined)?.recoveryCodesLeft;
      if (left !== undefined) notify(`${T}.recovery_left`, { type: 'warning', messageArgs: { count: left } });
    } catch (err) {
      if (err instanceof SignInStep) return onNext(err.next);
      const e = err as Error & { errors?: Record<string, string> };
      setSubmitting(false);
      if (e.errors?.code) setError(e.errors.code);
      else onRestart(e.message);
    }
  };
  const toggle = () => {
    setRecovery((r) => !r);
    setCode('');
    setError(null);
  };
  return (
    <Box component="form" onSubmit={onSubmit} aria-labelledby="code-step-title">
      <Typography id="code-step-title" component="h2" variant="h6" sx={{ fontWeight: 600 }}>
        {translate(recovery ? `${T}.recovery_title` : `${T}.code_title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {translate(recovery ? `${T}.recovery_intro` : `${T}.code_intro`)}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {error}
        </Alert>
      )}
      <TextField
        key={recovery ? 'recovery' : 'code'}
        label={translate(recovery ? `${T}.recovery_label` : `${T}.code_label`)}
        name={recovery ? 'recovery_code' : 'code'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        autoFocus
        required
        fullWidth
        margin="normal"
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          setError(null);
        }}
        slotProps={{
          htmlInput: recovery
            ? { maxLength: 32, spellCheck: false, autoCapitalize: 'none' }
            : { inputMode: 'numeric', pattern: '[0-9 ]{6,7}', maxLength: 7 },
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
        {translate(submitting ? `${T}.verifying` : `${T}.verify`)}
      </Button>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, mt: 1.5 }}>
        <Button size="small" onClick={toggle} sx={{ textTransform: 'none', px: 0.5 }}>
          {translate(recovery ? `${T}.use_code` : `${T}.use_recovery`)}
        </Button>
        <Button
          size="small"
          color="inherit"
          onClick={() => onRestart('')}
          sx={{ textTransform: 'none', px: 0.5 }}
        >
          {translate(`${T}.back`)}
        </Button>
      </Box>
    </Box>
  );
}
