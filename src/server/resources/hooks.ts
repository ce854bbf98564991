/**
 * The write hooks of each resource, by resource name (the rules are in hooks/types.ts): each
 * resource's hooks.ts in its folder (src/resources/<name>/), imported only here. The engine's
 * own resources are listed here; a feature registers those of its resources when the
 * app registers the feature (the sandbox's in simulation/index.ts).
 */
import { webAdminHooks } from '../../resources/web-admins/hooks.js';
import { userHooks } from '../../resources/users/hooks.js';
import { medicalFacilityHooks } from '../../resources/medical-facilities/hooks.js';
import { facilityConnectionHooks } from '../../resources/facility-connections/hooks.js';
import type { WriteHooks } from './hooks/types.js';

export type { WriteContext, WriteHooks, WriteOp } from './hooks/types.js';

const WRITE_HOOKS: Record<string, WriteHooks> = {
  'master/web-admins': webAdminHooks,
  'master/users': userHooks,
  'master/medical-facilities': medicalFacilityHooks,
  'master/medical-facilities/connections': facilityConnectionHooks,
};

/** Adds (or replaces) the hooks of these resources. */
export function registerWriteHooks(hooks: Record<string, WriteHooks>) {
  Object.assign(WRITE_HOOKS, hooks);
}

export const writeHooksOf = (name: string): WriteHooks => WRITE_HOOKS[name] ?? {};
