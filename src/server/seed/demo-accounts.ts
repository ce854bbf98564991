/** The demo accounts, one per role, and the facility the facility operator works for. */
export const DEMO_ACCOUNTS = [
  {
    username: 'superadmin',
    email: 'superadmin@demo.local',
    full_name: 'Super Admin Demo',
    role: 'super_admin',
  },
  { username: 'admin', email: 'admin@demo.local', full_name: 'Admin Demo', role: 'admin' },
  { username: 'staff', email: 'staff@demo.local', full_name: 'Staf Demo', role: 'staff' },
  { username: 'viewer', email: 'viewer@demo.local', full_name: 'Viewer Demo', role: 'viewer' },
  {
    username: 'faskes',
    email: 'faskes@demo.local',
    full_name: 'Operator Faskes Demo',
    role: 'medical_facility',
  },
] as const;

/** The demo account of each role, by role. */
export const DEMO_EMAIL_BY_ROLE = Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.role, a.email])) as {
  [A in (typeof DEMO_ACCOUNTS)[number] as A['role']]: A['email'];
};

/** The facility the demo medical_facility account works for. */
export const DEMO_FACILITY_NAME = 'Puskesmas Kecamatan Gambir';
