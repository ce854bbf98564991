import type { Identifier } from 'react-admin';
import { CHILD_RESOURCES, RESOURCES } from '../../resources';
import type { ResourceDeclaration } from '../../domain/resource';
import { consoleNameOf } from '../../domain/menu';

export { consoleNameOf };

const apiNames: Record<string, string> = Object.fromEntries(
  RESOURCES.map((d) => [consoleNameOf(d), d.name]).filter(([c, a]) => c !== a),
);

/**
 * The API path below /api of a console resource name (the same name where they agree). A child
 * resource's name is already its nested API path (childResourceOf).
 */
export const apiNameOf = (resource: string): string => apiNames[resource] ?? resource;

/**
 * The console resource of a child's records below one parent record: its nested API path
 * ('master/medical-facilities/12/params'), so the dataProvider's calls, with their If-Match,
 * go to /api/master/medical-facilities/12/params/:id, and each parent's records are cached apart.
 */
export function childResourceOf(decl: ResourceDeclaration, parentId: Identifier): string {
  if (!decl.parent) throw new Error(`${decl.name} is not a child resource`);
  return `${decl.parent.resource.name}/${parentId}/${decl.parent.path}`;
}

/** The menu path that guards a resource's screen: its first menu, else /<resource>. */
export function screenPathOf(resource: string): string {
  const decl = RESOURCES.find((d) => d.name === resource || consoleNameOf(d) === resource);
  return decl?.menus[0] ?? `/${resource}`;
}

/**
 * The resource a picker of `resource`'s records asks: the resource itself where the role may read
 * it (one of its menus), else its options (GET /api/<resource>/options: names only, offered to
 * the forms that pick its records), so a picker never calls what the role may not read.
 */
export function pickerResourceOf(resource: string, menus: readonly string[] | undefined): string {
  const decl = RESOURCES.find((d) => d.name === resource);
  if (!decl || !menus || decl.menus.some((m) => menus.includes(m))) return resource;
  return `${decl.name}/options`;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const streamNames = new Set(RESOURCES.flatMap((d) => [d.name, consoleNameOf(d)]));
const childPatterns = CHILD_RESOURCES.flatMap((d) =>
  d.parent
    ? [
        {
          re: new RegExp(`^${escapeRe(d.parent.resource.name)}/[^/]+/${escapeRe(d.parent.path)}$`),
          name: d.name,
        },
      ]
    : [],
);

/** The declaration's name the change stream uses for a console resource (a child's records: the child's), or null. */
function streamNameOf(resource: string): string | null {
  if (streamNames.has(resource)) return apiNameOf(resource);
  return childPatterns.find((c) => c.re.test(resource))?.name ?? null;
}

/**
 * A realtime topic under the console's resource names ('resource/patients/12') as the change
 * stream names it ('resource/master/patients/12'); other topics ('menu', 'figures') as they are.
 */
export function streamTopicOf(topic: string): string {
  if (!topic.startsWith('resource/')) return topic;
  const rest = topic.slice('resource/'.length);
  const whole = streamNameOf(rest);
  if (whole) return `resource/${whole}`;
  const cut = rest.lastIndexOf('/');
  const name = cut > 0 ? streamNameOf(rest.slice(0, cut)) : null;
  return name ? `resource/${name}/${rest.slice(cut + 1)}` : topic;
}
