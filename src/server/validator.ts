/**
 * The server's one JSON Schema validator: route bodies, query strings and parameters, import
 * rows and the JSON fields a hook checks are all validated by this Ajv, with the options the
 * API has always answered with (every error, defaults filled, undeclared properties dropped,
 * query strings coerced), so a row of an import is judged exactly as the same record sent to
 * the API. Each schema object is compiled once.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import propertiesSchema from '../../schemas/connection-properties.json';
import resourcesSchema from '../../schemas/connection-resources.json';
import gatewaySchema from '../../schemas/gateway-config.json';

const ajv = new Ajv({
  allErrors: true,
  useDefaults: true,
  removeAdditional: true,
  coerceTypes: 'array',
  // A field may be of several types (an object or its JSON text), as JSON Schema allows.
  allowUnionTypes: true,
  // A schema compiled for a route is not kept by its $id: two routes may embed the same one.
  addUsedSchema: false,
});
addFormats(ajv);

/** The JSON fields' own schemas (schemas/), by their $id: 'connection-properties', ... */
for (const schema of [propertiesSchema, resourcesSchema, gatewaySchema]) ajv.addSchema(schema);

const compiled = new WeakMap<object, ValidateFunction>();

/** The validator of a schema, compiled on first use and kept while the schema object lives. */
export function validatorOf(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** The validator of a JSON field's schema registered above, by its $id. */
export function jsonFieldValidator(id: string): ValidateFunction {
  const validate = ajv.getSchema(id);
  if (!validate) throw new Error(`no JSON field schema '${id}'`);
  return validate;
}

/** Fastify's validator compiler: every route's schemas go through the validator above. */
export const fastifyValidatorCompiler: FastifySchemaCompiler<object> = ({ schema }) => validatorOf(schema);
