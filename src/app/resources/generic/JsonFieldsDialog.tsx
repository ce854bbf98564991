import { useEffect, useState } from 'react';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
} from '@mui/material';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { API_URL, httpClient } from '../../providers/http';
import { JsonField, type JsonState } from './JsonField';
import { resourceJsonForm } from './jsonForms';

const T = 'app.json_field';

/** A table cell's button that opens a row's JSON fields: their summary, and what it edits. */
export function JsonFieldsButton({
  summary,
  action,
  onOpen,
}: {
  summary: string;
  action: string;
  onOpen: () => void;
}) {
  return (
    <Button
      size="small"
      startIcon={<ScheduleIcon />}
      onClick={(e) => {
        e.stopPropagation();
        onOpen();
      }}
      aria-label={`${summary}: ${action}`}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {summary}
    </Button>
  );
}

/**
 * Edits a declared resource's record's JSON fields (forms generated from their schemas, or raw
 * JSON) and saves them with PATCH and the version read, so someone else's newer save is never
 * overwritten.
 */
export function JsonFieldsDialog({
  resource,
  id,
  title,
  fields,
  onClose,
}: {
  resource: string;
  id: number;
  title: string;
  /** The record's JSON fields to edit (names of the resource's schema properties). */
  fields: readonly string[];
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [record, setRecord] = useState<Record<string, any> | null>(null);
  const [states, setStates] = useState<Record<string, JsonState>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const url = `${API_URL}/${resource}/${id}`;

  useEffect(() => {
    httpClient(url)
      .then(({ json }) => setRecord(json))
      .catch((e: Error) => setError(e.message));
  }, [url]);

  const invalid = Object.values(states).some((s) => s.error);
  const save = async () => {
    if (!record || invalid) return;
    setBusy(true);
    setError(null);
    const body: Record<string, unknown> = {};
    for (const f of fields) body[f] = f in states ? states[f].value : record[f];
    try {
      // On the version shown: a change someone saved meanwhile answers 412, not an overwrite.
      await httpClient(url, {
        method: 'PATCH',
        body: JSON.stringify(body),
        headers: new Headers({ Accept: 'application/json', 'If-Match': `"${String(record.version)}"` }),
      });
      notify(translate(`${T}.saved`), { type: 'success' });
      refresh();
      onClose();
    } catch (e) {
      setError((e as Error).message || translate(`${T}.save_failed`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="json-fields-title">
      <DialogTitle id="json-fields-title">{title}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {!record ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
            {!error && <CircularProgress aria-label={translate('ra.page.loading')} />}
          </Box>
        ) : (
          <Stack spacing={2} sx={{ mt: 1 }}>
            {fields.map((f) => (
              <JsonField
                key={f}
                name={f}
                form={resourceJsonForm(resource, f)}
                label={translate(`resources.${resource}.fields.${f}`)}
                initial={record[f] ?? null}
                onChange={(s) => setStates((prev) => ({ ...prev, [f]: s }))}
              />
            ))}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={!record || busy || invalid} aria-busy={busy}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
