import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { validatorModule } from '../../scripts/rjsf-validators';
import { createPatientBody } from '../../src/server/simulation/patients';

/** The generated module's code, and the module as Vite serves it to the console. */
async function load(name: string) {
  const { code } = validatorModule(path.resolve('schemas'), name);
  return { code, mod: await import(/* @vite-ignore */ `virtual:rjsf-validator/${name}`) };
}

describe('build-time rjsf validators (the console CSP has no unsafe-eval)', () => {
  it.each([
    'connection-properties',
    'connection-resources',
    'gateway-config',
    'journey-steps',
    'simulator-create-patient',
  ])('%s: plain code, no runtime compile, no require', async (name) => {
    const { code, mod } = await load(name);
    expect(code).not.toMatch(/new Function|\beval\(|require\(/);
    expect(Object.keys(mod.validateFns)).toEqual([mod.rootSchema.$id]);
    expect(() => createPrecompiledValidator(mod.validateFns, mod.rootSchema)).not.toThrow();
  });

  it("the API Simulator's create-patient form asks for the fields the facility API takes", async () => {
    const { mod } = await load('simulator-create-patient');
    const body = createPatientBody as { required: string[]; properties: Record<string, any> };
    expect(mod.rootSchema.required).toEqual(body.required);
    expect(Object.keys(mod.rootSchema.properties).sort()).toEqual(Object.keys(body.properties).sort());
    expect(Object.keys(mod.rootSchema.properties.patientCompanion.properties).sort()).toEqual(
      Object.keys(body.properties.patientCompanion.properties).sort(),
    );
    const validator = createPrecompiledValidator(mod.validateFns, mod.rootSchema);
    const ok = { nik: '3171014101900002', name: 'Siti', gender: 'P', dateOfBirth: '1990-01-01' };
    expect(validator.validateFormData(ok, mod.rootSchema).errors).toEqual([]);
    expect(validator.validateFormData({ ...ok, nik: '123' }, mod.rootSchema).errors.length).toBeGreaterThan(
      0,
    );
  });

  it('the gateway config validator accepts a config and reports a wrong one on its field', async () => {
    const { mod } = await load('gateway-config');
    const validator = createPrecompiledValidator(mod.validateFns, mod.rootSchema);
    expect(
      validator.validateFormData({ enabled: true, new_base_url: 'https://gw.example.id' }, mod.rootSchema)
        .errors,
    ).toEqual([]);
    const bad = validator.validateFormData(
      { enabled: 'ya', new_base_url: 'ftp://x', extra: 1 },
      mod.rootSchema,
    );
    expect(bad.errors.map((e) => [e.property, e.name]).sort()).toEqual([
      ['', 'additionalProperties'],
      ['.enabled', 'type'],
      ['.new_base_url', 'pattern'],
    ]);
  });

  it('refuses a schema name that is not a plain file name', () => {
    expect(() => validatorModule(path.resolve('schemas'), '../package')).toThrow(/bad schema name/);
  });
});
