import type { Db } from './db/db.js';
import { migrate } from './db/migrate.js';
import { ROLES, defaultMenuPaths } from '../domain/menu.js';

/** Migrations, then the role-to-menu matrix seeded from the defaults for roles that have none. */
export async function prepareDatabase(db: Db) {
  const applied = await migrate(db);
  for (const role of ROLES) {
    const { rows } = await db.query('SELECT 1 FROM role_menu_access WHERE role = $1 LIMIT 1', [role]);
    if (rows.length) continue;
    const paths = defaultMenuPaths(role);
    if (!paths.length) continue;
    await db.query(
      `INSERT INTO role_menu_access (role, menu_path) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
      [role, paths],
    );
  }
  return applied;
}
