import { useEffect, useMemo, useRef, useState } from 'react';
import { useListContext, useTranslate, type Identifier } from 'react-admin';
import { Alert, Button } from '@mui/material';
import { useSubscribe } from '../../components/useSubscribe';
import { throttle, type RealtimeEvent } from '../../providers/realtime';

/** At most one refetch of an open list per this while changes keep coming (an import, a busy hour). */
export const LIVE_REFETCH_MS = 1_000;

export interface LiveListState {
  /** The react-admin resource of the list (the console's name). */
  resource: string;
  page: number;
  /** The ids of the rows shown. */
  ids: Identifier[];
  refetch: () => unknown;
  /** Back to the first page (where new records are). */
  toFirstPage: () => void;
  /** The filters and sort, as a key: new records counted under others are forgotten. */
  queryKey?: string;
}

/**
 * An open list that follows the change stream without losing its page, filters or scroll: on
 * the first page it asks for its rows again in place; further on, a change of a row shown does
 * the same, and new records are counted for a 'N data baru — Tampilkan' bar (`fresh`, `show`).
 */
export function useLiveList({ resource, page, ids, refetch, toFirstPage, queryKey }: LiveListState) {
  const [fresh, setFresh] = useState(0);
  const latest = useRef({ page, ids, refetch });
  useEffect(() => {
    latest.current = { page, ids, refetch };
  });
  const refetchSoon = useMemo(() => throttle(() => void latest.current.refetch(), LIVE_REFETCH_MS), []);
  useEffect(() => () => refetchSoon.cancel(), [refetchSoon]);
  useEffect(() => {
    if (page <= 1) setFresh(0);
  }, [page]);
  useEffect(() => setFresh(0), [queryKey]);

  useSubscribe(`resource/${resource}`, (event: RealtimeEvent) => {
    const { page, ids } = latest.current;
    if (page <= 1) return refetchSoon();
    const added = event.type === 'created' || event.type === 'imported';
    if (added) setFresh((n) => n + (event.payload.count ?? event.payload.ids?.length ?? 1));
    const shown = new Set(ids.map(String));
    if (event.payload.ids?.some((id) => shown.has(String(id)))) refetchSoon();
  });

  return {
    fresh,
    show: () => {
      setFresh(0);
      toFirstPage();
      void latest.current.refetch();
    },
  };
}

/** The bar above a list not on its first page: how many records came since, and 'Tampilkan'. */
export function NewRecordsBar({ fresh, onShow }: { fresh: number; onShow: () => void }) {
  const translate = useTranslate();
  return (
    // Always in the page, so that screen readers hear the count when it appears (aria-live).
    <div role="status" aria-live="polite">
      {fresh > 0 && (
        <Alert
          severity="info"
          data-testid="new-records-bar"
          sx={{ m: 1, alignItems: 'center' }}
          action={
            <Button color="inherit" size="small" onClick={onShow}>
              {translate('app.realtime.show')}
            </Button>
          }
        >
          {translate('app.realtime.new_records', { smart_count: fresh })}
        </Alert>
      )}
    </div>
  );
}

/** Live updates of the react-admin list around it (ResourceScreen): in place, or the bar. */
export function LiveListUpdates() {
  const { resource, page, data, refetch, setPage, filterValues, sort } = useListContext();
  const ids = useMemo(() => (data ?? []).map((r) => r.id), [data]);
  const { fresh, show } = useLiveList({
    resource,
    page,
    ids,
    refetch,
    toFirstPage: () => setPage(1),
    queryKey: JSON.stringify([filterValues, sort]),
  });
  const ref = useRef<HTMLDivElement>(null);
  return (
    <div ref={ref}>
      <NewRecordsBar
        fresh={fresh}
        onShow={() => {
          show();
          ref.current?.scrollIntoView?.({ block: 'nearest' });
        }}
      />
    </div>
  );
}
