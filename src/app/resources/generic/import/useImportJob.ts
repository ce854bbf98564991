import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'react-admin';
import { fetchImport, isActive } from './importApi';

/** How often a running job is asked for its progress. */
const POLL_MS = 700;

const storageKey = (apiName: string) => `import-job:${apiName}`;

function storedJob(apiName: string): string | null {
  try {
    return localStorage.getItem(storageKey(apiName));
  } catch {
    return null;
  }
}

/**
 * A resource's current import job: its id kept in local storage, so the job outlives the dialog
 * and a reload (the list's button finds it again); its progress asked for while it runs. When a
 * real import ends the list is read again and a message says what was written.
 */
export function useImportJob(apiName: string) {
  const [jobId, setJobId] = useState<string | null>(() => storedJob(apiName));
  const refresh = useRefresh();
  const notify = useNotify();
  const query = useQuery({
    queryKey: ['import-job', jobId],
    queryFn: () => fetchImport(jobId!),
    enabled: jobId !== null,
    refetchInterval: (q) => (!q.state.data || isActive(q.state.data) ? POLL_MS : false),
    // A job that no longer exists (another server's, or expired) is forgotten, not retried.
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 3,
  });
  const job = jobId !== null ? query.data : undefined;
  const watching = useRef<string | null>(null);

  const follow = useCallback(
    (id: string | number | null) => {
      const next = id === null ? null : String(id);
      try {
        if (next === null) localStorage.removeItem(storageKey(apiName));
        else localStorage.setItem(storageKey(apiName), next);
      } catch {
        // Private mode: the job is followed while the page stays open.
      }
      watching.current = next;
      setJobId(next);
    },
    [apiName],
  );

  useEffect(() => {
    if ((query.error as { status?: number } | null)?.status === 404) follow(null);
  }, [query.error, follow]);

  // The moment a real import ends, seen running or started here: the list shows what it wrote.
  useEffect(() => {
    if (!job) return;
    const id = String(job.id);
    if (isActive(job)) watching.current = id;
    if (isActive(job) || watching.current !== id) return;
    watching.current = null;
    if (job.dry_run) return;
    refresh();
    if (job.status === 'done')
      notify('app.import.notify_done', {
        type: job.rows_rejected ? 'warning' : 'success',
        // Above the dialog, not over its buttons ('Unduh baris ditolak' at its foot).
        anchorOrigin: { vertical: 'top', horizontal: 'center' },
        messageArgs: { inserted: job.rows_inserted, updated: job.rows_updated, rejected: job.rows_rejected },
      });
  }, [job, refresh, notify]);

  return {
    job,
    /** The job's progress could not be read (the last reading stays shown). */
    error: query.error as Error | null,
    loading: jobId !== null && query.isPending,
    follow,
    /** Reads the job again now (after an undo). */
    reload: () => void query.refetch(),
  };
}
