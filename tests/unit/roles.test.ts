import { describe, expect, it } from 'vitest';
import webAdminSchema from '../../src/resources/web-admins/schema.json';
import { facilityScopeOf, normalizeRole, ROLE_SETS, ROLES } from '../../src/domain/roles';
import { MENU, menuLeaves } from '../../src/domain/menu';

describe('roles', () => {
  it('a web admin can be given exactly the roles the console knows', () => {
    expect([...webAdminSchema.properties.role.enum].sort()).toEqual([...ROLES].sort());
    expect(ROLES).toContain(webAdminSchema.properties.role.default);
  });

  it('every default role set and every menu entry names known roles only', () => {
    for (const set of Object.values(ROLE_SETS)) for (const r of set) expect(ROLES).toContain(r);
    for (const leaf of menuLeaves(MENU)) for (const r of leaf.roles) expect(ROLES).toContain(r);
  });

  it('a facility user is kept to their facility, nobody else to one', () => {
    expect(facilityScopeOf({ role: 'medical_facility', medical_facility_id: 7 })).toBe(7);
    // Without a facility of their own they match no row rather than every row.
    expect(facilityScopeOf({ role: 'medical_facility', medical_facility_id: null })).toBe(-1);
    for (const role of ['viewer', 'staff', 'admin', 'super_admin', 'nonsense', undefined])
      expect(facilityScopeOf({ role, medical_facility_id: 7 })).toBeNull();
    expect(normalizeRole('nonsense')).toBe('viewer');
  });
});
