import { useEffect, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { API_URL, consoleLanguage } from '../../providers/http';

const T = 'app.login.forgot';

/** How a forgotten password is reset here: still asking, by an e-mailed link, or by a super admin. */
type Mode = 'loading' | 'email' | 'ask' | 'failed';

/**
 * 'Lupa Password?': a button that reads as the spec's link, opening the dialog that sends a
 * reset link to the address typed (when the server sends e-mail) or says whom to ask. The
 * server's answer is the same for any address; its texts are shown in the console's language.
 */
export function ForgotPassword({ email }: { email: string }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Link
        component="button"
        type="button"
        variant="body2"
        underline="hover"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        // A finger's height on a phone, though it reads as a link.
        sx={{ fontWeight: 500, py: 0.75, px: 0.5 }}
      >
        {translate('app.login.forgot_password')}
      </Link>
      {open && <ForgotPasswordDialog initialEmail={email} onClose={() => setOpen(false)} />}
    </>
  );
}

function ForgotPasswordDialog({ initialEmail, onClose }: { initialEmail: string; onClose: () => void }) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [mode, setMode] = useState<Mode>('loading');
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    let live = true;
    fetch(`${API_URL}/auth/password-reset`)
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status)))))
      .then((body: { email?: boolean }) => live && setMode(body.email ? 'email' : 'ask'))
      .catch(() => live && setMode('failed'));
    return () => {
      live = false;
    };
  }, []);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    // The dialog is a portal of the sign-in form: its submit is not the sign-in's.
    event.stopPropagation();
    setFailure(null);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setFieldError(`${T}.invalid_email`);
    setSending(true);
    try {
      const response = await fetch(`${API_URL}/auth/password-reset`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Accept-Language': consoleLanguage() },
        body: JSON.stringify({ email: email.trim() }),
      });
      if (response.status === 202) setSent(true);
      else if (response.status === 429) setFieldError(`${T}.too_many`);
      else if (response.status === 503) setMode('ask');
      else if (response.status === 400) setFieldError(`${T}.invalid_email`);
      else setFailure(`${T}.failed`);
    } catch {
      setFailure('app.login.network_error');
    } finally {
      setSending(false);
    }
  };

  const asking = mode === 'email' && !sent;
  return (
    <Dialog
      open
      onClose={sending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      fullScreen={fullScreen}
      aria-labelledby="forgot-password-title"
    >
      <form onSubmit={send} noValidate>
        <DialogTitle id="forgot-password-title">{translate(`${T}.title`)}</DialogTitle>
        <DialogContent dividers>
          <ResetStatus mode={mode} sent={sent} />
          {asking && (
            <>
              <Typography variant="body2" color="text.secondary">
                {translate(`${T}.intro`)}
              </Typography>
              {failure && (
                <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                  {translate(failure)}
                </Alert>
              )}
              <TextField
                id="forgot-password-email"
                label={translate('app.login.email')}
                type="email"
                name="email"
                autoComplete="email"
                autoFocus
                required
                fullWidth
                margin="normal"
                value={email}
                error={Boolean(fieldError)}
                helperText={fieldError ? translate(fieldError) : undefined}
                onChange={(e) => {
                  setEmail(e.target.value);
                  setFieldError(null);
                }}
              />
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={sending} color={asking ? 'inherit' : 'primary'}>
            {translate(`${T}.close`)}
          </Button>
          {asking && (
            <Button
              type="submit"
              variant="contained"
              disabled={sending}
              startIcon={sending ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {translate(sending ? `${T}.sending` : `${T}.send`)}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Where the dialog stands: asking the server, whom to ask, a failure, or the link sent. */
function ResetStatus({ mode, sent }: { mode: Mode; sent: boolean }) {
  const translate = useTranslate();
  if (mode === 'loading')
    return <CircularProgress aria-label={translate(`${T}.loading`)} sx={{ display: 'block', mx: 'auto' }} />;
  if (mode === 'ask')
    return (
      <Alert severity="info" role="status" data-testid="forgot-password-ask">
        {translate(`${T}.no_email`)}
      </Alert>
    );
  if (mode === 'failed')
    return (
      <Alert severity="error" role="alert">
        {translate(`${T}.failed`)}
      </Alert>
    );
  if (sent)
    return (
      <Alert severity="success" role="status" data-testid="forgot-password-sent">
        {translate(`${T}.sent`)}
      </Alert>
    );
  return null;
}
