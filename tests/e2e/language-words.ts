/**
 * The two languages' own words, from the console's messages (i18n/id.ts with its ra-id.ts
 * framework messages, i18n/en.ts with ra-language-english). Only a message that is translated
 * (its two languages differ at the same key) lends its words: a message written the same in both
 * (a product name, a code, an abbreviation) belongs to neither. A word then belongs to one
 * language when the other's translated messages never use it.
 */
import { id } from '../../i18n/id';
import { en } from '../../i18n/en';

/** The words of a text: letters only, lower case, at least three of them. */
export const wordsOf = (text: string) =>
  (text.replace(/%\{\w+\}/g, ' ').match(/\p{L}{3,}/gu) ?? []).map((w) => w.toLowerCase());

type Tree = { [key: string]: unknown };

/** Every message, by its key path. */
function flatten(tree: unknown, prefix = '', out = new Map<string, string>()) {
  if (typeof tree === 'string') out.set(prefix, tree);
  else if (tree && typeof tree === 'object')
    for (const [k, v] of Object.entries(tree as Tree)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

/** Plural forms (' |||| ') count as separate texts. */
const textsOf = (message: string) => message.split(' |||| ');

export interface Dictionaries {
  /** Words only the Indonesian messages use. */
  id: Set<string>;
  /** Words only the English messages use. */
  en: Set<string>;
}

export function buildDictionaries(): Dictionaries {
  const ids = flatten(id);
  const ens = flatten(en);
  const words = { id: new Set<string>(), en: new Set<string>() };
  const add = (set: Set<string>, message: string) => {
    for (const text of textsOf(message)) for (const w of wordsOf(text)) set.add(w);
  };
  for (const [key, message] of ids) if (ens.get(key) !== message) add(words.id, message);
  for (const [key, message] of ens) if (ids.get(key) !== message) add(words.en, message);
  return {
    id: new Set([...words.id].filter((w) => !words.en.has(w))),
    en: new Set([...words.en].filter((w) => !words.id.has(w))),
  };
}

/** The words of a text that belong to the other language only, each once. */
export const foreignWords = (text: string, other: Set<string>, allowed: ReadonlySet<string>) => [
  ...new Set(wordsOf(withoutAddresses(text)).filter((w) => other.has(w) && !allowed.has(w))),
];

/**
 * Addresses are names in no language: e-mail and web addresses, a path ('/api/logs/stats'), a
 * placeholder of one ('{facility_code}') and an identifier ('has_medicine_delivery').
 */
const withoutAddresses = (text: string) =>
  text.replace(/\S+@\S+|\w+:\/\/\S+|(^|\s)\/\S*|\{\w+\}|\w+_\w+/g, ' ');
