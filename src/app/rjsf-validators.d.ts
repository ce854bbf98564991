/** Build-time rjsf validators of schemas/<name>.json (scripts/rjsf-validators.ts). */
declare module 'virtual:rjsf-validator/*' {
  import type { RJSFSchema } from '@rjsf/utils';
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  export const rootSchema: RJSFSchema;
  export const validateFns: ValidatorFunctions;
}

/** Build-time validators of every declared resource and its JSON fields' forms (scripts/rjsf-validators.ts). */
declare module 'virtual:rjsf-resource-validators' {
  import type { RJSFSchema } from '@rjsf/utils';
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  /** By resource name: the id of its validator in validateFns, the forms of its JSON fields. */
  export const RESOURCE_FORMS: Record<string, { id: string; fields: Record<string, RJSFSchema> }>;
  export const validateFns: ValidatorFunctions;
}
