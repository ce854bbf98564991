import schema from './schema.json';
import { defineResource, type JsonSchema } from '../../domain/resource';
import { userTexts } from './texts';

/** Master users: the app's accounts (spec part 2 §2 'Master Data - Users', §3 'User', §5). */
export const users = defineResource({
  name: 'master/users',
  table: 'users',
  schema: schema as JsonSchema,
  menus: ['/master/users'],
  menu: {
    group: 'master_data_group',
    icon: 'group',
    order: 40,
    roles: ['admin', 'super_admin'],
    label: { id: 'Pengguna', en: 'Users' },
  },
  texts: userTexts,
  search: ['name', 'email'],
  filters: ['verified'],
  rangeFilters: ['created_at'],
  defaultSort: { field: 'created_at', order: 'DESC' },
  // An import names the account it updates by its address (as stored: an export imports back).
  naturalKey: ['email'],
  sortable: ['name', 'email', 'created_at', 'id'],
  hashed: ['password'],
  recordRepresentation: 'name',
  // User info, email, status, services, created (spec part 2 §2).
  listColumns: ['name', 'email', 'verified', 'has_medicine_delivery', 'created_at'],
  columns: {
    name: { strong: true, secondary: 'id', label: 'columns.user_info' },
    id: { text: 'columns.id_line' },
    email: { label: 'columns.email' },
    verified: { colors: { true: 'success' }, icons: { true: 'verified' }, label: 'columns.status' },
    has_medicine_delivery: {
      colors: { true: 'info' },
      icons: { true: 'local_shipping' },
      label: 'columns.services',
    },
    created_at: { label: 'columns.created' },
  },
  dialog: [
    { title: 'sections.account', fields: ['name', 'email', 'password'] },
    { title: 'sections.status', fields: ['verified', 'has_medicine_delivery'] },
  ],
});
