/**
 * Vite plugin: the JSON Schema validators of the console, generated at build time.
 *
 * The console runs under a Content-Security-Policy without 'unsafe-eval', where ajv's runtime
 * compile (`new Function`) is refused. So every schema the console checks is compiled here, by
 * ajv's standalone code generation (through @rjsf/validator-ajv8's own ajv setup: all errors,
 * ajv-formats as on the server), into plain JavaScript:
 *
 *   import { rootSchema, validateFns } from 'virtual:rjsf-validator/gateway-config';
 *   const validator = createPrecompiledValidator(validateFns, rootSchema);
 *
 * gives the rjsf form of schemas/<name>.json, and `virtual:rjsf-resource-validators` the checks
 * of every declared resource (src/resources) with a form per JSON-valued field. ajv's
 * run-time helpers and formats the code asks for come from src/app/resources/generic/ajvRuntime.ts.
 * A module is rebuilt whenever its schema file changes (dev server and build).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import { schemaParser, type RJSFSchema } from '@rjsf/utils';
import standaloneCode from 'ajv/dist/standalone/index.js';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import type { JsonSchema, ResourceDeclaration } from '../src/domain/resource';

const PREFIX = 'virtual:rjsf-validator/';
const RESOURCES_ID = 'virtual:rjsf-resource-validators';
const RUNTIME = path.resolve('src/app/resources/generic/ajvRuntime.ts');

/** 'gateway-config' → 'gatewayConfig': a name ajv can export a validator by. */
const exportName = (name: string) =>
  name.replace(/[^A-Za-z0-9]+([A-Za-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * ES module code exporting a validator for each schema (by its `$id`): of rjsf's forms, with
 * the parts rjsf validates on their own, and of other checks (`plain`, which may `$ref` a form);
 * the generated `require(...)` of ajv's helpers read ajvRuntime.
 */
export function compileValidators(forms: RJSFSchema[], plain: RJSFSchema[] = [], runtime = RUNTIME): string {
  const parts = [...Object.values(Object.assign({}, ...forms.map((s) => schemaParser(s)))), ...plain];
  const ajv = createAjvInstance(undefined, undefined, {
    code: { esm: true, lines: false, source: true },
    logger: false,
    // Errors without ajv's English text or their schema: the console words them itself
    // (describeAjvError), and the generated code is less than half as long.
    verbose: false,
    messages: false,
    schemas: parts as RJSFSchema[],
  });
  const code = standaloneCode(ajv).replace(/^"use strict";/, '');
  const known = new Set([
    'ajv/dist/runtime/ucs2length',
    'ajv/dist/runtime/equal',
    'ajv-formats/dist/formats',
  ]);
  const body = code.replace(/require\("([^"]+)"\)/g, (_, spec: string) => {
    if (!known.has(spec)) throw new Error(`rjsf validators: generated code needs ${spec} (ajvRuntime.ts)`);
    return `__ajvRuntime[${JSON.stringify(spec)}]`;
  });
  return `import { AJV_RUNTIME as __ajvRuntime } from ${JSON.stringify(runtime)};\n${body}\n`;
}

/** The validator module of schemas/<name>.json. */
export function validatorModule(schemaDir: string, name: string): { code: string; file: string } {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`rjsf validator: bad schema name ${name}`);
  const file = path.join(schemaDir, `${name}.json`);
  const schema = { ...JSON.parse(readFileSync(file, 'utf8')), $id: exportName(name) };
  return {
    file,
    code: `${compileValidators([schema])}export const rootSchema = ${JSON.stringify(schema)};\nexport const validateFns = { ${JSON.stringify(schema.$id)}: ${schema.$id} };\n`,
  };
}

/** Whether a JSON-valued field has a form: its schema names properties or items. */
export function hasJsonForm(prop: JsonSchema): boolean {
  const type = Array.isArray(prop.type) ? prop.type.find((t) => t !== 'null') : prop.type;
  return (type === 'object' && !!prop.properties) || (type === 'array' && !!prop.items);
}

/** What the console finds of a resource in the module: its validator's id, its fields' forms. */
export interface ResourceForms {
  id: string;
  fields: Record<string, RJSFSchema>;
}

/**
 * The checks of a resource's form: its writable fields (the form sends no other), each JSON
 * field with a form by reference to that form's own validator, so its code is generated once.
 */
function resourceSchemas(decl: ResourceDeclaration) {
  const id = `resource_${exportName(decl.name.replace(/\//g, '-'))}`;
  const { $schema: _s, $id: _id, ...schema } = decl.schema;
  const fields: Record<string, RJSFSchema> = {};
  const properties: Record<string, JsonSchema> = {};
  for (const [field, prop] of Object.entries(schema.properties ?? {})) {
    if (prop.readOnly) continue;
    if (!hasJsonForm(prop)) {
      properties[field] = prop;
      continue;
    }
    fields[field] = { ...prop, $id: `${id}__${exportName(field)}` } as RJSFSchema;
    properties[field] = { $ref: fields[field].$id } as JsonSchema;
  }
  const required = (schema.required ?? []).filter((k) => k in properties);
  return { id, fields, root: { ...schema, properties, required, $id: id } as RJSFSchema };
}

/** One module with the validators of every declared resource and of their JSON fields' forms. */
export function resourcesModule(resources: ResourceDeclaration[]): string {
  const roots: RJSFSchema[] = [];
  const fieldForms: RJSFSchema[] = [];
  const forms: Record<string, ResourceForms> = {};
  for (const decl of resources) {
    const { id, fields, root } = resourceSchemas(decl);
    roots.push(root);
    fieldForms.push(...Object.values(fields));
    forms[decl.name] = { id, fields };
  }
  const ids = [...roots, ...fieldForms].map((s) => s.$id!);
  return `${compileValidators(fieldForms, roots)}export const RESOURCE_FORMS = ${JSON.stringify(forms)};\nexport const validateFns = { ${ids.join(', ')} };\n`;
}

/**
 * The declared resources (src/resources), read through Vite as the console reads them, child
 * resources included: their dialogs check their forms too.
 */
export async function declaredResources(): Promise<ResourceDeclaration[]> {
  const { module } = await runnerImport<{
    RESOURCES: ResourceDeclaration[];
    CHILD_RESOURCES: ResourceDeclaration[];
  }>(path.resolve('src/resources/index.ts'), { configFile: false, logLevel: 'silent' });
  return [...module.RESOURCES, ...module.CHILD_RESOURCES];
}

export function rjsfValidators(schemaDir = path.resolve('schemas')): Plugin {
  return {
    name: 'rjsf-precompiled-validators',
    resolveId(id) {
      return id.startsWith(PREFIX) || id === RESOURCES_ID ? `\0${id}` : undefined;
    },
    async load(id) {
      if (id === `\0${RESOURCES_ID}`) return resourcesModule(await declaredResources());
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const { code, file } = validatorModule(schemaDir, id.slice(PREFIX.length + 1));
      this.addWatchFile(file);
      return code;
    },
  };
}
