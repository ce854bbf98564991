/**
 * Every resource's texts (title, field labels, filters, choices, empty state, the spec's
 * messages) under resources.<name> of each language, from each declaration's own (its
 * texts.ts), and the sidebar labels of the resources' menu entries.
 */
import { defineTexts } from './define';
import { CHILD_RESOURCES, RESOURCES } from '../../src/resources';
import { consoleNameOf, declaredMenuId } from '../../src/domain/menu';
import type { ResourceDeclaration, ResourceTexts } from '../../src/domain/resource';

/**
 * The facility picker of every form that links a facility (GET /api/admin/medical-facilities):
 * a list of facilities for pickers, not a resource of its own.
 */
const facilityOptionTexts = defineTexts({
  id: {
    name: 'Fasilitas Kesehatan |||| Fasilitas Kesehatan',
    fields: { name: 'Nama', type: 'Jenis' },
  },
  en: {
    name: 'Medical Facility |||| Medical Facilities',
    fields: { name: 'Name', type: 'Type' },
  },
});

/**
 * Each resource's texts, under its API name and, for a resource whose screen is at another path,
 * its console name too.
 */
export function resourceTexts(lang: 'id' | 'en'): Record<string, ResourceTexts> {
  const texts: Record<string, ResourceTexts> = { 'admin/medical-facilities': facilityOptionTexts[lang] };
  for (const d of [...RESOURCES, ...CHILD_RESOURCES]) {
    const own = withSchemaTitles(d, d.texts?.[lang] ?? {});
    texts[d.name] = own;
    if (consoleNameOf(d) !== d.name) texts[consoleNameOf(d)] = own;
  }
  return texts;
}

/**
 * A resource's texts with a label for every field: a field its texts do not name is labelled by
 * its schema's `title`, so a field added to a schema with its title reads right in both
 * languages until its texts name it.
 */
function withSchemaTitles(d: ResourceDeclaration, own: ResourceTexts): ResourceTexts {
  const fields = (own.fields ?? {}) as Record<string, string>;
  const titled = Object.entries(d.schema.properties ?? {}).filter(
    ([f, p]) => !(f in fields) && typeof p.title === 'string',
  );
  if (!titled.length) return own;
  return {
    ...own,
    fields: { ...Object.fromEntries(titled.map(([f, p]) => [f, p.title as string])), ...fields },
  };
}

/** The sidebar labels of the resources' menu entries (ResourceDeclaration.menu), by menu id. */
export function declaredMenuLabels(lang: 'id' | 'en'): Record<string, string> {
  return Object.fromEntries(
    RESOURCES.filter((d) => d.menu).map((d) => [declaredMenuId(d), d.menu!.label[lang]]),
  );
}
