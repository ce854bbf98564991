import { fetchUtils, HttpError } from 'react-admin';
import { getToken } from './session';

export const API_URL = '/api';

/**
 * fetchJson with the bearer token. A failed call rejects with an HttpError whose message is
 * the server's `error` field (or `message`), and whose body carries `errors` per field so
 * react-admin forms show them next to the inputs.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (err) {
    if (err instanceof HttpError) {
      const body = (err.body ?? {}) as { error?: string; message?: string; errors?: Record<string, string> };
      throw new HttpError(body.error || body.message || err.message, err.status, body);
    }
    throw err;
  }
}
