/**
 * The write hooks of each resource, by resource name (the rules are in hooks/types.ts): each
 * resource's hooks.ts in its folder (src/resources/<name>/), imported only here. A feature may
 * add those of resources of its own with registerWriteHooks.
 */
import { webAdminHooks } from '../../resources/web-admins/hooks.js';
import { userHooks } from '../../resources/users/hooks.js';
import { medicalFacilityHooks } from '../../resources/medical-facilities/hooks.js';
import { facilityConnectionHooks } from '../../resources/facility-connections/hooks.js';
import { simulatorFacilityHooks } from '../../resources/simulator-facilities/hooks.js';
import { simulatorPatientHooks } from '../../resources/simulator-patients/hooks.js';
import { simulatorDoctorHooks } from '../../resources/simulator-doctors/hooks.js';
import { simulatorPoliHooks } from '../../resources/simulator-poli/hooks.js';
import { simulatorScheduleHooks } from '../../resources/simulator-schedules/hooks.js';
import { simulatorAppointmentHooks } from '../../resources/simulator-appointments/hooks.js';
import { simulatorApiKeyHooks } from '../../resources/simulator-api-keys/hooks.js';
import { journeyConfigHooks } from '../../resources/journey-config/hooks.js';
import type { WriteHooks } from './hooks/types.js';

export type { WriteContext, WriteHooks, WriteOp } from './hooks/types.js';

const WRITE_HOOKS: Record<string, WriteHooks> = {
  'master/web-admins': webAdminHooks,
  'master/users': userHooks,
  'master/medical-facilities': medicalFacilityHooks,
  'master/medical-facilities/connections': facilityConnectionHooks,
  'admin/simulator/facilities': simulatorFacilityHooks,
  'admin/simulator/patients': simulatorPatientHooks,
  'admin/simulator/doctors': simulatorDoctorHooks,
  'admin/simulator/poli': simulatorPoliHooks,
  'admin/simulator/schedules': simulatorScheduleHooks,
  'admin/simulator/appointments': simulatorAppointmentHooks,
  'admin/simulator-apikeys': simulatorApiKeyHooks,
  'admin/journey-config': journeyConfigHooks,
};

/** Adds (or replaces) the hooks of these resources. */
export function registerWriteHooks(hooks: Record<string, WriteHooks>) {
  Object.assign(WRITE_HOOKS, hooks);
}

export const writeHooksOf = (name: string): WriteHooks => WRITE_HOOKS[name] ?? {};
