/**
 * Vite plugin: the JSON Schema validators of the console's rjsf forms, generated at build time.
 *
 * The console runs under a Content-Security-Policy without 'unsafe-eval', where ajv's runtime
 * compile (`new Function`) is refused. So each schema of schemas/ a form needs is compiled here,
 * by ajv's standalone code generation (through @rjsf/validator-ajv8's own ajv setup), into
 * plain JavaScript, and the console hands it to `createPrecompiledValidator`:
 *
 *   import { rootSchema, validateFns } from 'virtual:rjsf-validator/gateway-config';
 *   const validator = createPrecompiledValidator(validateFns, rootSchema);
 *
 * The module is rebuilt whenever the schema file changes (dev server and build). Generated
 * code may not `require` ajv's runtime helpers (a format or a Unicode-aware length would):
 * lengths count UTF-16 units, and the form schemas use patterns rather than formats.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';

const PREFIX = 'virtual:rjsf-validator/';
const RESOLVED = `\0${PREFIX}`;

/** 'gateway-config' → 'gatewayConfig': the export name ajv gives the schema's validator. */
const exportName = (name: string) =>
  name.replace(/[^A-Za-z0-9]+([A-Za-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The validator module of schemas/<name>.json. */
export function validatorModule(schemaDir: string, name: string): { code: string; file: string } {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`rjsf validator: bad schema name ${name}`);
  const file = path.join(schemaDir, `${name}.json`);
  const schema = { ...JSON.parse(readFileSync(file, 'utf8')), $id: exportName(name) };
  const code = compileSchemaValidatorsCode(schema, {
    ajvOptionsOverrides: { code: { esm: true, lines: false }, unicode: false, logger: false },
  });
  if (/\brequire\(/.test(code))
    throw new Error(
      `rjsf validator for ${name} needs ajv runtime helpers (a format?); use a pattern instead`,
    );
  return {
    file,
    code: `${code}\nexport const rootSchema = ${JSON.stringify(schema)};\nexport const validateFns = { ${JSON.stringify(schema.$id)}: ${schema.$id} };\n`,
  };
}

export function rjsfValidators(schemaDir = path.resolve('schemas')): Plugin {
  return {
    name: 'rjsf-precompiled-validators',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const { code, file } = validatorModule(schemaDir, id.slice(RESOLVED.length));
      this.addWatchFile(file);
      return code;
    },
  };
}
