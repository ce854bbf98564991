import type { GatewayStatus } from '../../../../domain/facility-integration';

/** A facility as the list and its header show it (master/medical-facilities). */
export interface Facility {
  id: number;
  name: string;
  email: string | null;
  type: string | null;
  phone: string | null;
  online: boolean;
  version?: string;
}

/** A connection as its row shows it (master/medical-facilities/:id/connections). */
export interface Connection {
  id: number;
  code: string;
  production_base_url: string;
  sandbox_base_url: string | null;
  x_username: string | null;
  has_password: boolean;
  gateway_status: GatewayStatus;
  last_checked_at: string | null;
  last_check_ok: boolean | null;
  last_check_message: string | null;
  version?: string;
}
