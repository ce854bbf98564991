import { RESOURCES } from '../../resources';
import { consoleNameOf } from '../../domain/menu';

export { consoleNameOf };

const apiNames: Record<string, string> = Object.fromEntries(
  RESOURCES.map((d) => [consoleNameOf(d), d.name]).filter(([c, a]) => c !== a),
);

/** The API path below /api of a console resource name (the same name where they agree). */
export const apiNameOf = (resource: string): string => apiNames[resource] ?? resource;

/** The menu path that guards a resource's screen: its first menu, else /<resource>. */
export function screenPathOf(resource: string): string {
  const decl = RESOURCES.find((d) => d.name === resource || consoleNameOf(d) === resource);
  return decl?.menus[0] ?? `/${resource}`;
}
