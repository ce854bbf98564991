/**
 * Logs Monitoring & Analysis (spec part 2 §7): the stats cards and the four lists (activity,
 * login history, system logs, security events), resolving a security event, and the super
 * admin's retention cleanup. No other route changes a log row.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import type { Config } from '../../config.js';
import { AppError } from '../../plugins/errors.js';
import { FORBIDDEN } from '../../plugins/access.js';
import { cleanupLogs } from '../../logs/retention.js';
import { facilityUser, iso, periodBounds, periodHours } from '../../logs/query.js';
import { errorResponse } from './schemas.js';
import { registerLogLists } from './log-lists.js';

export const MONITORING = { menus: ['/logs-monitoring'] };
/** The cleanup deletes logs: the super admin's alone (the menu manager's own menu, theirs only). */
export const CLEANUP_ACCESS = { menus: ['/menu-role-manager'] };
export const EVENT_NOT_FOUND = 'Security event tidak ditemukan';

const tags = ['logs'];
const heavy = { access: MONITORING, work: 'heavy' as const };

const statsSchema = {
  tags,
  summary: 'Counts of the four logs over a period (default 7d)',
  querystring: { type: 'object', properties: { period: { type: 'string', maxLength: 8 } } },
  response: { 400: errorResponse },
};

const resolveSchema = {
  tags,
  summary: 'Marks a security event resolved (who and when are kept); the only change a log allows',
  params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
  response: { 404: errorResponse },
};

/** Each count of the stats cards: [name, kind in log_hourly_counts, table, time column, condition]. */
const COUNTS: [name: string, kind: string, table: string, time: string, extra: string][] = [
  ['activities', 'activity', 'activity_logs', 'created_at', ''],
  ['logins', 'login', 'login_history', 'login_time', ''],
  ['successful', 'login_success', 'login_history', 'login_time', "AND status = 'SUCCESS'"],
  ['system_total', 'system', 'system_logs', 'created_at', ''],
  ['system_errors', 'system_error', 'system_logs', 'created_at', "AND level IN ('ERROR', 'CRITICAL')"],
  ['events', 'security', 'security_events', 'created_at', ''],
  ['unresolved', 'security_open', 'security_events', 'created_at', 'AND NOT is_resolved'],
];

export function registerLogMonitoringRoutes(app: FastifyInstance, db: Db, config: Config) {
  app.get('/api/logs/stats', { config: heavy, schema: statsSchema }, async (request) => {
    const { period } = request.query as { period?: string };
    return logStats(db, period, facilityUser(request)?.id);
  });
  registerLogLists(app, db, heavy);
  registerResolve(app, db);
  registerCleanup(app, db, config);
}

/** The stats cards: the four logs counted over the period, a facility user's own rows only. */
async function logStats(db: Db, period: string | undefined, ownId: number | undefined) {
  const hours = periodHours(period);
  // Each count: the full hours of the period from the hourly counts (migration 011), the
  // part-hour at its start from the log itself; a facility user's own rows from the log. The
  // bounds are read first and given as values, so that the planner plans only the log months
  // they fall in (planning every month of five logs would cost more than the counting).
  const { since: from, full_from } = await periodBounds(db, hours);
  const since = '$1::timestamptz';
  const fullFrom = '$2::timestamptz';
  const select = COUNTS.map(([name, kind, table, time, extra]) =>
    ownId !== undefined
      ? `(SELECT count(*) FROM ${table} WHERE ${time} >= ${since} ${extra} AND admin_id = $2)::int AS ${name}`
      : `((SELECT coalesce(sum(n), 0) FROM log_hourly_counts WHERE kind = '${kind}' AND hour >= ${fullFrom})
                + (SELECT count(*) FROM ${table} WHERE ${time} >= ${since} AND ${time} < ${fullFrom} ${extra}))::int AS ${name}`,
  ).join(',\n');
  const { rows } = await db.query(
    `SELECT ${select}`,
    ownId !== undefined ? [from, ownId] : [from, full_from],
  );
  const r = rows[0];
  return {
    period: period ?? '7d',
    activity: { total_activities: r.activities },
    login: { successful_logins: r.successful, total_logins: r.logins },
    system: { errors: r.system_errors, total_logs: r.system_total },
    security: { unresolved_events: r.unresolved, total_events: r.events },
  };
}

/** Resolving a security event: who and when are kept; the only change a log allows. */
function registerResolve(app: FastifyInstance, db: Db) {
  app.patch(
    '/api/logs/security-events/:id/resolve',
    { config: { access: MONITORING }, schema: resolveSchema },
    async (request) => {
      const { id } = request.params as { id: number };
      const admin = request.admin!;
      const { rows } = await db.query(
        `UPDATE security_events
            SET is_resolved = true, resolved_by = $2, resolved_by_username = $3, resolved_at = app_now()
          WHERE id = $1 AND ($4::int IS NULL OR admin_id = $4)
          RETURNING id, event_type, severity, description, email, ip_address, is_resolved, ${iso('created_at')},
                    resolved_by, resolved_by_username, ${iso('resolved_at')}`,
        [id, admin.id, admin.username, facilityUser(request)?.id ?? null],
      );
      if (!rows[0]) throw new AppError(404, EVENT_NOT_FOUND);
      return rows[0];
    },
  );
}

/** The super admin's cleanup of logs older than the retention, or than the months or days given. */
function registerCleanup(app: FastifyInstance, db: Db, config: Config) {
  const { retentionMonths, retentionDays } = config.logs;
  app.post(
    '/api/logs/cleanup',
    {
      config: { access: CLEANUP_ACCESS },
      schema: {
        tags,
        summary:
          `Drops the log months older than the retention (LOG_RETENTION_MONTHS, ${retentionMonths}` +
          `${retentionDays ? `; LOG_RETENTION_DAYS, ${retentionDays}` : ''}) or the months given, and deletes the rows ` +
          'older than the days given; super admin only',
        body: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: {
            months: { type: 'integer', minimum: 1, maximum: 120 },
            days: { type: 'integer', minimum: 1, maximum: 3650 },
          },
        },
        response: { 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const admin = request.admin!;
      if (admin.effectiveRole !== 'super_admin') throw new AppError(403, FORBIDDEN);
      const body = (request.body as { months?: number; days?: number } | null) ?? {};
      const retention = { months: body.months ?? retentionMonths, days: body.days ?? retentionDays };
      return cleanupLogs(db, app.logs, retention, { id: admin.id, username: admin.username });
    },
  );
}
