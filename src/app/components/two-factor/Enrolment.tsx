import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Box, Button, CircularProgress, TextField, Typography } from '@mui/material';
import { QRCodeSVG } from 'qrcode.react';
import { enableTwoFactor, startSetup, type TwoFactorSetup } from '../../providers/twoFactor';
import { RecoveryCodes } from './RecoveryCodes';

const T = 'app.two_factor';

/** The key as an app's 'enter a key' screen shows it: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Enrolment in two-factor sign-in: a new secret as a QR code (and as a key to type), the first
 * code from the app turns it on, then the recovery codes. `token`: the enrol-only session of the
 * login page (the stored session otherwise).
 */
export function Enrolment({
  email,
  token,
  doneLabel,
  onEnabled,
  onDone,
}: {
  email: string;
  token?: string;
  doneLabel: string;
  onEnabled?: () => void;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once: a second setup would replace the secret of the QR code already shown.
    if (started.current) return;
    started.current = true;
    startSetup(token).then(setSetup, (err: Error) => setError(err.message || translate(`${T}.setup_failed`)));
  }, [token, translate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const answer = await enableTwoFactor(code.trim(), token);
      setCodes(answer.recovery_codes);
      onEnabled?.();
    } catch (err) {
      const e = err as Error & { body?: { errors?: Record<string, string> } };
      setError(e.body?.errors?.code ?? e.message);
    } finally {
      setSubmitting(false);
    }
  };

  if (codes) return <RecoveryCodes codes={codes} email={email} doneLabel={doneLabel} onDone={onDone} />;
  return (
    <Box component="form" onSubmit={onSubmit}>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      )}
      <Typography variant="body2">{translate(`${T}.scan`)}</Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center', my: 2, minHeight: 192 }}>
        {setup ? (
          <Box sx={{ p: 1, bgcolor: '#fff', lineHeight: 0 }}>
            <QRCodeSVG
              value={setup.otpauth_url}
              size={176}
              role="img"
              aria-label={translate(`${T}.qr_label`)}
            />
          </Box>
        ) : (
          !error && (
            <CircularProgress aria-label={translate('ra.page.loading')} sx={{ alignSelf: 'center' }} />
          )
        )}
      </Box>
      {setup && (
        <>
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.manual`)}
          </Typography>
          {/* A code to type into an authenticator app, read as such (not as words). */}
          <Typography
            component="code"
            data-testid="two-factor-secret"
            sx={{
              display: 'block',
              fontFamily: 'monospace',
              fontSize: '0.95rem',
              overflowWrap: 'anywhere',
              wordSpacing: '0.1em',
              mt: 0.5,
              mb: 2,
            }}
          >
            {grouped(setup.secret)}
          </Typography>
        </>
      )}
      <Typography variant="body2">{translate(`${T}.first_code`)}</Typography>
      <TextField
        label={translate(`${T}.code_label`)}
        name="code"
        autoComplete="one-time-code"
        required
        fullWidth
        margin="normal"
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          setError(null);
        }}
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9 ]{6,7}', maxLength: 7 } }}
      />
      <Button
        type="submit"
        variant="contained"
        fullWidth
        disabled={!setup || submitting}
        sx={{ mt: 1, textTransform: 'none' }}
        startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {translate(submitting ? `${T}.enabling` : `${T}.enable`)}
      </Button>
    </Box>
  );
}
