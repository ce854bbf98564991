/** A medical_facility user's own facility, preselected in a new record of the sandbox (spec part 2 §6). */
export const ownFacilityDefaults = (identity: Record<string, any>): Record<string, any> =>
  identity.role === 'medical_facility' && identity.medical_facility_id
    ? { medical_facility_id: identity.medical_facility_id }
    : {};
