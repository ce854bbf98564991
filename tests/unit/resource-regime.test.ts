/**
 * The sidebar, the default role matrix, the resources' console names and every resource's texts,
 * as they stood when each resource still stated them in four places (fixtures/resource-regime.json):
 * gathering them into the resources' own folders must change none of it.
 */
import { describe, expect, it } from 'vitest';
import expected from './fixtures/resource-regime.json';
import { MENU, consoleNameOf, defaultMenuPaths } from '../../src/domain/menu';
import { ROLES } from '../../src/domain/roles';
import { CHILD_RESOURCES, RESOURCES } from '../../src/resources';
import { patients } from '../../src/resources/patients';
import { dialogGroups, writableFields, type ResourceDeclaration } from '../../src/domain/resource';
import { id } from '../../i18n/id';
import { en } from '../../i18n/en';

/** Without undefined fields, as the fixture was written. */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('every resource declared once', () => {
  it('keeps the menu tree: ids, label keys, paths, icons, roles and order', () => {
    expect(plain(MENU)).toStrictEqual(expected.menu);
  });

  it('keeps the menu paths each role has by default', () => {
    for (const role of ROLES) expect(defaultMenuPaths(role)).toStrictEqual(expected.defaultMenuPaths[role]);
  });

  it('keeps the sidebar labels in both languages', () => {
    expect(plain(id.app.menu)).toStrictEqual(expected.menuLabels.id);
    expect(plain(en.app.menu)).toStrictEqual(expected.menuLabels.en);
  });

  it('keeps each resource at its console route and with its record representation', () => {
    expect(Object.fromEntries(RESOURCES.map((d) => [d.name, consoleNameOf(d)]))).toStrictEqual(
      expected.consoleNames,
    );
    expect(
      Object.fromEntries(
        [...RESOURCES, ...CHILD_RESOURCES].map((d) => [
          d.name,
          typeof d.recordRepresentation === 'function' ? '(function)' : (d.recordRepresentation ?? null),
        ]),
      ),
    ).toStrictEqual(expected.recordRepresentation);
  });

  it("keeps every resource's texts in both languages", () => {
    expect(plain(id.resources)).toStrictEqual(expected.resourceTexts.id);
    expect(plain(en.resources)).toStrictEqual(expected.resourceTexts.en);
  });

  it("keeps every resource's dialog: its groups, their titles and fields in order", () => {
    expect(
      plain(Object.fromEntries([...RESOURCES, ...CHILD_RESOURCES].map((d) => [d.name, dialogGroups(d)]))),
    ).toStrictEqual(expected.dialogs);
  });
});

describe('a resource is stated in its declaration', () => {
  it('gives every resource with a screen its menu entry and its texts in both languages', () => {
    for (const d of RESOURCES) {
      expect(d.menu, d.name).toBeDefined();
      expect(d.texts?.id.name, d.name).toBeTruthy();
      expect(d.texts?.en.name, d.name).toBeTruthy();
    }
  });

  it('offers each writable field in the dialog once, unless another input edits it', () => {
    for (const d of [...RESOURCES, ...CHILD_RESOURCES]) {
      const shown = dialogGroups(d).flatMap((g) => g.fields);
      expect(new Set(shown).size, d.name).toBe(shown.length);
      expect([...shown, ...(d.dialogOmit ?? [])].sort(), d.name).toEqual(writableFields(d).sort());
    }
  });

  it('puts a field added to the schema alone into the last group of the dialog', () => {
    const withField: ResourceDeclaration = {
      ...patients,
      schema: {
        ...patients.schema,
        properties: {
          ...patients.schema.properties,
          allergies: { type: ['string', 'null'], title: 'Alergi' },
        },
      },
    };
    const groups = dialogGroups(withField);
    expect(groups.map((g) => g.title)).toEqual(dialogGroups(patients).map((g) => g.title));
    expect(groups.at(-1)!.fields.at(-1)).toBe('allergies');
    expect(groups.slice(0, -1).flatMap((g) => g.fields)).not.toContain('allergies');
  });
});
