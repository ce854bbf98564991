import { API_URL } from '../../providers/http';

/** The screen's text keys (app.domain_config) and the gateway admin API it calls. */
export const T = 'app.domain_config';
export const BASE = `${API_URL}/admin/domain`;
export const KEY = ['admin', 'domain', 'connections'];

/** A facility's connection and, when configured, its gateway mapping. */
export interface DomainConnection {
  id: number | null;
  connection_id: number;
  code: string;
  facility_name: string;
  facility_code: string | null;
  production_base_url: string | null;
  sandbox_base_url: string | null;
  target_production_url: string | null;
  target_sandbox_url: string | null;
  has_domain_config: boolean;
  is_active: boolean;
  status: 'active' | 'inactive' | 'not_configured';
  gateway_path: string | null;
  version: number | null;
}

/** How a failed request reaches the screen: status, message and the failing fields. */
export interface HttpFailure {
  status?: number;
  message?: string;
  body?: { errors?: Record<string, string> };
}

/** A write on the version shown: someone else's change meanwhile answers 412 instead of being overwritten. */
export const onVersion = (version: number | null) =>
  new Headers({ Accept: 'application/json', 'If-Match': `"${String(version)}"` });
