/**
 * The four lists of Logs Monitoring (activity, login history, system logs, security events):
 * each a page of its log, newest first, filtered by its own fields and by dates. A facility
 * user reads only their own rows.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import type { Access } from '../../plugins/access.js';
import { facilityUser, iso, logPage, Where, type PageQuery } from '../../logs/query.js';
import { errorResponse, pageProps, LEVELS, CATEGORIES, SEVERITIES, EVENT_TYPES } from './schemas.js';

type Q = PageQuery & Record<string, string | number | boolean | undefined>;
const dates = { start_date: { type: 'string', maxLength: 40 }, end_date: { type: 'string', maxLength: 40 } };

/** One list: its URL, its log table and time column, and its filters beyond page and dates. */
interface LogList {
  url: string;
  table: string;
  time: string;
  /** Querystring properties of the filters. */
  filters: Record<string, unknown>;
  /** The filters' conditions, in the order of their parameters. */
  where: (where: Where, q: Q) => Where;
  select: string;
}

const LOG_LISTS: LogList[] = [
  {
    url: '/api/logs/activity',
    table: 'activity_logs',
    time: 'created_at',
    filters: {
      user_id: { type: 'integer', minimum: 1 },
      action: { type: 'string', enum: ['CREATE', 'UPDATE', 'DELETE', 'VIEW', 'IMPORT', 'UNDO_IMPORT'] },
      table_name: { type: 'string', maxLength: 100 },
    },
    where: (where, q) =>
      where
        .add((p) => `admin_id = ${p}`, q.user_id)
        .add((p) => `action = ${p}`, q.action)
        .add((p) => `table_name = ${p}`, q.table_name),
    select: `id, admin_id AS user_id, username, action, table_name, record_id, ip_address, user_agent,
                 response_status, ${iso('created_at')}, old_values::text AS old_values,
                 new_values::text AS new_values, details::text AS details`,
  },
  {
    url: '/api/logs/login-history',
    table: 'login_history',
    time: 'login_time',
    filters: {
      user_id: { type: 'integer', minimum: 1 },
      status: { type: 'string', enum: ['SUCCESS', 'FAILED', 'BLOCKED', 'MFA_REQUIRED'] },
    },
    where: (where, q) => where.add((p) => `admin_id = ${p}`, q.user_id).add((p) => `status = ${p}`, q.status),
    select: `id, admin_id AS user_id, email, username, status, failure_reason, ip_address, user_agent,
                 ${iso('login_time')}, ${iso('logout_time')}, session_duration_minutes`,
  },
  {
    url: '/api/logs/system',
    table: 'system_logs',
    time: 'created_at',
    filters: {
      level: { type: 'string', enum: LEVELS },
      category: { type: 'string', enum: CATEGORIES },
    },
    where: (where, q) => where.add((p) => `level = ${p}`, q.level).add((p) => `category = ${p}`, q.category),
    select: `id, level, category, message, admin_id AS user_id, username, ip_address, request_id,
                 details::text AS details, ${iso('created_at')}`,
  },
  {
    url: '/api/logs/security-events',
    table: 'security_events',
    time: 'created_at',
    filters: {
      event_type: { type: 'string', enum: EVENT_TYPES },
      severity: { type: 'string', enum: SEVERITIES },
      is_resolved: { type: 'boolean' },
    },
    where: (where, q) =>
      where
        .add((p) => `event_type = ${p}`, q.event_type)
        .add((p) => `severity = ${p}`, q.severity)
        .add((p) => `is_resolved = ${p}`, q.is_resolved),
    select: `id, event_type, severity, description, email, ip_address, is_resolved, ${iso('created_at')},
                 details::text AS details, resolved_by, resolved_by_username, ${iso('resolved_at')}`,
  },
];

/** Registers the four lists, open with `config` (the monitoring menu, heavy work). */
export function registerLogLists(app: FastifyInstance, db: Db, config: { access: Access; work: 'heavy' }) {
  for (const list of LOG_LISTS) {
    const schema = {
      tags: ['logs'],
      querystring: { type: 'object', properties: { ...pageProps, ...list.filters, ...dates } },
      response: { 400: errorResponse },
    };
    app.get(list.url, { config, schema }, async (request) => {
      const q = request.query as Q;
      const me = facilityUser(request);
      const where = list
        .where(
          new Where().add((p) => `admin_id = ${p}`, me?.id),
          q,
        )
        .range(list.time, q.start_date as string, q.end_date as string, ['start_date', 'end_date']);
      return logPage(db, { table: list.table, time: list.time, where, query: q, select: list.select });
    });
  }
}
