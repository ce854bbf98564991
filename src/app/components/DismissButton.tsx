import { useTranslate } from 'react-admin';
import { IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';

/** The close button of an alert: 'Tutup' ('Dismiss'), by name and tooltip. */
export function DismissButton({ onClick }: { onClick: () => void }) {
  const translate = useTranslate();
  return (
    <IconButton
      size="small"
      color="inherit"
      aria-label={translate('app.common.dismiss')}
      title={translate('app.common.dismiss')}
      onClick={onClick}
    >
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}
