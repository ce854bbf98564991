/**
 * A sandbox doctor belongs to a facility with a sandbox, whose name it shows; its name and
 * specialization follow it onto its schedules and appointments.
 */
import type { WriteHooks } from '../../server/resources/hooks/types.js';
import { facilityNamed } from '../../server/simulation/hooks.js';

export const simulatorDoctorHooks: WriteHooks = {
  async beforeWrite(ctx) {
    await facilityNamed('facility_name').beforeWrite!(ctx);
  },
  async afterWrite({ tx, op, after }) {
    if (op !== 'update' || !after) return;
    const args = [after.id, after.name, after.specialization];
    await tx.query(
      'UPDATE simulator_schedules SET doctor_name = $2, specialization = $3 WHERE doctor_id = $1',
      args,
    );
    await tx.query(
      'UPDATE simulator_appointments SET doctor_name = $2, specialization = $3 WHERE doctor_id = $1',
      args,
    );
  },
};
