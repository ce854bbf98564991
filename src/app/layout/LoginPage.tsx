import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLogin, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  IconButton,
  InputAdornment,
  TextField,
  Typography,
} from '@mui/material';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Logo } from './Logo';
import { getToken } from '../providers/session';
import { LOGIN_FAILED } from '../providers/authProvider';
import { TEAL } from '../theme';

/** 'Masuk' (spec part 1 §2): email, password with show/hide, 'MASUK' / 'Masuk...', 'Lupa Password?'. */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (getToken()) navigate('/dashboard', { replace: true });
  }, [navigate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      await login({ email, password }, '/dashboard');
    } catch (err) {
      setError((err as Error)?.message || LOGIN_FAILED);
      setSubmitting(false);
    }
  };

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
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 3 }}>
            <Logo size={72} />
            <Typography component="h1" variant="h5" sx={{ mt: 2, fontWeight: 700 }}>
              {translate('app.login.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" align="center">
              {translate('app.login.subtitle')}
            </Typography>
          </Box>
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
              onChange={(e) => {
                setEmail(e.target.value);
                setError(null);
              }}
            />
            <TextField
              label={translate('app.login.password')}
              type={showPassword ? 'text' : 'password'}
              name="password"
              autoComplete="current-password"
              required
              fullWidth
              margin="normal"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setError(null);
              }}
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        aria-label={translate(
                          showPassword ? 'app.login.hide_password' : 'app.login.show_password',
                        )}
                        onClick={() => setShowPassword((v) => !v)}
                        edge="end"
                      >
                        {showPassword ? <VisibilityOff /> : <Visibility />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
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
