/**
 * The rjsf validators of the connection's JSON fields, compiled from schemas/ at build time
 * (scripts/rjsf-validators.ts): the console's CSP forbids the `new Function` ajv needs at runtime.
 */
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import * as properties from 'virtual:rjsf-validator/connection-properties';
import * as resources from 'virtual:rjsf-validator/connection-resources';
import * as gateway from 'virtual:rjsf-validator/gateway-config';

export type JsonFieldName = 'properties' | 'resources' | 'gateway_config';

export const JSON_FORMS: Record<JsonFieldName, { schema: RJSFSchema; validator: ValidatorType }> = {
  properties: {
    schema: properties.rootSchema,
    validator: createPrecompiledValidator(properties.validateFns, properties.rootSchema),
  },
  resources: {
    schema: resources.rootSchema,
    validator: createPrecompiledValidator(resources.validateFns, resources.rootSchema),
  },
  gateway_config: {
    schema: gateway.rootSchema,
    validator: createPrecompiledValidator(gateway.validateFns, gateway.rootSchema),
  },
};
