import { fetchUtils, HttpError } from 'react-admin';
import { getToken } from './session';
import { MAX_SCREEN_CHARS, SCREEN_HEADER } from '../../domain/patient-access';

export const API_URL = '/api';

/**
 * Dispatched on the window when the server refuses a call with 403: the role's menus may have
 * changed (a super admin's Menu Role Manager), so the console reads its access again (useMe).
 */
export const ACCESS_REFUSED_EVENT = 'dkj:access-refused';

/** The console's language as react-admin stores it (Indonesian until English is chosen). */
export function consoleLanguage(): string {
  try {
    return JSON.parse(window.localStorage.getItem('RaStore.locale') ?? '"id"') === 'en' ? 'en' : 'id';
  } catch {
    return 'id';
  }
}

/**
 * The console's screen (its address) a call is made from: the patient access log keeps it
 * beside the API route. The console's language goes along, so the server's messages follow it.
 */
export function screenHeaders(headers: Headers): Headers {
  if (typeof window !== 'undefined') {
    headers.set(SCREEN_HEADER, window.location.pathname.slice(0, MAX_SCREEN_CHARS));
    if (!headers.has('Accept-Language')) headers.set('Accept-Language', consoleLanguage());
  }
  return headers;
}

/**
 * fetchJson with the bearer token and the screen it is called from. A failed call rejects with an HttpError whose message is
 * the server's `error` field (or `message`), and whose body carries `errors` per field so
 * react-admin forms show them next to the inputs.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  screenHeaders(headers);
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (err) {
    if (err instanceof HttpError) {
      if (err.status === 403 && typeof window !== 'undefined')
        window.dispatchEvent(new Event(ACCESS_REFUSED_EVENT));
      const body = (err.body ?? {}) as { error?: string; message?: string; errors?: Record<string, string> };
      throw new HttpError(body.error || body.message || err.message, err.status, body);
    }
    throw err;
  }
}
