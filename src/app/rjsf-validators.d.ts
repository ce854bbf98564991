/** Build-time rjsf validators of schemas/<name>.json (scripts/rjsf-validators.ts). */
declare module 'virtual:rjsf-validator/*' {
  import type { RJSFSchema } from '@rjsf/utils';
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  export const rootSchema: RJSFSchema;
  export const validateFns: ValidatorFunctions;
}
