/**
 * Server-side write hooks: rules a declaration (shared with the console) cannot hold because
 * they need the database, the signed-in admin or other rows (the last super admin, ending
 * sessions). A resource that needs them has a file of its own (here, or in its feature's folder)
 * and is listed in ../hooks.ts or registered through registerWriteHooks.
 *
 * Inside the write's transaction, in this order:
 *   1. `lockFirst`: rows to lock before the record itself, always in the same order, so two
 *      writes that check each other's rows wait for one another instead of deadlocking;
 *   2. the record is read and locked (update, delete), its version checked;
 *   3. `beforeWrite`: may refuse with an AppError (400/409 with field errors, in Indonesian)
 *      or change `values` (the columns about to be stored);
 *   4. the INSERT, UPDATE or DELETE and its activity-log row;
 *   5. `afterWrite`: more work that must land (or fail) with the write.
 */
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/db.js';
import type { AdminContext } from '../../plugins/access.js';

export type WriteOp = 'create' | 'update' | 'delete';

export interface WriteContext {
  tx: Tx;
  op: WriteOp;
  /** The stored record (update, delete), as the API answers it; null on create. */
  before: Record<string, any> | null;
  /**
   * The columns about to be stored (a secret as `<field>_hash`), changeable by beforeWrite.
   * Empty on delete.
   */
  values: Record<string, any>;
  /** The request body as validated (a blank secret already removed). */
  body: Record<string, any>;
  /** Who writes. */
  admin: AdminContext | undefined;
  request: FastifyRequest;
}

export interface WriteHooks {
  lockFirst?: (ctx: { tx: Tx; op: WriteOp; id: number | null }) => Promise<void>;
  beforeWrite?: (ctx: WriteContext) => Promise<void>;
  /** `after` is the stored record after the write (null on delete). */
  afterWrite?: (ctx: WriteContext & { after: Record<string, any> | null }) => Promise<void>;
}
