import { useTranslate } from 'react-admin';
import { Alert, Button } from '@mui/material';
import { T } from './matrix';
import type { MenuAccess } from './useMenuAccess';

/** What the screen has to say: the matrix did not load, a save failed or met a newer one, changes unsaved. */
export function AccessAlerts({ access }: { access: MenuAccess }) {
  const translate = useTranslate();
  const { conflict } = access;
  return (
    <>
      {access.query.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate(`${T}.load_failed`)}
        </Alert>
      )}
      {access.error && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={access.clearError}>
          {access.error}
        </Alert>
      )}
      {conflict && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          onClose={access.clearConflict}
          action={
            <Button color="inherit" size="small" onClick={() => access.adopt(conflict.latest)}>
              {translate(`${T}.reload_latest`)}
            </Button>
          }
        >
          {conflict.message}
        </Alert>
      )}
      {access.isDirty && !conflict && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={access.discard}>
              {translate(`${T}.discard`)}
            </Button>
          }
        >
          {translate(`${T}.unsaved`)}
        </Alert>
      )}
    </>
  );
}
