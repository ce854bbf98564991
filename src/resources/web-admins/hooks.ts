/**
 * The rules of master web admins that need the database and the signed-in admin (spec part 2
 * §5, §6), enforced inside the write's transaction:
 *  - (a username or email already taken is the unique indexes' and the declaration's
 *    uniqueMessages: 409 on that field, the same for two creates racing for one name);
 *  - nobody deletes or deactivates their own account;
 *  - the last active super admin cannot be deleted, deactivated or given another role: the
 *    active super-admin rows are locked first (in id order) on every write, so two concurrent
 *    demotions of the last two wait for each other and the second one sees the first;
 *  - a deactivated, deleted or re-passworded admin's sessions end at once (deleted rows take
 *    their sessions along; a deactivation also ends them in the database's own trigger).
 * Only a medical_facility account keeps a facility. A new password follows the password rules
 * (at least 8 characters, not the email, not a common password).
 */
import { AppError } from '../../server/plugins/errors.js';
import { passwordProblemMessage } from '../../server/security/password-policy.js';
import type { WriteHooks } from '../../server/resources/hooks/types.js';

export { USERNAME_TAKEN, EMAIL_TAKEN } from './index.js';
export const CANNOT_DELETE_SELF = 'Anda tidak dapat menghapus akun Anda sendiri';
export const CANNOT_DEACTIVATE_SELF = 'Anda tidak dapat menonaktifkan akun Anda sendiri';
export const LAST_SUPER_ADMIN_DELETE = 'Super admin aktif terakhir tidak dapat dihapus';
export const LAST_SUPER_ADMIN_DEACTIVATE = 'Super admin aktif terakhir tidak dapat dinonaktifkan';
export const LAST_SUPER_ADMIN_ROLE = 'Peran super admin aktif terakhir tidak dapat diubah';

/** Refused: the reasons as the message (the console shows it as is), on their fields. */
const refuse = (status: number, errors: Record<string, string>): never => {
  throw new AppError(status, Object.values(errors).join('; '), errors);
};
/** A refused delete has no field to put the reason on. */
const refuseDelete = (status: number, message: string): never => {
  throw new AppError(status, message);
};

export const webAdminHooks: WriteHooks = {
  async lockFirst({ tx }) {
    await tx.query(
      `SELECT id FROM web_admins WHERE role = 'super_admin' AND is_active ORDER BY id FOR UPDATE`,
    );
  },

  async beforeWrite({ tx, op, before, values, body, admin }) {
    if (op !== 'delete' && typeof body.password === 'string') {
      const problem = await passwordProblemMessage(body.password, body.email ?? before?.email);
      if (problem) refuse(400, { password: problem });
    }
    if (op !== 'delete') {
      const role = values.role ?? before?.role;
      if (
        role !== 'medical_facility' &&
        (values.medical_facility_id != null || before?.medical_facility_id != null)
      ) {
        values.medical_facility_id = null;
      }
    }
    if (!before) return;

    const deleting = op === 'delete';
    const deactivating = values.is_active === false && before.is_active === true;
    if (admin && before.id === admin.id) {
      if (deleting) refuseDelete(400, CANNOT_DELETE_SELF);
      if (deactivating) refuse(400, { is_active: CANNOT_DEACTIVATE_SELF });
    }

    const demoting = values.role !== undefined && values.role !== 'super_admin';
    if (before.role === 'super_admin' && before.is_active && (deleting || deactivating || demoting)) {
      // The rows are locked (lockFirst): this count cannot change before the commit.
      const { rows } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM web_admins WHERE role = 'super_admin' AND is_active AND id <> $1`,
        [before.id],
      );
      if (rows[0].n === 0) {
        if (deleting) refuseDelete(409, LAST_SUPER_ADMIN_DELETE);
        if (deactivating) refuse(409, { is_active: LAST_SUPER_ADMIN_DEACTIVATE });
        refuse(409, { role: LAST_SUPER_ADMIN_ROLE });
      }
    }
  },

  async afterWrite({ tx, op, before, values, after, admin }) {
    if (op !== 'update' || !before) return;
    const passwordChanged = values.password_hash !== undefined;
    if (!passwordChanged && after?.is_active !== false) return;
    // An admin who changes their own password keeps the session they did it from.
    const keep = admin && admin.id === before.id && after?.is_active !== false ? admin.sessionId : null;
    await tx.query('DELETE FROM sessions WHERE admin_id = $1 AND id IS DISTINCT FROM $2', [before.id, keep]);
  },
};
