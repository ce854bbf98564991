import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_URL, httpClient } from '../../providers/http';
import { listQuery, type Filters, type Row } from './model';

/** A filtered, paged log list: GET `path`?page&limit&filters, answering data + pagination. */
export function usePagedLog(
  path: string,
  filters: Filters,
  page: number,
  limit: number,
  dateKeys?: [string, string],
) {
  return useQuery<{ rows: Row[]; total: number; estimated?: boolean }, Error>({
    queryKey: ['dashboard', 'logs', path, filters, page, limit],
    queryFn: async () => {
      const body = (await httpClient(`${API_URL}${path}?${listQuery(filters, page + 1, limit, dateKeys)}`))
        .json;
      return Array.isArray(body.logs)
        ? { rows: body.logs, total: body.total, estimated: body.estimated }
        : { rows: body.data, total: body.pagination.total, estimated: body.pagination.estimated };
    },
    placeholderData: keepPreviousData,
    // A refusal (400: a bad filter) is answered at once; only a failure of the server is retried.
    retry: (failures, error) => failures < 2 && !((error as { status?: number }).status! < 500),
  });
}
