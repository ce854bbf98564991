/**
 * A sandbox patient belongs to a facility with a sandbox, whose name it shows; a new one without a
 * medical record number gets one; its name and NIK follow it onto its appointments.
 */
import type { WriteHooks } from '../../server/resources/hooks/types.js';
import { facilityNamed, nextMedicalRecordNumber } from '../../server/simulation/hooks.js';

export const simulatorPatientHooks: WriteHooks = {
  async beforeWrite(ctx) {
    await facilityNamed('facility_name').beforeWrite!(ctx);
    if (ctx.op === 'create' && !ctx.values.no_mr) ctx.values.no_mr = await nextMedicalRecordNumber(ctx.tx);
  },
  async afterWrite({ tx, op, after }) {
    if (op !== 'update' || !after) return;
    await tx.query(
      'UPDATE simulator_appointments SET patient_name = $2, patient_nik = $3 WHERE patient_id = $1',
      [after.id, after.name, after.nik],
    );
  },
};
