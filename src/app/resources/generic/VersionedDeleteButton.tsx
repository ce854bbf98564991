import { useState } from 'react';
import {
  DeleteButton,
  useDelete,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { ResourceDeclaration } from '../../../domain/resource';
import { ChangedFieldsTable, changedFields, type Conflict } from './ConflictPanel';

/**
 * Delete with confirmation, on the version the list showed: when someone changed the record
 * meanwhile the server refuses (412) and this shows what changed, with 'Muat ulang' (show the
 * list anew) or 'Hapus tetap' (delete the record as it is now, knowingly).
 */
export function VersionedDeleteButton({ decl }: { decl: ResourceDeclaration }) {
  const record = useRecordContext();
  const resource = useResourceContext()!;
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [deleteOne, { isPending }] = useDelete();
  // The record as the list showed it when the delete was asked: the list reloads after the
  // refusal, and the comparison must be with what the user saw.
  const [conflict, setConflict] = useState<(Conflict & { shown: Record<string, any> }) | null>(null);
  if (!record) return null;
  const close = () => {
    setConflict(null);
    refresh();
  };
  const fields = conflict ? changedFields(decl, conflict.current, conflict.shown) : [];
  return (
    <>
      <DeleteButton
        mutationMode="pessimistic"
        mutationOptions={{
          onError: (error: any) => {
            if (error?.status === 412 && error.body?.current) {
              setConflict({ message: error.message, current: error.body.current, shown: record });
            } else {
              // The server's reason (the last super admin, ...), else 'Failed to delete ...' (spec §8).
              notify(error?.message || `resources.${decl.name}.errors.delete`, {
                type: 'error',
                messageArgs: { _: error?.message || translate('ra.notification.http_error') },
              });
            }
          },
        }}
      />
      <Dialog open={!!conflict} onClose={close} aria-labelledby="delete-conflict-title">
        <DialogTitle id="delete-conflict-title">{translate('app.conflict.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{conflict?.message}</DialogContentText>
          <ChangedFieldsTable
            decl={decl}
            fields={fields}
            theirs={conflict?.current ?? {}}
            yours={conflict?.shown ?? {}}
            yoursLabel="app.conflict.shown"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('app.conflict.reload')}</Button>
          <Button
            variant="contained"
            disabled={isPending}
            onClick={() =>
              deleteOne(
                resource,
                { id: record.id, previousData: record, meta: { version: conflict!.current.version } },
                {
                  mutationMode: 'pessimistic',
                  onSuccess: () => {
                    notify('ra.notification.deleted', { type: 'info', messageArgs: { smart_count: 1 } });
                    close();
                  },
                  onError: (error: any) =>
                    notify(error?.message || 'ra.notification.http_error', { type: 'error' }),
                },
              )
            }
          >
            {translate('app.conflict.delete_anyway')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
