import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Dialog, DialogContent, DialogTitle, IconButton, useMediaQuery, type Theme } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { Enrolment } from '../../components/two-factor/Enrolment';

const T = 'app.two_factor';

/**
 * 'Aktifkan Autentikasi Dua Faktor': the QR code, the first code, then the recovery codes. Once
 * it is on, the dialog closes only through 'Selesai', after the codes are saved.
 */
export function EnrolDialog({
  email,
  onEnabled,
  onClose,
}: {
  email: string;
  onEnabled: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [enabled, setEnabled] = useState(false);
  return (
    <Dialog
      open
      fullScreen={fullScreen}
      maxWidth="xs"
      fullWidth
      onClose={enabled ? undefined : onClose}
      aria-labelledby="enrol-dialog-title"
    >
      <DialogTitle id="enrol-dialog-title" sx={{ pr: 6 }}>
        {translate(`${T}.enrol_title`)}
      </DialogTitle>
      {!enabled && (
        <IconButton
          aria-label={translate(`${T}.cancel`)}
          title={translate(`${T}.cancel`)}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      )}
      <DialogContent>
        <Enrolment
          email={email}
          doneLabel={translate(`${T}.done`)}
          onEnabled={() => {
            setEnabled(true);
            onEnabled();
          }}
          onDone={onClose}
        />
      </DialogContent>
    </Dialog>
  );
}
