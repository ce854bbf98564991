import schema from './schema.json';
import { defineResource, type JsonSchema } from '../../domain/resource';
import { poliTexts } from './texts';

/**
 * Master poli (spec part 2 §2 'Data Master Poli', §3, §5): the clinics a facility's
 * appointments are booked into. The code is what other records refer to: fixed once created.
 */
export const poli = defineResource({
  name: 'master/poli',
  table: 'master_poli',
  schema: schema as JsonSchema,
  menus: ['/master/poli'],
  menu: {
    group: 'master_data_group',
    icon: 'meeting_room',
    order: 110,
    roles: ['admin', 'super_admin', 'medical_facility'],
    label: { id: 'Data Master Poli', en: 'Clinic Master Data' },
  },
  texts: poliTexts,
  search: ['poly_code', 'poly_name'],
  filters: ['is_bpjs_available'],
  defaultSort: { field: 'poly_code', order: 'ASC' },
  sortable: ['poly_name', 'created_at', 'id'],
  createOnly: ['poly_code'],
  naturalKey: ['poly_code'],
  // Code, name with its description, a BPJS chip and a status chip (spec part 2 §2, §3).
  listColumns: ['poly_code', 'poly_name', 'description', 'is_bpjs_available', 'is_active'],
  columns: {
    poly_code: { kind: 'code' },
    poly_name: { secondary: 'description' },
    is_bpjs_available: { label: 'columns.bpjs', colors: { true: 'success' } },
    is_active: { label: 'columns.status', colors: { true: 'primary' } },
  },
  recordRepresentation: 'poly_name',
});
