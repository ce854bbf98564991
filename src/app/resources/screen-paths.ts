import { RESOURCES } from '../../domain/resources';
import { MENU_PATHS } from '../../domain/menu';

/**
 * Screens whose menu path differs from their API path (the sandbox's /simulator/facilities is
 * the resource admin/simulator/facilities, /master/journey-config is admin/journey-config): the
 * menu path leads to the resource's screen. A declaration's first menu is its own screen.
 */
export const screenRedirects: Record<string, string> = Object.fromEntries(
  RESOURCES.filter((d) => d.menus[0] && d.menus[0] !== `/${d.name}` && MENU_PATHS.includes(d.menus[0])).map(
    (d) => [d.menus[0], `/${d.name}`],
  ),
);

/** The menu path that guards a resource's screen: its first menu, else /<resource>. */
export function screenPathOf(resource: string): string {
  const decl = RESOURCES.find((d) => d.name === resource);
  return decl?.menus[0] ?? `/${resource}`;
}
