/** Route schema pieces the log routes share (spec part 2 §9 choice lists). */
import { LOG_PAGE_DEFAULT, LOG_PAGE_MAX } from '../../logs/query.js';

export const LEVELS = ['CRITICAL', 'ERROR', 'WARNING', 'INFO', 'DEBUG'];
export const CATEGORIES = ['AUTH', 'API', 'DATABASE', 'SECURITY', 'PERFORMANCE'];
export const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'];
export const EVENT_TYPES = [
  'FAILED_LOGIN',
  'BRUTE_FORCE',
  'SUSPICIOUS_ACTIVITY',
  'MFA_ENABLED',
  'MFA_DISABLED',
  'RECOVERY_CODE_USED',
];
export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

export const pageProps = {
  page: { type: 'integer', minimum: 1, default: 1 },
  limit: { type: 'integer', minimum: 1, maximum: LOG_PAGE_MAX, default: LOG_PAGE_DEFAULT },
};

export const errorResponse = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

export const listResponse = {
  type: 'object',
  properties: {
    data: { type: 'array', items: { type: 'object', additionalProperties: true } },
    pagination: {
      type: 'object',
      properties: {
        total: { type: 'integer' },
        totalPages: { type: 'integer' },
        page: { type: 'integer' },
        limit: { type: 'integer' },
        estimated: { type: 'boolean' },
      },
    },
  },
};
