import type { Db } from './db/db.js';
import { migrate } from './db/migrate.js';
import { defaultMenuPaths, menuLeaves } from '../domain/menu.js';
import { ROLES } from '../domain/roles.js';
import { JAKARTA_AREAS } from '../domain/jakarta.js';
import { RESOURCES } from '../resources/index.js';
import { ensureListIndexes } from './resources/indexes.js';
import { rebuildStaleRollups } from './maintenance/rollups.js';
import { fillLogSummary } from './maintenance/log-summary.js';

/**
 * Migrations, the list indexes of the declared resources, rollups a bulk load left to rebuild,
 * the request-log summary of a database that had request logs before it (migration 030), DKI
 * Jakarta's areas (kept in step with src/domain/jakarta.ts), then the role-to-menu matrix: menu
 * paths it has never met granted to their default roles, and the defaults for roles that have
 * no row.
 * `behind`: a server on PostgreSQL leaves the list indexes, the rollups and the summary to its
 * maintenance, which does them once it serves (src/server/maintenance): on a city's tables they
 * take minutes.
 * `migrationsDir`: another set of migrations (a test of a migration itself).
 */
export async function prepareDatabase(
  db: Db,
  { behind = false, migrationsDir }: { behind?: boolean; migrationsDir?: string } = {},
) {
  const applied = await migrate(db, migrationsDir);
  if (!behind) {
    await ensureListIndexes(db, RESOURCES);
    await rebuildStaleRollups(db);
    await fillLogSummary(db);
  }
  await db.query(
    `INSERT INTO areas (code, name, level, parent_code, population, area_km2)
     SELECT * FROM jsonb_to_recordset($1::jsonb)
       AS a(code text, name text, level text, parent_code text, population int, area_km2 float8)
     ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, level = EXCLUDED.level,
       parent_code = EXCLUDED.parent_code, population = EXCLUDED.population, area_km2 = EXCLUDED.area_km2`,
    [JSON.stringify(JAKARTA_AREAS)],
  );
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
  await grantNewMenuPaths(db);
  return applied;
}

/**
 * Grants each menu path the matrix has never met (not in menu_paths_known, migration 020) to
 * the roles its menu entry names, and records it, in one transaction: once per path, whatever
 * a super admin changes later, and once however many processes start together. Returns the
 * paths granted.
 */
export async function grantNewMenuPaths(db: Db): Promise<string[]> {
  const leaves = menuLeaves();
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ menu_path: string }>(
      `INSERT INTO menu_paths_known (menu_path) SELECT unnest($1::text[])
       ON CONFLICT DO NOTHING RETURNING menu_path`,
      [leaves.map((l) => l.path!)],
    );
    for (const { menu_path } of rows) {
      const roles = leaves.find((l) => l.path === menu_path)!.roles;
      await tx.query(
        `INSERT INTO role_menu_access (role, menu_path) SELECT unnest($1::text[]), $2 ON CONFLICT DO NOTHING`,
        [roles, menu_path],
      );
    }
    return rows.map((r) => r.menu_path);
  });
}
