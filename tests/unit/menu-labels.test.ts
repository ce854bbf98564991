import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { id } from '../../i18n/id';
import { MENU, type MenuItem } from '../../src/domain/menu';

const lookup = (messages: Record<string, unknown>, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      messages,
    );

/** Every node of the menu tree, groups and their children, at any depth. */
const allItems = (items: MenuItem[]): MenuItem[] =>
  items.flatMap((item) => [item, ...(item.submenu ? allItems(item.submenu) : [])]);

/**
 * What a screen shows when a label is missing or was never written: the key itself, or the id
 * with its underscores turned into spaces ('performance analytics').
 */
const placeholderForms = (item: MenuItem) => [
  item.labelKey,
  item.id,
  item.id.replace(/_/g, ' '),
  item.labelKey.split('.').pop()!.replace(/_/g, ' '),
];

describe.each([
  ['id', id],
  ['en', en],
] as const)('menu labels (%s)', (_, messages) => {
  const items = allItems(MENU);

  it('cover the whole menu tree (groups and leaves)', () => {
    expect(items.length).toBeGreaterThan(MENU.length);
    expect(items.filter((i) => i.submenu).length).toBeGreaterThan(0);
  });

  it.each(items.map((item) => [item.labelKey, item] as const))('%s has a written label', (_key, item) => {
    const label = lookup(messages, item.labelKey);
    expect(typeof label, `${item.labelKey} is missing`).toBe('string');
    const text = (label as string).trim();
    expect(text.length).toBeGreaterThan(0);
    // A label, not a stand-in made from the key.
    expect(placeholderForms(item)).not.toContain(text);
    // Labels start with a capital letter, as every label of the sidebar.
    expect(text, `${item.labelKey}: '${text}'`).toMatch(/^\p{Lu}/u);
  });
});
