/**
 * The roles of the console (spec part 1 §6) and what follows from a role alone: the role sets
 * menu entries are given by default, and the facility a medical_facility user is kept to. What
 * each role may open is the stored role-to-menu matrix (seeded from the menu's default roles);
 * the server computes a user's scope once per request from `facilityScopeOf`.
 */

export const ROLES = ['viewer', 'staff', 'admin', 'super_admin', 'medical_facility'] as const;
export type Role = (typeof ROLES)[number];

/** An unknown or missing role is treated as viewer. */
export function normalizeRole(role: unknown): Role {
  return (ROLES as readonly unknown[]).includes(role) ? (role as Role) : 'viewer';
}

/** The default role sets of menu entries (spec part 1 §6). */
export const ROLE_SETS = {
  /** Everyone signed in. */
  all: [...ROLES] as Role[],
  /** The staff items: everyone but viewers. */
  staff: ['staff', 'admin', 'super_admin', 'medical_facility'] as Role[],
  admins: ['admin', 'super_admin'] as Role[],
  /** Who runs facility data and the API simulator. */
  operators: ['admin', 'super_admin', 'medical_facility'] as Role[],
  superAdmin: ['super_admin'] as Role[],
} as const;

/** The role whose users see and change only their own facility's rows. */
export const FACILITY_ROLE: Role = 'medical_facility';

/**
 * The facility a user is kept to: their own for a medical_facility user (-1 when the account
 * has none, so that nothing matches), null for every other role, which reaches every facility.
 */
export function facilityScopeOf(user: { role: unknown; medical_facility_id?: number | null }): number | null {
  return normalizeRole(user.role) === FACILITY_ROLE ? (user.medical_facility_id ?? -1) : null;
}
