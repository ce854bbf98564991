import schema from '../../../schemas/user.json';
import { defineResource, type JsonSchema } from '../resource';

/** Master users: the app's accounts (spec part 2 §2 'Master Data - Users', §3 'User', §5). */
export const users = defineResource({
  name: 'master/users',
  table: 'users',
  schema: schema as JsonSchema,
  menus: ['/master/users'],
  search: ['name', 'email'],
  filters: ['verified'],
  defaultSort: { field: 'created_at', order: 'DESC' },
  sortable: ['name', 'email', 'created_at', 'id'],
  hashed: ['password'],
  recordRepresentation: 'name',
});
