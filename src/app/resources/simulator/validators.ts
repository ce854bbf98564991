/**
 * The rjsf validators of the sandbox's JSON fields, compiled from schemas/ at build time
 * (scripts/rjsf-validators.ts), so the console's CSP needs no unsafe-eval.
 */
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import * as operationalHours from 'virtual:rjsf-validator/simulator-operational-hours';
import * as services from 'virtual:rjsf-validator/simulator-services';
import * as workSchedule from 'virtual:rjsf-validator/simulator-work-schedule';
import * as journeySteps from 'virtual:rjsf-validator/journey-steps';
import * as createPatient from 'virtual:rjsf-validator/simulator-create-patient';

export interface JsonForm {
  schema: RJSFSchema;
  validator: ValidatorType;
}

const form = (m: typeof services): JsonForm => ({
  schema: m.rootSchema,
  validator: createPrecompiledValidator(m.validateFns, m.rootSchema),
});

export const SANDBOX_FORMS = {
  operational_hours: form(operationalHours),
  services: form(services),
  work_schedule: form(workSchedule),
  journey_steps: form(journeySteps),
  // The API Simulator's create-patient payload.
  create_patient: form(createPatient),
} as const;

export type SandboxJsonField = keyof typeof SANDBOX_FORMS;
