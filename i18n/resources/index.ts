/**
 * Every resource's texts (title, field labels, filters, choices, empty state, the spec's
 * messages) under resources.<name> of each language, from each declaration's own (its
 * texts.ts), and the sidebar labels of the resources' menu entries.
 */
import { defineTexts } from './define';
import { CHILD_RESOURCES, RESOURCES } from '../../src/resources';
import { consoleNameOf, declaredMenuId } from '../../src/domain/menu';
import type { ResourceTexts } from '../../src/domain/resource';

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
    if (!d.texts) continue;
    texts[d.name] = d.texts[lang];
    if (consoleNameOf(d) !== d.name) texts[consoleNameOf(d)] = d.texts[lang];
  }
  return texts;
}

/** The sidebar labels of the resources' menu entries (ResourceDeclaration.menu), by menu id. */
export function declaredMenuLabels(lang: 'id' | 'en'): Record<string, string> {
  return Object.fromEntries(
    RESOURCES.filter((d) => d.menu).map((d) => [declaredMenuId(d), d.menu!.label[lang]]),
  );
}
