/**
 * Wrong codes count toward the account's lockout like wrong passwords (config.login): the same
 * login-history rows and security events, the same block.
 */
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/db.js';
import type { Config } from '../../config.js';
import { LOGIN_BLOCKED, recentFailures, recordFailure, recordLoginHistory, type Attempt } from '../auth.js';

type Failures = Awaited<ReturnType<typeof recentFailures>>;

/** The recent failures, or null after answering 429 when the account or address is blocked. */
export async function refuseWhileBlocked(
  db: Db,
  config: Config,
  attempt: Attempt,
  reply: FastifyReply,
): Promise<Failures | null> {
  const before = await recentFailures(db, attempt, config.login.windowMinutes);
  const { maxFailuresPerAccount, maxFailuresPerIp } = config.login;
  if (before.by_email < maxFailuresPerAccount && before.by_ip < maxFailuresPerIp) return before;
  await recordLoginHistory(db, attempt, 'BLOCKED', null, 'too many failed attempts');
  reply.status(429).send({ error: LOGIN_BLOCKED, message: LOGIN_BLOCKED });
  return null;
}

/** A wrong code (or password) at a second step: a FAILED row and its security events. */
export async function countCodeFailure(
  db: Db,
  config: Config,
  attempt: Attempt,
  admin: { id: number; username: string },
  before: Failures,
  reason: string,
) {
  await recordLoginHistory(db, attempt, 'FAILED', admin, reason);
  await recordFailure(db, config, attempt, admin.id, before, 'code');
}
