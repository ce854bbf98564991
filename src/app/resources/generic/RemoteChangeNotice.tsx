import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useDataProvider, useGetIdentity, useTranslate, type Identifier } from 'react-admin';
import { Alert, Button } from '@mui/material';
import { useSubscribe } from '../../components/useSubscribe';
import type { RealtimeEvent } from '../../providers/realtime';
import { formatTimeWib } from '../../../domain/format';
import type { Conflict } from './ConflictPanel';

interface RemoteChange {
  kind: 'updated' | 'deleted';
  version?: string;
  name?: string;
  at?: string;
}

/** The version an event gives the record (versions go with ids, in order). */
function versionOf(event: RealtimeEvent, id: Identifier): string | undefined {
  const at = event.payload.ids?.findIndex((i) => String(i) === String(id)) ?? -1;
  const version = at >= 0 ? event.payload.versions?.[at] : undefined;
  return version === undefined || version === null ? undefined : String(version);
}

/**
 * In an open edit dialog: the moment someone else saves (or deletes) the record, says who and
 * when ('Diubah oleh Siti pukul 14:05', Jakarta time) and offers the conflict view on the stored
 * record before the user's own save is refused. The user's own saves (this or another tab) are
 * not announced; a version the form already holds ('Muat ulang') clears the notice.
 */
export function RemoteChangeNotice({
  resource,
  id,
  onConflict,
}: {
  resource: string;
  id: Identifier;
  onConflict: (conflict: Conflict) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { identity } = useGetIdentity();
  const formVersion = useWatch({ name: 'version' }) as string | number | undefined;
  const [change, setChange] = useState<RemoteChange | null>(null);
  const [loading, setLoading] = useState(false);

  useSubscribe(`resource/${resource}/${id}`, (event) => {
    if (event.type !== 'updated' && event.type !== 'deleted' && event.type !== 'imported') return;
    const by = event.payload.by;
    if (by && identity && String(by.id) === String(identity.id)) return;
    const kind = event.type === 'deleted' ? 'deleted' : 'updated';
    setChange({ kind, version: versionOf(event, id), name: by?.name, at: event.payload.at });
  });

  // A version other than the form's: the form was opened (or last reloaded) on another one.
  const outdated =
    change &&
    (change.kind === 'deleted' ||
      change.version === undefined ||
      formVersion === undefined ||
      change.version !== String(formVersion));
  if (!change || !outdated) return null;
  const message = translate(`app.realtime.${change.kind}_by`, {
    name: change.name || translate('app.realtime.someone'),
    time: formatTimeWib(change.at),
  });

  const showConflict = async () => {
    setLoading(true);
    try {
      const { data } = await dataProvider.getOne(resource, { id });
      onConflict({ message, current: data });
      setChange(null);
    } catch {
      // Gone meanwhile: the notice stays; the save will say why.
    } finally {
      setLoading(false);
    }
  };

  return (
    <Alert
      severity="warning"
      role="alert"
      data-testid="remote-change"
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        change.kind === 'updated' && (
          <Button color="inherit" size="small" disabled={loading} onClick={() => void showConflict()}>
            {translate('app.realtime.show_changes')}
          </Button>
        )
      }
    >
      {message}
    </Alert>
  );
}
