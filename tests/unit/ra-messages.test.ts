import { describe, it, expect } from 'vitest';
import englishMessages from 'ra-language-english';
import { raIndonesian } from '../../i18n/ra-id';

type Flat = Record<string, unknown>;

/** Flattens a nested messages object into `{ 'ra.action.save': 'Save', ... }`. */
function flatten(obj: unknown, prefix = '', out: Flat = {}): Flat {
  if (obj !== null && typeof obj === 'object' && !Array.isArray(obj)) {
    for (const [key, value] of Object.entries(obj as Record<string, unknown>)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (value !== null && typeof value === 'object') {
        flatten(value, path, out);
      } else {
        out[path] = value;
      }
    }
  }
  return out;
}

const PLACEHOLDER = /%\{([^}]+)\}/g;
const PLURAL_SEPARATOR = '||||';

function placeholders(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  return [...new Set([...value.matchAll(PLACEHOLDER)].map((m) => m[1]))].sort();
}

const en = flatten(englishMessages);
const id = flatten(raIndonesian);
const enKeys = Object.keys(en).sort();
const idKeys = Object.keys(id).sort();

describe('raIndonesian (ra-id.ts) vs ra-language-english', () => {
  it('loads a non-trivial English key set', () => {
    expect(enKeys.length).toBeGreaterThan(100);
    expect(enKeys).toContain('ra.action.save');
  });

  it('has every key of ra-language-english', () => {
    const missing = enKeys.filter((k) => !(k in id));
    expect(missing, `Missing keys in raIndonesian:\n${missing.join('\n')}`).toEqual([]);
  });

  it('has no key that ra-language-english lacks', () => {
    const extra = idKeys.filter((k) => !(k in en));
    expect(extra, `Extra keys in raIndonesian:\n${extra.join('\n')}`).toEqual([]);
  });

  it('only contains string values', () => {
    const nonString = idKeys.filter((k) => typeof id[k] !== 'string');
    expect(nonString, `Non-string values:\n${nonString.join('\n')}`).toEqual([]);
  });

  it('keeps exactly the same %{placeholders} as English for every key', () => {
    const mismatches = enKeys
      .filter((k) => k in id)
      .filter((k) => placeholders(en[k]).join(',') !== placeholders(id[k]).join(','))
      .map((k) => `${k}: en=[${placeholders(en[k]).join(', ')}] id=[${placeholders(id[k]).join(', ')}]`);
    expect(mismatches, `Placeholder mismatches:\n${mismatches.join('\n')}`).toEqual([]);
  });

  it('keeps the smart_count plural separator where English has it', () => {
    const mismatches = enKeys
      .filter((k) => k in id)
      .filter((k) => String(en[k]).includes(PLURAL_SEPARATOR) !== String(id[k]).includes(PLURAL_SEPARATOR));
    expect(mismatches, `Plural form mismatches:\n${mismatches.join('\n')}`).toEqual([]);
  });

  it('has no empty string value', () => {
    const empty = idKeys.filter((k) => id[k] === '');
    expect(empty, `Empty values:\n${empty.join('\n')}`).toEqual([]);
  });
});
