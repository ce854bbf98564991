import { useState } from 'react';
import { Confirm, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { undoImport, type ImportJob } from './importApi';

interface Refusal {
  message: string;
  body?: { changed_count?: number; changed_rows?: string[] };
}

/**
 * 'Batalkan impor' on a finished import that wrote rows: asks first, then deletes what it
 * created and gives back what it updated (the server refuses, naming the rows, when a later
 * write touched one; the refusal stays shown in the question).
 */
export function UndoImport({ job, onUndone }: { job: ImportJob; onUndone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setOpen(false);
    setRefusal(null);
  };
  const confirm = async () => {
    setBusy(true);
    try {
      const { undo } = await undoImport(job.id);
      close();
      onUndone();
      refresh();
      notify('app.import.undo_done', { type: 'success', messageArgs: undo });
    } catch (err) {
      const { message, body } = err as Refusal;
      setRefusal(
        body?.changed_rows?.length
          ? translate('app.import.undo_changed', {
              count: body.changed_count ?? body.changed_rows.length,
              rows: body.changed_rows.join(', '),
            })
          : translate('app.import.undo_failed', { message }),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button color="error" onClick={() => setOpen(true)}>
        {translate('app.import.undo')}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={translate('app.import.undo_title', { file: job.file_name })}
        content={
          <Stack spacing={2}>
            <Typography>
              {translate('app.import.undo_body', { inserted: job.rows_inserted, updated: job.rows_updated })}
            </Typography>
            {refusal && (
              <Alert severity="error" role="alert">
                {refusal}
              </Alert>
            )}
          </Stack>
        }
        confirm="app.import.undo_confirm"
        cancel="app.import.undo_keep"
        confirmColor="warning"
        onConfirm={confirm}
        onClose={close}
      />
    </>
  );
}
