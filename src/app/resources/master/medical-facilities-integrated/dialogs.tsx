import { useState, type Dispatch, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  useMediaQuery,
  type Theme,
} from '@mui/material';

/** A dialog with a form: title, fields, an error alert, cancel and save. */
export function FormDialog({
  title,
  error,
  busy,
  onClose,
  onSubmit,
  children,
  maxWidth = 'sm',
}: {
  title: string;
  error?: string | null;
  busy: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
  maxWidth?: 'sm' | 'md';
}) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreen}
      aria-labelledby="form-dialog-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="form-dialog-title">{title}</DialogTitle>
        <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** 'Gagal menyimpan parameter: <the server's reason>' (the server's message is preferred, spec §8). */
export function failure(prefix: string, error: any): string {
  const detail = error?.message && error.message !== prefix ? error.message : '';
  return detail ? `${prefix}: ${detail}` : prefix;
}

/**
 * A dialog's values and the errors shown under its fields: changing a field takes its error
 * away (a 'Wajib diisi' does not stay under a field once it is filled).
 */
export function useDialogFields<V extends Record<string, string | boolean>>(initial: V) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof V & string, v: V[keyof V]) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors(({ [k]: _dropped, ...rest }) => rest);
  };
  return { values, set, errors, setErrors: setErrors as Dispatch<SetStateAction<Record<string, string>>> };
}
