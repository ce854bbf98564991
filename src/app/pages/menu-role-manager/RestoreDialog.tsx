import { useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { T } from './matrix';

/** 'Restore the defaults?': Cancel, or restore every role's menus. */
export function RestoreDialog({
  open,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="restore-title">
      <DialogTitle id="restore-title">{translate(`${T}.restore_title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate(`${T}.restore_body`)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate(`${T}.cancel`)}</Button>
        <Button variant="contained" color="warning" onClick={onConfirm}>
          {translate(`${T}.restore_confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
