/**
 * The sidebar, the default role matrix, the resources' console names and every resource's texts,
 * as they stood when each resource still stated them in four places (fixtures/resource-regime.json):
 * gathering them into the resources' own folders must change none of it.
 */
import { describe, expect, it } from 'vitest';
import expected from './fixtures/resource-regime.json';
import { MENU, ROLES, consoleNameOf, defaultMenuPaths } from '../../src/domain/menu';
import { CHILD_RESOURCES, RESOURCES } from '../../src/resources';
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
        [...RESOURCES, ...CHILD_RESOURCES].map((d) => [d.name, d.recordRepresentation ?? null]),
      ),
    ).toStrictEqual(expected.recordRepresentation);
  });

  it("keeps every resource's texts in both languages", () => {
    expect(plain(id.resources)).toStrictEqual(expected.resourceTexts.id);
    expect(plain(en.resources)).toStrictEqual(expected.resourceTexts.en);
  });
});
