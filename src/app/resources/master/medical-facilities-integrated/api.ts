import { httpClient, API_URL } from '../../../providers/http';
import type { GatewayStatus } from '../../../../domain/facility-integration';

export const FACILITIES = `${API_URL}/master/medical-facilities`;

export interface Facility {
  id: number;
  name: string;
  email: string | null;
  type: string | null;
  phone: string | null;
  online: boolean;
  version?: string;
}

export interface FacilityParam {
  id: number;
  type: string;
  value: string;
  description: string;
  flagpoly: string | null;
}

export interface Connection {
  id: number;
  code: string;
  production_base_url: string;
  sandbox_base_url: string | null;
  x_username: string | null;
  has_password: boolean;
  properties: Record<string, unknown> | null;
  resources: Record<string, unknown> | null;
  gateway_config: Record<string, unknown> | string | null;
  gateway_status: GatewayStatus;
  last_checked_at: string | null;
  last_check_ok: boolean | null;
  last_check_message: string | null;
}

/** One JSON call of this screen: the parsed answer, or an HttpError carrying the server's message and field errors. */
export async function call<T>(url: string, method = 'GET', body?: unknown): Promise<T> {
  const { json } = await httpClient(url, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return json as T;
}

/** Field errors of a failed call ({ field: message }), if the server named any. */
export const fieldErrorsOf = (error: any): Record<string, string> => error?.body?.errors ?? {};
