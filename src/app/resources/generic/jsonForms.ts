/**
 * The forms of the console's JSON fields: each a JSON Schema and its rjsf validator, compiled at
 * build time (scripts/rjsf-validators.ts), so the console's CSP needs no 'unsafe-eval'. A declared
 * resource's JSON field has the form of its schema; a few JSON values that are no resource's
 * field (an integration connection's, the API Simulator's payload) have a schema file of their own.
 */
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { RESOURCE_FORMS, validateFns as resourceFns } from 'virtual:rjsf-resource-validators';
import * as connectionProperties from 'virtual:rjsf-validator/connection-properties';
import * as connectionResources from 'virtual:rjsf-validator/connection-resources';
import * as gatewayConfig from 'virtual:rjsf-validator/gateway-config';
import * as createPatient from 'virtual:rjsf-validator/simulator-create-patient';

export interface JsonForm {
  schema: RJSFSchema;
  validator: ValidatorType;
}

const formOf = (validateFns: ValidatorFunctions, schema: RJSFSchema): JsonForm => ({
  schema,
  validator: createPrecompiledValidator(validateFns, schema),
});
const fileForm = (m: typeof gatewayConfig) => formOf(m.validateFns, m.rootSchema);

/** JSON values with a schema file of their own (schemas/<name>.json). */
export const SCHEMA_FORMS = {
  'connection-properties': fileForm(connectionProperties),
  'connection-resources': fileForm(connectionResources),
  'gateway-config': fileForm(gatewayConfig),
  // The API Simulator's create-patient payload.
  'simulator-create-patient': fileForm(createPatient),
} as const;

const resourceForms = new Map<string, JsonForm | null>();

/**
 * The form of a declared resource's JSON field, when its schema names properties or items;
 * null for free JSON (edited as JSON text only).
 */
export function resourceJsonForm(resource: string, field: string): JsonForm | null {
  const key = `${resource}\n${field}`;
  if (!resourceForms.has(key)) {
    const schema = RESOURCE_FORMS[resource]?.fields[field];
    resourceForms.set(key, schema ? formOf(resourceFns, schema) : null);
  }
  return resourceForms.get(key)!;
}
