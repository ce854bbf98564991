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

/** 'Masuk' (spec part 1 §2): email, password with show/hide, 'MASUK' / 'Masuk...', 'Lupa Password?'. */
export function LoginPage() {
  const translate = useTranslate();
  const { email, setEmail, password, setPassword, submitting, error, onSubmit } = useLoginForm();
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
      <Card sx={{ width: '100%', maxWidth: 400 }} elevation={6}>
        <CardContent sx={{ p: 4 }}>
          <LoginHeader />
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
        </CardContent>
      </Card>
    </Box>
  );
}
