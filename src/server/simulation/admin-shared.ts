export { errorResponse } from '../resources/route-schemas.js';

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
};

/**
 * The facility a medical_facility user is kept to (-1 when the account has none, so nothing
 * matches), or null for the other roles, which reach every facility's rows.
 */
export function ownFacility(request: {
  admin?: { effectiveRole: string; medical_facility_id: number | null };
}): number | null {
  if (request.admin?.effectiveRole !== 'medical_facility') return null;
  return request.admin.medical_facility_id ?? -1;
}
