/** The resource's text keys (texts.ts). */
export const R = 'resources.admin/simulator-apikeys';

/** The two secrets a row shows masked. */
export type SecretField = 'x_api_key' | 'token';
