import { useState, type FormEvent, type MouseEvent } from 'react';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import LockResetIcon from '@mui/icons-material/LockReset';
import { API_URL, httpClient } from '../../providers/http';
import { useMe } from '../useMe';
import { PasswordField } from '../login/PasswordField';
import { serverPasswordProblem } from '../login/NewPasswordFields';
import { MIN_PASSWORD_LENGTH } from '../../../domain/password-policy';

const T = 'app.login.temporary';

export interface TemporaryPasswordTarget {
  id: number | string;
  email?: string;
  full_name?: string;
}

/** Letters and digits without look-alikes (no 0/O, 1/l/I), to be read out or typed from paper. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';

/** A random password of 14 characters in groups of four, e.g. 'Hq7t-Mw3k-Zr9p-Xe'. */
export function randomTemporaryPassword(): string {
  let chars = '';
  // Bytes past the last whole multiple of the alphabet are dropped, so every letter is as likely.
  const limit = 256 - (256 % ALPHABET.length);
  while (chars.length < 14)
    for (const b of crypto.getRandomValues(new Uint8Array(16)))
      if (b < limit && chars.length < 14) chars += ALPHABET[b % ALPHABET.length];
  return chars.match(/.{1,4}/g)!.join('-');
}

/**
 * 'Setel Password Sementara' for one web admin (the record given, or the row's): a super admin
 * types or generates a temporary password, which its owner must change at the next sign-in;
 * the owner's sessions end. Shown to a super admin only (the server refuses anyone else).
 */
export function TemporaryPasswordButton({ record: given }: { record?: TemporaryPasswordTarget }) {
  const translate = useTranslate();
  const fromRow = useRecordContext<TemporaryPasswordTarget & { id: number }>();
  const record = given ?? fromRow;
  const { data: me } = useMe();
  const [open, setOpen] = useState(false);
  if (!record || me?.effective_role !== 'super_admin') return null;
  return (
    <>
      <Button
        size="small"
        startIcon={<LockResetIcon />}
        onClick={(e: MouseEvent) => {
          // In a list row: not the row's own click.
          e.stopPropagation();
          setOpen(true);
        }}
      >
        {translate(`${T}.button`)}
      </Button>
      {open && <TemporaryPasswordDialog record={record} onClose={() => setOpen(false)} />}
    </>
  );
}

function TemporaryPasswordDialog({
  record,
  onClose,
}: {
  record: TemporaryPasswordTarget;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A generated password is shown at once: it is to be passed on.
  const [generated, setGenerated] = useState(0);
  const name = record.full_name || record.email || `#${record.id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setFailure(null);
    if (!password) return setError('app.login.required');
    if ([...password].length < MIN_PASSWORD_LENGTH) return setError('app.login.too_short');
    setBusy(true);
    try {
      await httpClient(
        `${API_URL}/master/web-admins/${encodeURIComponent(String(record.id))}/temporary-password`,
        {
          method: 'POST',
          body: JSON.stringify({ password }),
        },
      );
      notify(`${T}.done`, { type: 'success' });
      onClose();
    } catch (err: any) {
      const field = err?.status === 400 ? (err.body?.errors?.password as string | undefined) : undefined;
      if (field) setError(serverPasswordProblem(field));
      else
        setFailure(
          err?.status === 404 ? `${T}.not_found` : err?.status === 403 ? `${T}.forbidden` : `${T}.failed`,
        );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      onClick={(e) => e.stopPropagation()}
      fullWidth
      maxWidth="xs"
      fullScreen={fullScreen}
      aria-labelledby="temporary-password-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="temporary-password-title">{translate(`${T}.title`, { name })}</DialogTitle>
        <DialogContent dividers>
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.intro`)}
          </Typography>
          {failure && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {translate(failure)}
            </Alert>
          )}
          <PasswordField
            key={generated}
            shown={generated > 0}
            name="temporary_password"
            label={translate(`${T}.password`)}
            autoComplete="new-password"
            autoFocus
            value={password}
            error={error ? translate(error, { _: error }) : null}
            helperText={translate('app.login.rules')}
            onChange={(v) => {
              setPassword(v);
              setError(null);
            }}
          />
          <Button
            size="small"
            onClick={() => {
              setPassword(randomTemporaryPassword());
              setGenerated((n) => n + 1);
              setError(null);
            }}
          >
            {translate(`${T}.generate`)}
          </Button>
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
