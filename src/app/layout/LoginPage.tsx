import { lazy, Suspense } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Button, CircularProgress, TextField } from '@mui/material';
import { PasswordField } from './login/PasswordField';
import { useLoginForm } from './login/useLoginForm';
import { CodeStep } from './login/CodeStep';
import { ChangeStep } from './login/ChangeStep';
import { ForgotPassword } from './login/ForgotPassword';
import { LoginShell } from './login/LoginShell';

// Only a role that must enrol at sign-in needs the enrolment (and its QR code library).
const EnrolStep = lazy(() => import('./login/EnrolStep'));

/**
 * 'Masuk' (spec part 1 §2): email, password with show/hide, 'MASUK' / 'Masuk...', 'Lupa Password?';
 * then, in the same card, the code step or the enrolment of a two-factor sign-in, or the change
 * of a temporary password. The language switch sits above the card.
 */
export function LoginPage() {
  const translate = useTranslate();
  const form = useLoginForm();
  const { step, restart, advance } = form;
  return (
    <LoginShell title={translate('app.login.title')} wide={step.kind === 'enrol'}>
      {step.kind === 'code' && <CodeStep mfaToken={step.mfaToken} onRestart={restart} onNext={advance} />}
      {step.kind === 'enrol' && (
        <Suspense
          fallback={
            <CircularProgress
              aria-label={translate('ra.page.loading')}
              sx={{ display: 'block', mx: 'auto' }}
            />
          }
        >
          <EnrolStep
            token={step.token}
            user={step.user}
            onEnrolled={
              step.thenChange
                ? () => advance({ kind: 'change', token: step.token, user: step.user })
                : undefined
            }
          />
        </Suspense>
      )}
      {step.kind === 'change' && (
        <ChangeStep token={step.token} user={step.user} current={step.current} onRestart={restart} />
      )}
      {step.kind === 'password' && <PasswordStep form={form} />}
    </LoginShell>
  );
}

/** The first step: email and password. */
function PasswordStep({ form }: { form: ReturnType<typeof useLoginForm> }) {
  const translate = useTranslate();
  const { email, setEmail, password, setPassword, submitting, error, onSubmit } = form;
  return (
    <>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      )}
      <Box component="form" onSubmit={onSubmit} noValidate={false}>
        <TextField
          label={translate('app.login.email')}
          type="email"
          name="email"
          autoComplete="email"
          autoFocus
          required
          fullWidth
          margin="normal"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordField value={password} onChange={setPassword} />
        <Box sx={{ textAlign: 'right', mt: 0.5 }}>
          <ForgotPassword email={email} />
        </Box>
        <Button
          type="submit"
          variant="contained"
          color="primary"
          size="large"
          fullWidth
          disabled={submitting}
          // The labels are written as the spec quotes them ('MASUK', 'Masuk...'): no uppercasing.
          sx={{ mt: 3, textTransform: 'none' }}
          startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {translate(submitting ? 'app.login.submitting' : 'app.login.submit')}
        </Button>
      </Box>
    </>
  );
}
