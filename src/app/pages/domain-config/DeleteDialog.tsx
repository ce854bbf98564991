import { useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { T, type DomainConnection } from './connections';

/** 'Delete this mapping?': the facility code and name, Cancel and Delete. */
export function DeleteDialog({
  deleting,
  onCancel,
  onDelete,
}: {
  deleting: DomainConnection | null;
  onCancel: () => void;
  onDelete: (row: DomainConnection) => void;
}) {
  const translate = useTranslate();
  return (
    <Dialog open={!!deleting} onClose={onCancel} aria-labelledby="domain-delete-title">
      <DialogTitle id="domain-delete-title">{translate(`${T}.delete_title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate(`${T}.delete_body`, {
            code: deleting?.facility_code,
            facility: deleting?.facility_name,
          })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate(`${T}.cancel`)}</Button>
        <Button color="error" variant="contained" onClick={() => deleting && onDelete(deleting)}>
          {translate(`${T}.delete`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
