/**
 * An API key belongs to a sandbox facility within reach, whose name, code and type it shows; the
 * key and token are stored only sealed, a new key generated when none is given.
 */
import type { WriteHooks } from '../../server/resources/hooks/types.js';
import { generateApiKey } from '../../domain/sandbox.js';
import { sealedKey, sealedToken, secretKeyOf, secureRandom } from '../../server/simulation/secrets.js';
import {
  KEY_CHARACTERS,
  refuse,
  SIM_FACILITY_NOT_FOUND,
  withinReach,
} from '../../server/simulation/hooks.js';

export const simulatorApiKeyHooks: WriteHooks = {
  async beforeWrite(ctx) {
    if (ctx.op === 'delete') return;
    const { values, before, body } = ctx;
    const secretKey = secretKeyOf(ctx.request.server);
    const facility = await withinReach(
      ctx,
      'simulator_facilities',
      'id, name, facility_code, type, medical_facility_id',
      'simulasi_medical_facility_id',
      SIM_FACILITY_NOT_FOUND,
    );
    Object.assign(values, {
      medical_facility_id: facility.medical_facility_id,
      facility_name: facility.name,
      facility_code: facility.facility_code,
      facility_type: facility.type,
    });
    // A key sent back as it was shown (masked), or left out, stays as it is.
    const key = body.x_api_key;
    delete values.x_api_key;
    if (key && key !== before?.x_api_key && key.includes('*')) refuse('x_api_key', KEY_CHARACTERS);
    if (ctx.op === 'create' || (key && key !== before?.x_api_key)) {
      Object.assign(
        values,
        sealedKey(key || generateApiKey(facility.facility_code, secureRandom), secretKey),
      );
    }
    if ('token' in body) {
      delete values.token;
      if (body.token == null || body.token !== before?.token)
        Object.assign(values, sealedToken(body.token, secretKey));
    }
  },
};
