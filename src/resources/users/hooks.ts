/**
 * Master users: the time an account was verified follows its verified flag. Turning the flag
 * on stamps email_verified_at (kept when it was already verified); turning it off clears it.
 */
import type { WriteHooks } from '../../server/resources/hooks/types.js';
import { nowDate } from '../../domain/clock.js';

export const userHooks: WriteHooks = {
  async beforeWrite({ op, before, values }) {
    if (op === 'delete' || !('verified' in values)) return;
    if (!values.verified) values.email_verified_at = null;
    else if (!before?.verified || !before.email_verified_at) values.email_verified_at = nowDate();
  },
};
