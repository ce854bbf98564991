/** Shapes shared by the two-factor routes. */
export { errorSchema, userSchema } from '../auth.js';

/** A six-digit code ('123 456' too) or a recovery code ('xxxxx-xxxxx'). */
export const codeField = { type: 'string', minLength: 6, maxLength: 32 } as const;
