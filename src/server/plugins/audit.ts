import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db.js';

export const REDACTED = '[REDACTED]';

/** Values of secret fields are replaced before they reach the log. */
export function redact(values: Record<string, any> | null | undefined, secrets: string[]) {
  if (!values) return null;
  const out: Record<string, any> = { ...values };
  for (const key of secrets) if (key in out && out[key] != null) out[key] = REDACTED;
  return out;
}

export interface ActivityEntry {
  /** IMPORT: one row for a whole import (its counts in details); UNDO_IMPORT: its undo. */
  action: 'CREATE' | 'UPDATE' | 'DELETE' | 'VIEW' | 'IMPORT' | 'UNDO_IMPORT';
  table: string;
  recordId: string | number | null;
  oldValues?: Record<string, any> | null;
  newValues?: Record<string, any> | null;
  status: number;
  details?: Record<string, any>;
}

/** One activity-log row, written in the caller's transaction so it lands with the change. */
export async function logActivity(tx: Queryable, request: FastifyRequest, entry: ActivityEntry) {
  await tx.query(
    `INSERT INTO activity_logs (admin_id, username, action, table_name, record_id, ip_address, user_agent,
                                response_status, old_values, new_values, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      request.admin?.id ?? null,
      request.admin?.username ?? null,
      entry.action,
      entry.table,
      entry.recordId == null ? null : String(entry.recordId),
      request.ip,
      request.headers['user-agent'] ?? null,
      entry.status,
      entry.oldValues ? JSON.stringify(entry.oldValues) : null,
      entry.newValues ? JSON.stringify(entry.newValues) : null,
      entry.details ? JSON.stringify(entry.details) : null,
    ],
  );
}
