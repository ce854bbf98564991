/** A sandbox poli belongs to a facility with a sandbox, whose name it shows. */
import type { WriteHooks } from '../../server/resources/hooks/types.js';
import { facilityNamed } from '../../server/simulation/hooks.js';

export const simulatorPoliHooks: WriteHooks = facilityNamed('medical_facility_name');
