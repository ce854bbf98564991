import schema from './schema.json';
import { defineResource, type JsonSchema } from '../../domain/resource';
import { emergencyTexts } from './texts';

/** Master emergencies (spec part 1 §2 'Master emergencies', §3 'Emergency record', §5, §7). */
export const emergencies = defineResource({
  name: 'master/emergencies',
  table: 'emergencies',
  schema: schema as JsonSchema,
  menus: ['/master/emergencies'],
  menu: {
    group: 'master_data_group',
    icon: 'emergency',
    order: 10,
    roles: ['admin', 'super_admin', 'medical_facility'],
    label: { id: 'Data Darurat', en: 'Emergencies' },
  },
  texts: emergencyTexts,
  search: ['fullname', 'phone'],
  searchPrefix: ['phone'],
  filters: [],
  defaultSort: { field: 'created_at', order: 'DESC' },
  sortable: ['fullname', 'accuracy', 'created_at', 'id'],
  recordRepresentation: 'fullname',
  // Patient Info, Contact, Location (six decimals), Accuracy ('± N m'), Created (spec part 1 §2).
  listColumns: ['fullname', 'phone', 'latitude', 'accuracy', 'created_at'],
  columns: {
    fullname: { strong: true, label: 'columns.patient_info' },
    phone: { label: 'columns.contact' },
    latitude: { kind: 'coordinates', pair: 'longitude', label: 'columns.location' },
    accuracy: { prefix: '± ', suffix: ' m', label: 'columns.accuracy' },
    created_at: { label: 'columns.created' },
  },
});
