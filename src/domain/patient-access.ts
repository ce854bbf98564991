/**
 * Who read whose record (UU 27/2022: health data is specific personal data). What the server
 * writes to the patient access log and what the console's 'Riwayat Akses' tab shows.
 */
import type { Role } from './roles';

/** How a patient's data was read. */
export const PATIENT_ACCESS_ACTIONS = ['VIEW', 'APPOINTMENTS', 'APPOINTMENT', 'JOURNEYS', 'EXPORT'] as const;
export type PatientAccessAction = (typeof PATIENT_ACCESS_ACTIONS)[number];

/** Roles that may read the access log ... */
export const ACCESS_LOG_ROLES: readonly Role[] = ['super_admin', 'admin'];
/** ... while their role holds the log screens' menu (the role-to-menu matrix may take it away). */
export const ACCESS_LOG_MENUS = ['/logs-monitoring'];

export const canReadAccessLog = (role: unknown, menus: readonly string[]) =>
  ACCESS_LOG_ROLES.includes(role as Role) && ACCESS_LOG_MENUS.some((m) => menus.includes(m));

/** The header the console names its screen with (its address), kept beside the API route. */
export const SCREEN_HEADER = 'x-screen';

/** At most this many characters of the screen hint are kept. */
export const MAX_SCREEN_CHARS = 200;

/** One entry of a patient's access log, as the API answers it. */
export interface PatientAccessEntry {
  id: number;
  at: string;
  user_id: number | null;
  username: string | null;
  user_name: string | null;
  user_email: string | null;
  patient_id: number | null;
  appointment_id: number | null;
  action: PatientAccessAction;
  route: string;
  screen: string | null;
  ip_address: string | null;
  filter: Record<string, unknown> | null;
  row_count: number | null;
}
