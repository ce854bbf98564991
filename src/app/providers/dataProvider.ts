import simpleRestProvider from 'ra-data-simple-rest';
import type { DataProvider, GetListParams } from 'react-admin';
import { API_URL, httpClient } from './http';
import { apiNameOf, streamTopicOf } from '../resources/screen-paths';
import { realtime, type RealtimeListener } from './realtime';

/** The list wire format of the spec: {data, pagination:{total,totalPages}} (or a bare array). */
interface ListResponse {
  data?: any[];
  pagination?: { total?: number; totalPages?: number; pages?: number; estimated?: boolean };
}

function listQuery({ pagination, sort, filter }: Partial<GetListParams>) {
  const params = new URLSearchParams();
  if (pagination) {
    params.set('page', String(pagination.page));
    params.set('limit', String(pagination.perPage));
  }
  if (sort?.field && sort.field !== 'id') {
    params.set('sort', sort.field);
    params.set('order', sort.order);
  }
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key === 'q' ? 'search' : key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params;
}

/** Maps every list shape the API answers with into react-admin's {data, total}. */
export function toListResult(json: ListResponse | any[]) {
  if (Array.isArray(json)) return { data: json, total: json.length };
  const data = json.data ?? [];
  const total = json.pagination?.total ?? data.length;
  // A large list's total is the server's estimate: the pagination says "sekitar …".
  return json.pagination?.estimated ? { data, total, meta: { estimatedTotal: true } } : { data, total };
}

const base = simpleRestProvider(API_URL, httpClient);

const ifMatch = (version: unknown) =>
  new Headers({
    Accept: 'application/json',
    ...(version ? { 'If-Match': `"${String(version)}"` } : {}),
  });

/** ra-data-simple-rest for get/create/update/delete; list calls speak the platform's format. */
const platform: DataProvider = {
  ...base,
  async getList(resource, params) {
    const { json } = await httpClient(`${API_URL}/${resource}?${listQuery(params)}`, {
      signal: params.signal,
    });
    return toListResult(json);
  },
  async getMany(resource, params) {
    if (!params.ids.length) return { data: [] };
    const query = new URLSearchParams({ ids: params.ids.join(','), limit: String(params.ids.length) });
    const { json } = await httpClient(`${API_URL}/${resource}?${query}`, { signal: params.signal });
    return { data: toListResult(json).data };
  },
  async getManyReference(resource, params) {
    const query = listQuery({ ...params, filter: { ...params.filter, [params.target]: params.id } });
    const { json } = await httpClient(`${API_URL}/${resource}?${query}`, { signal: params.signal });
    return toListResult(json);
  },
  // Writes are conditional on the version the user saw (If-Match): a record someone else changed
  // meanwhile answers 412 with its current state instead of being overwritten. The form's own
  // `version` wins over previousData's, so 'Simpan tetap' can save on the newer version.
  async update(resource, params) {
    const { json } = await httpClient(`${API_URL}/${resource}/${encodeURIComponent(params.id)}`, {
      method: 'PUT',
      body: JSON.stringify(params.data),
      headers: ifMatch(params.data?.version ?? params.previousData?.version),
    });
    return { data: json };
  },
  // A DELETE has no body, so it declares no Content-Type: ra-data-simple-rest labels it
  // text/plain, and the API takes JSON bodies only (415 for any other content type).
  async delete(resource, params) {
    const { json } = await httpClient(`${API_URL}/${resource}/${encodeURIComponent(params.id)}`, {
      method: 'DELETE',
      headers: ifMatch(params.meta?.version ?? params.previousData?.version),
    });
    return { data: json ?? params.previousData };
  },
  async deleteMany(resource, params) {
    await Promise.all(params.ids.map((id) => platform.delete(resource, { id })));
    return { data: params.ids };
  },
};

/**
 * The platform's calls, under the console's resource names (a screen at the spec's path, apiNameOf),
 * and ra-realtime's subscribe/unsubscribe on the console's one change stream (realtime.ts):
 * topics 'resource/<name>', 'resource/<name>/<id>', 'menu', 'figures', 'reload'.
 */
export const dataProvider: DataProvider = {
  ...(Object.fromEntries(
    Object.entries(platform).map(([method, call]) => [
      method,
      typeof call === 'function'
        ? (resource: string, params: any) => call(apiNameOf(resource), params)
        : call,
    ]),
  ) as DataProvider),
  async subscribe(topic: string, listener: RealtimeListener) {
    realtime.subscribe(streamTopicOf(topic), listener);
    return { data: null };
  },
  async unsubscribe(topic: string, listener: RealtimeListener) {
    realtime.unsubscribe(streamTopicOf(topic), listener);
    return { data: null };
  },
};
