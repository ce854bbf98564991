/**
 * The rule of the integrated facilities (spec part 1 §4, §5, §7) that a declaration cannot
 * hold: a medical_facility user edits their own facility but neither adds facilities nor
 * removes theirs (another facility is out of their reach: the engine answers 404 for it).
 */
import { AppError } from '../../server/plugins/errors.js';
import type { WriteHooks } from '../../server/resources/hooks/types.js';

export const FACILITY_USER_CANNOT = 'Akun fasilitas kesehatan hanya dapat mengubah data fasilitasnya sendiri';

export const medicalFacilityHooks: WriteHooks = {
  async beforeWrite({ op, admin }) {
    if (op !== 'update' && admin && admin.facilityScope !== null)
      throw new AppError(403, FACILITY_USER_CANNOT);
  },
};
