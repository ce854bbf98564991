/**
 * A sandbox facility's name, code and type follow it onto the rows that show them (doctors,
 * patients, poli, API keys).
 */
import type { WriteHooks } from '../../server/resources/hooks/types.js';

export const simulatorFacilityHooks: WriteHooks = {
  async afterWrite({ tx, op, after }) {
    if (op !== 'update' || !after) return;
    const args = [after.medical_facility_id, after.name];
    await tx.query('UPDATE simulator_doctors SET facility_name = $2 WHERE medical_facility_id = $1', args);
    await tx.query('UPDATE simulator_patients SET facility_name = $2 WHERE medical_facility_id = $1', args);
    await tx.query(
      'UPDATE simulator_poli SET medical_facility_name = $2 WHERE medical_facility_id = $1',
      args,
    );
    await tx.query(
      `UPDATE simulator_api_keys SET facility_name = $2, facility_code = $3, facility_type = $4
        WHERE simulasi_medical_facility_id = $1`,
      [after.id, after.name, after.facility_code, after.type],
    );
  },
};
