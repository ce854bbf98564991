/** A journey type is stored in capitals. */
import type { WriteHooks } from '../../server/resources/hooks/types.js';

export const journeyConfigHooks: WriteHooks = {
  async beforeWrite(ctx) {
    if (ctx.op === 'delete') return;
    if (typeof ctx.values.journey_type === 'string')
      ctx.values.journey_type = ctx.values.journey_type.toUpperCase();
  },
};
