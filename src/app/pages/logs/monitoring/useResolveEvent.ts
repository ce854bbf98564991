import { useNotify } from 'react-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_URL, httpClient } from '../../../providers/http';
import { useLogT, type Row } from '../model';

/** Marks a security event resolved, says so, and refreshes the logs and their figures. */
export function useResolveEvent(onResolved: (row: Row) => void) {
  const t = useLogT();
  const notify = useNotify();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (row: Row) =>
      (await httpClient(`${API_URL}/logs/security-events/${row.id}/resolve`, { method: 'PATCH', body: '{}' }))
        .json as Row,
    onSuccess: (row) => {
      notify(t('monitoring.resolved'), { type: 'success' });
      onResolved(row);
      void queryClient.invalidateQueries({ queryKey: ['dashboard', 'logs'] });
    },
    onError: (err: Error) =>
      notify(t('monitoring.resolve_failed', { message: err.message }), { type: 'error' }),
  });
}
