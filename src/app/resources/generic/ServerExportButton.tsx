import { useState } from 'react';
import { Button, useListContext, useNotify, useResourceContext, useTranslate } from 'react-admin';
import DownloadIcon from '@mui/icons-material/GetApp';
import { CircularProgress } from '@mui/material';
import { saveDownload } from './download';
import { apiNameOf } from '../screen-paths';

/** Query parameters of the export: the list's filter as the API names it (q is search). */
export function exportQuery(filter: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key === 'q' ? 'search' : key, String(value));
  }
  return params;
}

/**
 * The list's export: the server streams every row matching the current search and filters
 * (not only the rows of the page), with Indonesian headers and the user's facility scope.
 */
export function ServerExportButton() {
  const resource = useResourceContext()!;
  const { filterValues, total } = useListContext();
  return (
    <ExportButton
      path={`${apiNameOf(resource)}/export?${exportQuery(filterValues)}`}
      fileName={`${resource.replace(/\//g, '-')}.csv`}
      disabled={total === 0}
    />
  );
}

/**
 * A CSV export of the API (`path` below /api) saved as a download: a list's, or a child
 * resource's below its parent record (a facility's parameters).
 */
export function ExportButton({
  path,
  fileName,
  disabled,
}: {
  path: string;
  fileName: string;
  disabled?: boolean;
}) {
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await saveDownload(path, fileName);
    } catch (err) {
      notify((err as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    // Named even when disabled: on a phone react-admin draws an icon alone, labelled only while enabled.
    <Button
      label="ra.action.export"
      aria-label={translate('ra.action.export')}
      onClick={download}
      disabled={busy || disabled}
    >
      {busy ? <CircularProgress size={16} /> : <DownloadIcon />}
    </Button>
  );
}
