/** The resource's text keys (i18n/resources/simulator-api-keys.ts). */
export const R = 'resources.admin/simulator-apikeys';

/** The two secrets a row shows masked. */
export type SecretField = 'x_api_key' | 'token';
