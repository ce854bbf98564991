import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { httpClient } from '../../providers/http';
import { BASE, KEY, T, onVersion, type DomainConnection, type HttpFailure } from './connections';

/**
 * The connections (filtered by the search on facility name, connection code or facility code),
 * those without a mapping yet, and activate / delete with their message or error.
 */
export function useDomainConnections(search: string) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const query = useQuery<{ connections: DomainConnection[] }>({
    queryKey: KEY,
    queryFn: async () => (await httpClient(`${BASE}/connections`)).json,
  });
  const all = query.data?.connections ?? [];
  const q = search.trim().toLowerCase();
  const rows = all.filter(
    (r) => !q || [r.facility_name, r.code, r.facility_code ?? ''].some((s) => s.toLowerCase().includes(q)),
  );
  const free = all.filter((r) => !r.has_domain_config);
  const reload = () => queryClient.invalidateQueries({ queryKey: KEY });

  const act = async (fn: () => Promise<unknown>, success: string, failure: string) => {
    setError(null);
    try {
      await fn();
      notify(translate(`${T}.${success}`), { type: 'success' });
    } catch (err) {
      const e = err as HttpFailure;
      setError(
        e.status === 404 && success === 'activated'
          ? translate(`${T}.errors.not_configured`)
          : e.message || translate(`${T}.errors.${failure}`),
      );
    }
    await reload();
  };
  const activate = (r: DomainConnection) =>
    act(
      () => httpClient(`${BASE}/${r.id}/activate`, { method: 'PATCH', headers: onVersion(r.version) }),
      'activated',
      'activate',
    );
  const remove = (r: DomainConnection) =>
    act(
      () => httpClient(`${BASE}/${r.id}`, { method: 'DELETE', headers: onVersion(r.version) }),
      'deleted',
      'delete',
    );

  return {
    rows,
    free,
    isPending: query.isPending,
    isError: query.isError,
    error,
    clearError: () => setError(null),
    reload,
    activate,
    remove,
  };
}
