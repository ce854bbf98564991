import schema from './schema.json';
import { defineResource, type JsonSchema } from '../../domain/resource';
import { medicalFacilities } from '../medical-facilities';
import { facilityParamTexts } from './texts';

/**
 * A facility's parameters (spec part 1 §2 'Master facilities integrated', §7): type, value,
 * description and poli flag, below their facility on the integrated facilities screen.
 */
export const facilityParams = defineResource({
  name: 'master/medical-facilities/params',
  table: 'facility_params',
  schema: schema as JsonSchema,
  menus: medicalFacilities.menus,
  texts: facilityParamTexts,
  parent: { resource: medicalFacilities, column: 'medical_facility_id', param: 'facilityId', path: 'params' },
  search: [],
  filters: [],
  defaultSort: { field: 'id', order: 'ASC' },
});
