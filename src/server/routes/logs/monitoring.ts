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
import { facilityUser, iso, logPage, periodHours, Where, type PageQuery } from '../../logs/query.js';
import { errorResponse, pageProps, LEVELS, CATEGORIES, SEVERITIES, EVENT_TYPES } from './schemas.js';

export const MONITORING = { menus: ['/logs-monitoring'] };
/** The cleanup deletes logs: the super admin's alone (the menu manager's own menu, theirs only). */
export const CLEANUP_ACCESS = { menus: ['/menu-role-manager'] };
export const EVENT_NOT_FOUND = 'Security event tidak ditemukan';

type Q = PageQuery & Record<string, string | number | boolean | undefined>;
const dates = { start_date: { type: 'string', maxLength: 40 }, end_date: { type: 'string', maxLength: 40 } };

export function registerLogMonitoringRoutes(app: FastifyInstance, db: Db, config: Config) {
  const tags = ['logs'];
  const config_ = { access: MONITORING, work: 'heavy' as const };

  app.get(
    '/api/logs/stats',
    {
      config: config_,
      schema: {
        tags,
        summary: 'Counts of the four logs over a period (default 7d)',
        querystring: { type: 'object', properties: { period: { type: 'string', maxLength: 8 } } },
        response: { 400: errorResponse },
      },
    },
    async (request) => {
      const { period } = request.query as { period?: string };
      const hours = periodHours(period);
      const me = facilityUser(request);
      // Each count: the full hours of the period from the hourly counts (migration 011), the
      // part-hour at its start from the log itself; a facility user's own rows from the log.
      const counts: [name: string, kind: string, table: string, time: string, extra: string][] = [
        ['activities', 'activity', 'activity_logs', 'created_at', ''],
        ['logins', 'login', 'login_history', 'login_time', ''],
        ['successful', 'login_success', 'login_history', 'login_time', "AND status = 'SUCCESS'"],
        ['system_total', 'system', 'system_logs', 'created_at', ''],
        ['system_errors', 'system_error', 'system_logs', 'created_at', "AND level IN ('ERROR', 'CRITICAL')"],
        ['events', 'security', 'security_events', 'created_at', ''],
        ['unresolved', 'security_open', 'security_events', 'created_at', 'AND NOT is_resolved'],
      ];
      const since = 'app_now() - make_interval(hours => $1)';
      const fullFrom = `date_trunc('hour', ${since}) + interval '1 hour'`;
      const select = counts
        .map(([name, kind, table, time, extra]) =>
          me
            ? `(SELECT count(*) FROM ${table} WHERE ${time} >= ${since} ${extra} AND admin_id = $2)::int AS ${name}`
            : `((SELECT coalesce(sum(n), 0) FROM log_hourly_counts WHERE kind = '${kind}' AND hour >= ${fullFrom})
                + (SELECT count(*) FROM ${table} WHERE ${time} >= ${since} AND ${time} < ${fullFrom} ${extra}))::int AS ${name}`,
        )
        .join(',\n');
      const { rows } = await db.query(`SELECT ${select}`, me ? [hours, me.id] : [hours]);
      const r = rows[0];
      return {
        period: period ?? '7d',
        activity: { total_activities: r.activities },
        login: { successful_logins: r.successful, total_logins: r.logins },
        system: { errors: r.system_errors, total_logs: r.system_total },
        security: { unresolved_events: r.unresolved, total_events: r.events },
      };
    },
  );

  app.get(
    '/api/logs/activity',
    {
      config: config_,
      schema: {
        tags,
        querystring: {
          type: 'object',
          properties: {
            ...pageProps,
            user_id: { type: 'integer', minimum: 1 },
            action: { type: 'string', enum: ['CREATE', 'UPDATE', 'DELETE', 'VIEW'] },
            table_name: { type: 'string', maxLength: 100 },
            ...dates,
          },
        },
        response: { 400: errorResponse },
      },
    },
    async (request) => {
      const q = request.query as Q;
      const me = facilityUser(request);
      const where = new Where()
        .add((p) => `admin_id = ${p}`, me?.id)
        .add((p) => `admin_id = ${p}`, q.user_id)
        .add((p) => `action = ${p}`, q.action)
        .add((p) => `table_name = ${p}`, q.table_name)
        .range('created_at', q.start_date as string, q.end_date as string, ['start_date', 'end_date']);
      return logPage(db, {
        table: 'activity_logs',
        time: 'created_at',
        where,
        query: q,
        select: `id, admin_id AS user_id, username, action, table_name, record_id, ip_address, user_agent,
                 response_status, ${iso('created_at')}, old_values::text AS old_values,
                 new_values::text AS new_values, details::text AS details`,
      });
    },
  );

  app.get(
    '/api/logs/login-history',
    {
      config: config_,
      schema: {
        tags,
        querystring: {
          type: 'object',
          properties: {
            ...pageProps,
            user_id: { type: 'integer', minimum: 1 },
            status: { type: 'string', enum: ['SUCCESS', 'FAILED', 'BLOCKED'] },
            ...dates,
          },
        },
        response: { 400: errorResponse },
      },
    },
    async (request) => {
      const q = request.query as Q;
      const me = facilityUser(request);
      const where = new Where()
        .add((p) => `admin_id = ${p}`, me?.id)
        .add((p) => `admin_id = ${p}`, q.user_id)
        .add((p) => `status = ${p}`, q.status)
        .range('login_time', q.start_date as string, q.end_date as string, ['start_date', 'end_date']);
      return logPage(db, {
        table: 'login_history',
        time: 'login_time',
        where,
        query: q,
        select: `id, admin_id AS user_id, email, username, status, failure_reason, ip_address, user_agent,
                 ${iso('login_time')}, ${iso('logout_time')}, session_duration_minutes`,
      });
    },
  );

  app.get(
    '/api/logs/system',
    {
      config: config_,
      schema: {
        tags,
        querystring: {
          type: 'object',
          properties: {
            ...pageProps,
            level: { type: 'string', enum: LEVELS },
            category: { type: 'string', enum: CATEGORIES },
            ...dates,
          },
        },
        response: { 400: errorResponse },
      },
    },
    async (request) => {
      const q = request.query as Q;
      const me = facilityUser(request);
      const where = new Where()
        .add((p) => `admin_id = ${p}`, me?.id)
        .add((p) => `level = ${p}`, q.level)
        .add((p) => `category = ${p}`, q.category)
        .range('created_at', q.start_date as string, q.end_date as string, ['start_date', 'end_date']);
      return logPage(db, {
        table: 'system_logs',
        time: 'created_at',
        where,
        query: q,
        select: `id, level, category, message, admin_id AS user_id, username, ip_address, request_id,
                 details::text AS details, ${iso('created_at')}`,
      });
    },
  );

  app.get(
    '/api/logs/security-events',
    {
      config: config_,
      schema: {
        tags,
        querystring: {
          type: 'object',
          properties: {
            ...pageProps,
            event_type: { type: 'string', enum: EVENT_TYPES },
            severity: { type: 'string', enum: SEVERITIES },
            is_resolved: { type: 'boolean' },
            ...dates,
          },
        },
        response: { 400: errorResponse },
      },
    },
    async (request) => {
      const q = request.query as Q;
      const me = facilityUser(request);
      const where = new Where()
        .add((p) => `admin_id = ${p}`, me?.id)
        .add((p) => `event_type = ${p}`, q.event_type)
        .add((p) => `severity = ${p}`, q.severity)
        .add((p) => `is_resolved = ${p}`, q.is_resolved)
        .range('created_at', q.start_date as string, q.end_date as string, ['start_date', 'end_date']);
      return logPage(db, {
        table: 'security_events',
        time: 'created_at',
        where,
        query: q,
        select: `id, event_type, severity, description, email, ip_address, is_resolved, ${iso('created_at')},
                 details::text AS details, resolved_by, resolved_by_username, ${iso('resolved_at')}`,
      });
    },
  );

  app.patch(
    '/api/logs/security-events/:id/resolve',
    {
      config: { access: MONITORING },
      schema: {
        tags,
        summary: 'Marks a security event resolved (who and when are kept); the only change a log allows',
        params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
        response: { 404: errorResponse },
      },
    },
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

  app.post(
    '/api/logs/cleanup',
    {
      config: { access: CLEANUP_ACCESS },
      schema: {
        tags,
        summary: `Deletes log rows older than the retention (LOG_RETENTION_DAYS, ${config.logs.retentionDays} days) or the days given; super admin only`,
        body: {
          type: ['object', 'null'],
          additionalProperties: false,
          properties: { days: { type: 'integer', minimum: 1, maximum: 3650 } },
        },
        response: { 400: errorResponse, 403: errorResponse },
      },
    },
    async (request) => {
      const admin = request.admin!;
      if (admin.effectiveRole !== 'super_admin') throw new AppError(403, FORBIDDEN);
      const days = (request.body as { days?: number } | null)?.days ?? config.logs.retentionDays;
      return cleanupLogs(db, app.logs, days, { id: admin.id, username: admin.username });
    },
  );
}
