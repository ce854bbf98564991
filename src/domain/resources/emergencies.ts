import schema from '../../../schemas/emergency.json';
import { defineResource, type JsonSchema } from '../resource';

/** Master emergencies (spec part 1 §2 'Master emergencies', §3 'Emergency record', §5, §7). */
export const emergencies = defineResource({
  name: 'master/emergencies',
  table: 'emergencies',
  schema: schema as JsonSchema,
  menus: ['/master/emergencies'],
  search: ['fullname', 'phone'],
  searchPrefix: ['phone'],
  filters: [],
  defaultSort: { field: 'created_at', order: 'DESC' },
  sortable: ['fullname', 'accuracy', 'created_at', 'id'],
  recordRepresentation: 'fullname',
});
