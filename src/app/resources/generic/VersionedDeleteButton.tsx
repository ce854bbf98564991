import { useState } from 'react';
import {
  DeleteButton,
  useDelete,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import type { ResourceDeclaration } from '../../../domain/resource';
import { ChangedFieldsTable, changedFields, type Conflict } from './ConflictPanel';

/** A delete refused because the record changed since it was shown, and the record as shown. */
type DeleteConflict = Conflict & { shown: Record<string, any> };

const isStale = (error: any) => error?.status === 412 && !!error.body?.current;

/**
 * A delete on the version shown, with what follows it: 'Hapus tetap' deletes the record as it is
 * now, knowingly; the conflict (412) itself, for the dialog that shows it.
 */
function useVersionedDelete(decl: ResourceDeclaration, resource: string) {
  const translate = useTranslate();
  const notify = useNotify();
  const [deleteOne, { isPending }] = useDelete();
  const [conflict, setConflict] = useState<DeleteConflict | null>(null);
  const failed = (error: any) =>
    // The server's reason (the last super admin, ...), else 'Failed to delete ...' (spec §8).
    notify(error?.message || `resources.${decl.name}.errors.delete`, {
      type: 'error',
      messageArgs: { _: error?.message || translate('ra.notification.http_error') },
    });
  const remove = (record: RaRecord, version: unknown, onDone: () => void) =>
    deleteOne(
      resource,
      { id: record.id, previousData: record, meta: { version } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('ra.notification.deleted', { type: 'info', messageArgs: { smart_count: 1 } });
          onDone();
        },
        onError: (error: any) =>
          isStale(error)
            ? setConflict({ message: error.message, current: error.body.current, shown: record })
            : failed(error),
      },
    );
  return { remove, isPending, conflict, setConflict, failed };
}

/** What changed since the record was shown, with 'Muat ulang' and 'Hapus tetap'. */
function DeleteConflictDialog({
  decl,
  conflict,
  busy,
  onReload,
  onDeleteAnyway,
}: {
  decl: ResourceDeclaration;
  conflict: DeleteConflict | null;
  busy: boolean;
  onReload: () => void;
  onDeleteAnyway: () => void;
}) {
  const translate = useTranslate();
  const fields = conflict ? changedFields(decl, conflict.current, conflict.shown) : [];
  return (
    <Dialog open={!!conflict} onClose={onReload} aria-labelledby="delete-conflict-title">
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
        <Button onClick={onReload}>{translate('app.conflict.reload')}</Button>
        <Button variant="contained" disabled={busy} onClick={onDeleteAnyway}>
          {translate('app.conflict.delete_anyway')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Delete with confirmation, on the version the list showed: when someone changed the record
 * meanwhile the server refuses (412) and this shows what changed, with 'Muat ulang' (show the
 * list anew) or 'Hapus tetap' (delete the record as it is now, knowingly).
 */
export function VersionedDeleteButton({ decl }: { decl: ResourceDeclaration }) {
  const record = useRecordContext();
  const resource = useResourceContext()!;
  const refresh = useRefresh();
  const { remove, isPending, conflict, setConflict, failed } = useVersionedDelete(decl, resource);
  if (!record) return null;
  const close = () => {
    setConflict(null);
    refresh();
  };
  return (
    <>
      <DeleteButton
        mutationMode="pessimistic"
        mutationOptions={{
          // The record as the list showed it when the delete was asked: the list reloads after
          // the refusal, and the comparison must be with what the user saw.
          onError: (error: any) =>
            isStale(error)
              ? setConflict({ message: error.message, current: error.body.current, shown: record })
              : failed(error),
        }}
      />
      <DeleteConflictDialog
        decl={decl}
        conflict={conflict}
        busy={isPending}
        onReload={close}
        onDeleteAnyway={() => remove(record, conflict!.current.version, close)}
      />
    </>
  );
}

/**
 * Asks before deleting `record` (of `resource`) on the version shown (spec §5: delete always
 * needs confirmation); a record someone changed meanwhile shows what changed instead, with
 * 'Muat ulang' or 'Hapus tetap'. Closed (`onClose`) after the delete or its refusal.
 */
export function ConfirmVersionedDelete({
  decl,
  resource,
  record,
  title,
  text,
  onClose,
  onDeleted,
}: {
  decl: ResourceDeclaration;
  resource: string;
  /** The record to delete; none: the confirmation is closed. */
  record: RaRecord | null;
  title: string;
  text: string;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { remove, isPending, conflict, setConflict } = useVersionedDelete(decl, resource);
  const done = () => {
    onClose();
    onDeleted?.();
  };
  const reload = () => {
    setConflict(null);
    refresh();
  };
  return (
    <>
      <Dialog open={!!record && !conflict} onClose={onClose} aria-labelledby="confirm-delete-title">
        <DialogTitle id="confirm-delete-title">{title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{text}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={isPending}
            onClick={() => remove(record!, record!.version, done)}
          >
            {translate('ra.action.delete')}
          </Button>
        </DialogActions>
      </Dialog>
      <DeleteConflictDialog
        decl={decl}
        conflict={conflict}
        busy={isPending}
        onReload={() => {
          reload();
          onClose();
        }}
        onDeleteAnyway={() =>
          remove(conflict!.shown as RaRecord, conflict!.current.version, () => {
            setConflict(null);
            done();
          })
        }
      />
    </>
  );
}
