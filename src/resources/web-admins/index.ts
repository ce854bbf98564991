import schema from './schema.json';
import { defineResource, type FieldErrors, type JsonSchema } from '../../domain/resource';
import { webAdminTexts } from './texts';

export const USERNAME_TAKEN = 'Username sudah digunakan oleh admin lain';
export const EMAIL_TAKEN = 'Email sudah digunakan oleh admin lain';
export const FACILITY_REQUIRED = 'Fasilitas kesehatan wajib dipilih untuk peran medical_facility';

/** The facility is asked for exactly when the role is medical_facility (spec part 2 §5). */
export const needsFacility = (record: Record<string, any>) => record.role === 'medical_facility';

export function validateWebAdmin(record: Record<string, any>): FieldErrors {
  if (needsFacility(record) && record.medical_facility_id == null) {
    return { medical_facility_id: FACILITY_REQUIRED };
  }
  return {};
}

/**
 * Master web admins (spec part 2 §2, §3, §5, §6): the console's accounts. The server adds what
 * a declaration cannot hold (its hooks.ts): nobody deletes or deactivates themselves, the last
 * active super admin stays one, and a deactivated, deleted or re-passworded admin's sessions end
 * at once.
 */
export const webAdmins = defineResource({
  name: 'master/web-admins',
  table: 'web_admins',
  schema: schema as JsonSchema,
  menus: ['/master/web-admins'],
  menu: {
    group: 'master_data_group',
    icon: 'manage_accounts',
    order: 80,
    roles: ['super_admin'],
    label: { id: 'Admin Web', en: 'Web Admins' },
  },
  texts: webAdminTexts,
  search: ['username', 'email', 'full_name'],
  filters: ['role', 'is_active'],
  defaultSort: { field: 'created_at', order: 'DESC' },
  // An import names the admin it updates by their address (as stored: an export imports back).
  naturalKey: ['email'],
  sortable: ['username', 'full_name', 'last_login', 'id'],
  hashed: ['password'],
  // The sign-in's own: two-factor secret and state (src/server/routes/two-factor), a temporary
  // password to be changed (src/server/routes/account/password-reset.ts).
  serverColumns: ['totp_secret', 'totp_enabled_at', 'totp_last_step', 'must_change_password'],
  // Username, email, full name, role badge, status, last login, created (spec part 2 §2): the role
  // filter offers every role but medical_facility; badges super_admin error, admin primary, staff info.
  listColumns: ['username', 'email', 'full_name', 'role', 'is_active', 'last_login', 'created_at'],
  columns: {
    username: { strong: true, label: 'columns.username' },
    email: { label: 'columns.email' },
    full_name: { label: 'columns.full_name' },
    role: { label: 'columns.role', colors: { super_admin: 'error', admin: 'primary', staff: 'info' } },
    is_active: { label: 'columns.status', colors: { true: 'success' } },
    last_login: { label: 'columns.last_login', empty: 'never' },
    created_at: { label: 'columns.created_at' },
  },
  // Every role, facility operators too (the old console's filter left them out: they could not
  // be listed by role).
  listFilters: ['role'],
  recordRepresentation: 'username',
  uniqueMessages: { username: USERNAME_TAKEN, email: EMAIL_TAKEN },
  visibleWhen: { medical_facility_id: needsFacility },
  validate: validateWebAdmin,
});
