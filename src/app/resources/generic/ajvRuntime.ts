/**
 * What the build-time validators (scripts/rjsf-validators.ts) call at run time: ajv's helpers
 * and the formats of ajv-formats, the server's. The generated code asks for them by the names
 * ajv gives them (`require("ajv/dist/runtime/ucs2length")`); this module answers for the
 * bundler, so no code is compiled in the page (the console's CSP has no 'unsafe-eval').
 */
import { fullFormats } from 'ajv-formats/dist/formats';
import ucs2length from 'ajv/dist/runtime/ucs2length';
import equal from 'ajv/dist/runtime/equal';

/** A CommonJS module's default export, however the bundler hands it over. */
const defaultOf = <T>(m: T | { default: T }): T =>
  typeof m === 'function' ? m : ((m as { default: T }).default ?? (m as T));

export const AJV_RUNTIME: Record<string, unknown> = {
  'ajv/dist/runtime/ucs2length': { default: defaultOf(ucs2length) },
  'ajv/dist/runtime/equal': { default: defaultOf(equal) },
  'ajv-formats/dist/formats': { fullFormats },
};
