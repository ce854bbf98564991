import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { en } from '../../i18n/en';
import { id } from '../../i18n/id';

type Flat = Record<string, unknown>;

/** Flattens nested messages into `{ 'app.login.title': 'Masuk', ... }`. */
function flatten(obj: unknown, prefix = '', out: Flat = {}): Flat {
  if (obj !== null && typeof obj === 'object' && !Array.isArray(obj)) {
    for (const [key, value] of Object.entries(obj as Record<string, unknown>)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (value !== null && typeof value === 'object') flatten(value, path, out);
      else out[path] = value;
    }
  }
  return out;
}

const PLACEHOLDER = /%\{([^}]+)\}/g;
const PLURAL_SEPARATOR = ' |||| ';

const placeholders = (value: unknown): string =>
  typeof value === 'string'
    ? [...new Set([...value.matchAll(PLACEHOLDER)].map((m) => m[1]))].sort().join(',')
    : '';

// Resource names contain '/', which is fine: they are a single dotted segment here.
const idFlat = flatten({ app: id.app, resources: id.resources });
const enFlat = flatten({ app: en.app, resources: en.resources });
const idKeys = Object.keys(idFlat).sort();
const enKeys = Object.keys(enFlat).sort();

describe('English product texts (en.ts) vs Indonesian (id.ts)', () => {
  it('flattens a non-trivial key set', () => {
    expect(idKeys.length).toBeGreaterThan(50);
    expect(idKeys).toContain('app.login.title');
    expect(idKeys).toContain('resources.master/patients.choices.gender.L');
  });

  it('has every app.* and resources.* key of id', () => {
    const missing = idKeys.filter((k) => !(k in enFlat));
    expect(missing, `Missing keys in en:\n${missing.join('\n')}`).toEqual([]);
  });

  it('has no app.* or resources.* key that id lacks', () => {
    const extra = enKeys.filter((k) => !(k in idFlat));
    expect(extra, `Extra keys in en:\n${extra.join('\n')}`).toEqual([]);
  });

  it('only contains non-empty strings', () => {
    const bad = enKeys.filter((k) => typeof enFlat[k] !== 'string' || !String(enFlat[k]).trim());
    expect(bad, `Empty or non-string values:\n${bad.join('\n')}`).toEqual([]);
  });

  it('keeps the same %{placeholders} per key', () => {
    const mismatches = idKeys
      .filter((k) => k in enFlat && placeholders(idFlat[k]) !== placeholders(enFlat[k]))
      .map((k) => `${k}: id=[${placeholders(idFlat[k])}] en=[${placeholders(enFlat[k])}]`);
    expect(mismatches, `Placeholder mismatches:\n${mismatches.join('\n')}`).toEqual([]);
  });

  it("keeps the ' |||| ' plural separator where id has it", () => {
    const mismatches = idKeys.filter(
      (k) =>
        k in enFlat &&
        String(idFlat[k]).includes(PLURAL_SEPARATOR) !== String(enFlat[k]).includes(PLURAL_SEPARATOR),
    );
    expect(mismatches, `Plural form mismatches:\n${mismatches.join('\n')}`).toEqual([]);
  });

  it("keeps the spec's literal UI strings in Indonesian, and the product name in both", () => {
    expect(en.app.title).toBe(id.app.title);
    expect(id.app.login.title).toBe('Masuk');
    expect(id.app.login.submit).toBe('MASUK');
    expect(id.app.login.submitting).toBe('Masuk...');
    expect(id.app.login.forgot_password).toBe('Lupa Password?');
    expect(id.app.sidebar.logout).toBe('Keluar');
  });

  it('translates sign-in, sign-out and the menu into English', () => {
    expect(en.app.login.submitting).toBe('Signing in...');
    expect(en.app.sidebar.logout).toBe('Sign out');
    // A resource's entry is labelled by its declaration.
    expect((en.app.menu as Record<string, string>).master_patients).toBe('Patients');
    expect(en.app.menu.dashboard).toBe('Dashboard');
  });

  it('translates product texts into English', () => {
    expect((en.resources['master/patients'].choices as Record<string, unknown>).gender).toEqual({
      L: 'Male',
      P: 'Female',
    });
    expect(en.app.common.loading).toBe('Loading...');
    expect(en.resources['master/patients'].name).toBe('Patient |||| Patients');
  });
});

describe('English framework texts', () => {
  it("equal ra-language-english's ra namespace", () => {
    expect(en.ra).toEqual(englishMessages.ra);
  });
});
