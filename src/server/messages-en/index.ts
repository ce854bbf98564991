/**
 * The server's answers in English: every Indonesian message it can send (src/server and the
 * resources' hooks), whole or as a template with its parameters, over the shared table of
 * src/resources/messages-en.ts. A caller that prefers English reads them in English
 * (plugins/language.ts); Indonesian stays the default.
 */
import { englishWith, fieldErrorsToEnglish, templateMatcher } from '../../resources/messages-en.js';
import { ACCESS_WHOLE } from './access.js';
import { GENERAL_WHOLE, generalTemplates } from './general.js';
import { IMPORT_WHOLE, importTemplates, jobErrorInEnglish, labelsInEnglish } from './imports.js';
import { INTEGRATION_WHOLE, integrationTemplates } from './integration.js';

const WHOLE = new Map<string, string>([
  ...ACCESS_WHOLE,
  ...GENERAL_WHOLE,
  ...IMPORT_WHOLE,
  ...INTEGRATION_WHOLE,
]);

const translate = (text: string): string => serverToEnglish(text);
const TEMPLATES = [
  ...generalTemplates(translate),
  ...importTemplates(translate),
  ...integrationTemplates(translate),
].map(templateMatcher);

function serverOne(text: string): string | null {
  const whole = WHOLE.get(text);
  if (whole !== undefined) return whole;
  for (const match of TEMPLATES) {
    const found = match(text);
    if (found !== null) return found;
  }
  return null;
}

/** A message of the server in English (else as it is). */
export const serverToEnglish: (text: string) => string = englishWith(serverOne);

/** Each field's message in English. */
export const serverFieldErrorsToEnglish = <T extends Record<string, unknown>>(errors: T): T =>
  fieldErrorsToEnglish(errors, serverToEnglish);

/** An import job's error in English (its missing columns by its resource's English headers). */
export const jobErrorToEnglish = (error: string, resource: string) =>
  jobErrorInEnglish(error, resource, serverToEnglish);

/** A field's Indonesian header in English, by its resource's texts (else as it is). */
export const fieldLabelToEnglish = (label: string, resource: string) => labelsInEnglish(label, resource);
