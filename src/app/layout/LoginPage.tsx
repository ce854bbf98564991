import { lazy, Suspense } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  TextField,
  Typography,
} from '@mui/material';
import { Logo } from './Logo';
import { TEAL } from '../theme';
import { PasswordField } from './login/PasswordField';
import { useLoginForm } from './login/useLoginForm';
import { CodeStep } from './login/CodeStep';

// Only a role that must enrol at sign-in needs the enrolment (and its QR code library).
const EnrolStep = lazy(() => import('./login/EnrolStep'));

function LoginHeader() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 3 }}>
      <Logo size={72} />
      <Typography component="h1" variant="h5" sx={{ mt: 2, fontWeight: 700 }}>
        {translate('app.login.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" align="center">
        {translate('app.login.subtitle')}
      </Typography>
    </Box>
  );
}

/**
 * 'Masuk' (spec part 1 §2): email, password with show/hide, 'MASUK' / 'Masuk...', 'Lupa Password?';
 * then, for two-factor sign-in, the code step or the enrolment in the same card.
 */
export function LoginPage() {
  const translate = useTranslate();
  const form = useLoginForm();
  const { step, restart } = form;
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        background: `linear-gradient(135deg, ${TEAL} 0%, #1e88e5 100%)`,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: step.kind === 'enrol' ? 460 : 400 }} elevation={6}>
        <CardContent sx={{ p: 4 }}>
          <LoginHeader />
          {step.kind === 'code' && <CodeStep mfaToken={step.mfaToken} onRestart={restart} />}
          {step.kind === 'enrol' && (
            <Suspense
              fallback={
                <CircularProgress
                  aria-label={translate('ra.page.loading')}
                  sx={{ display: 'block', mx: 'auto' }}
                />
              }
            >
              <EnrolStep token={step.token} user={step.user} />
            </Suspense>
          )}
          {step.kind === 'password' && <PasswordStep form={form} />}
        </CardContent>
      </Card>
    </Box>
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
          <Typography variant="body2" color="primary" component="span">
            {translate('app.login.forgot_password')}
          </Typography>
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
