/**
 * A schedule's doctor is within reach and names it (name, specialization, facility); its poli is
 * one of that facility's.
 */
import type { WriteHooks } from '../../server/resources/hooks/types.js';
import { doctorOf, POLI_NOT_FOUND, refuse, valueOf } from '../../server/simulation/hooks.js';

export const simulatorScheduleHooks: WriteHooks = {
  async beforeWrite(ctx) {
    if (ctx.op === 'delete') return;
    const doctor = await doctorOf(ctx);
    Object.assign(ctx.values, {
      doctor_name: doctor.name,
      specialization: doctor.specialization,
      medical_facility_id: doctor.medical_facility_id,
    });
    const poly = valueOf(ctx, 'poly_code');
    if (poly && ('poly_code' in ctx.values || 'doctor_id' in ctx.values)) {
      const { rows } = await ctx.tx.query(
        'SELECT 1 FROM simulator_poli WHERE medical_facility_id = $1 AND poly_code = $2',
        [doctor.medical_facility_id, poly],
      );
      if (!rows[0]) refuse('poly_code', POLI_NOT_FOUND);
    }
  },
};
