import { describe, expect, it } from 'vitest';
import { id } from '../../i18n/id';
import { MENU, menuLeaves } from '../../src/domain/menu';
import { RESOURCES } from '../../src/resources';

const lookup = (messages: Record<string, any>, key: string) =>
  key.split('.').reduce<any>((node, part) => (node == null ? undefined : node[part]), messages);

// Resource names contain '/', so resources.<name>.* is looked up by the whole name.
const resourceMessages = (name: string) => (id.resources as Record<string, any>)[name];

describe('Indonesian product texts', () => {
  it('label every menu item and group', () => {
    const items = [...MENU, ...menuLeaves()];
    const missing = items
      .filter((item) => typeof lookup(id, item.labelKey) !== 'string')
      .map((i) => i.labelKey);
    expect(missing).toEqual([]);
  });

  it("keep the spec's menu labels, translated where the spec writes English", () => {
    const label = (path: string) => lookup(id, menuLeaves().find((l) => l.path === path)!.labelKey);
    expect(label('/dashboard')).toBe('Dashboard');
    expect(label('/patients')).toBe('Data Pasien');
    expect(label('/geographic')).toBe('Analisis Geografis');
    expect(label('/master/domain-config')).toBe('Konfigurasi Gateway');
  });

  it('label every field of every declared resource', () => {
    for (const decl of RESOURCES) {
      const fields = resourceMessages(decl.name)?.fields ?? {};
      const missing = Object.keys(decl.schema.properties ?? {}).filter((f) => typeof fields[f] !== 'string');
      expect(missing, decl.name).toEqual([]);
    }
  });

  it("keep the login screen's literal texts", () => {
    expect(id.app.login.title).toBe('Masuk');
    expect(id.app.login.submit).toBe('MASUK');
    expect(id.app.login.submitting).toBe('Masuk...');
    expect(id.app.login.forgot_password).toBe('Lupa Password?');
    expect(id.app.sidebar.logout).toBe('Keluar');
  });
});
