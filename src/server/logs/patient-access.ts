/**
 * Who read whose record: the answers that hand a patient's data to a user, and the access-log
 * row each one leaves (who, which patient, when, from where, through which route and screen).
 * An export is one row with its search, filters and row count, never a row per patient. The row
 * goes to the log buffer like every other log: the read never waits for it.
 */
import type { FastifyRequest } from 'fastify';
import { nowDate } from '../../domain/clock.js';
import { MAX_SCREEN_CHARS, SCREEN_HEADER, type PatientAccessAction } from '../../domain/patient-access.js';
import { loggedValue, maskNiks } from './redact.js';
import type { PatientAccessRow } from './writer.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Rows an export has sent so far (set by the resource engine's export). */
    exportedRows?: number;
  }
}

type Params = { id?: number | string };

/** What a route's answer reads: the patient, or the appointment whose patient it is. */
interface Audited {
  action: PatientAccessAction;
  patient?: (p: Params) => unknown;
  appointment?: (p: Params) => unknown;
}

const own = (p: Params) => p.id;

/** Routes (method and pattern) whose successful answer reads patient data. */
export const PATIENT_READS: Record<string, Audited> = {
  'GET /api/master/patients/:id': { action: 'VIEW', patient: own },
  'GET /api/master/patients/:id/appointments': { action: 'APPOINTMENTS', patient: own },
  'GET /api/master/appointments/:id': { action: 'APPOINTMENT', appointment: own },
  'GET /api/master/appointments/:id/journeys': { action: 'JOURNEYS', appointment: own },
  'GET /api/master/patients/export': { action: 'EXPORT' },
  'GET /api/master/appointments/export': { action: 'EXPORT' },
};

const idOf = (value: unknown) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** The access-log row of an answer, when it read patient data (a 2xx of PATIENT_READS). */
export function patientAccessRow(
  request: FastifyRequest,
  status: number,
  route: string | null,
  ip: string,
): PatientAccessRow | undefined {
  if (status < 200 || status >= 300 || !route) return undefined;
  const key = `${request.method} ${route}`;
  const audited = PATIENT_READS[key];
  if (!audited) return undefined;
  const params = (request.params ?? {}) as Params;
  const screen = request.headers[SCREEN_HEADER];
  const admin = request.admin;
  const row: PatientAccessRow = {
    at: nowDate().toISOString(),
    user_id: admin?.id ?? null,
    username: admin?.username ?? null,
    patient_id: audited.patient ? idOf(audited.patient(params)) : null,
    appointment_id: audited.appointment ? idOf(audited.appointment(params)) : null,
    action: audited.action,
    route: key,
    screen: typeof screen === 'string' && screen ? maskNiks(screen).slice(0, MAX_SCREEN_CHARS) : null,
    ip_address: ip,
  };
  if (audited.action === 'EXPORT') {
    row.filter = loggedValue(request.query ?? {});
    row.row_count = request.exportedRows ?? 0;
  }
  return row;
}
