/** The four logs of the monitoring screen: their paths, filters and columns. */
import { Button, Chip } from '@mui/material';
import { formatNumber } from '../../../components/figures';
import { dateTime, useLogT, type Column, type FilterField, type Row } from '../model';

export type TabKey = 'activity' | 'login' | 'system' | 'security';
export const PATHS: Record<TabKey, string> = {
  activity: '/logs/activity',
  login: '/logs/login-history',
  system: '/logs/system',
  security: '/logs/security-events',
};
export const DATES: [string, string] = ['start_date', 'end_date'];
export type TabConfig = { filters: FilterField[]; columns: Column[] };

type LogT = ReturnType<typeof useLogT>;
const choices = (values: string[]) => values.map((v) => ({ value: v, label: v }));
const LEVEL_COLORS: Record<string, 'error' | 'warning' | 'info' | 'default'> = {
  CRITICAL: 'error',
  ERROR: 'error',
  HIGH: 'error',
  WARNING: 'warning',
  MEDIUM: 'warning',
  INFO: 'info',
  LOW: 'info',
};
const levelChip = (v: string) => <Chip size="small" label={v} color={LEVEL_COLORS[v] ?? 'default'} />;

/** Builders of filters and columns labelled from the screen's texts, and the columns every log has. */
function builders(t: LogT) {
  const f = (name: string, extra: Partial<FilterField> = {}): FilterField => ({
    name,
    label: t(`filters.${name}`),
    ...extra,
  });
  const c = (key: string, label: string, render: Column['render'], extra: Partial<Column> = {}): Column => ({
    key,
    label: t(`columns.${label}`),
    render,
    ...extra,
  });
  return {
    f,
    c,
    dates: [f('start_date', { type: 'date' }), f('end_date', { type: 'date' })],
    time: (key: string) => c(key, 'time', (r) => dateTime(r[key])),
    user: c('username', 'user', (r) => r.username ?? r.email ?? '-'),
    ip: c('ip_address', 'ip', (r) => r.ip_address ?? '-'),
  };
}
type Builders = ReturnType<typeof builders>;

function activityTab(t: LogT, { f, c, dates, time, user, ip }: Builders): TabConfig {
  return {
    filters: [
      f('user_id', { type: 'number' }),
      f('action', { choices: choices(['CREATE', 'UPDATE', 'DELETE', 'VIEW', 'IMPORT', 'UNDO_IMPORT']) }),
      f('table_name', { choices: choices(['web_admins', 'patients', 'appointments', 'users']) }),
      ...dates,
    ],
    columns: [
      time('created_at'),
      user,
      c('action', 'action', (r) => <Chip size="small" variant="outlined" label={r.action} />),
      c('table_name', 'table', (r) => r.table_name ?? '-'),
      c('record_id', 'record', (r) => r.record_id ?? '-'),
      c('response_status', 'status', (r) =>
        r.response_status == null ? (
          '-'
        ) : (
          <Chip
            size="small"
            color={r.response_status < 400 ? 'success' : 'error'}
            label={`${r.response_status} ${t(r.response_status < 400 ? 'monitoring.success' : 'monitoring.failed')}`}
          />
        ),
      ),
      ip,
    ],
  };
}

/** A sign-in's chip: opened, blocked, waiting for its code (two-factor), else failed. */
const LOGIN_STATUS_COLORS: Record<string, 'success' | 'error' | 'info'> = {
  SUCCESS: 'success',
  BLOCKED: 'error',
  MFA_REQUIRED: 'info',
};

function loginTab(t: LogT, { f, c, dates, time, user, ip }: Builders): TabConfig {
  return {
    filters: [
      f('user_id', { type: 'number' }),
      f('status', { choices: choices(['SUCCESS', 'FAILED', 'BLOCKED', 'MFA_REQUIRED']) }),
      ...dates,
    ],
    columns: [
      time('login_time'),
      c('email', 'email', (r) => r.email ?? '-'),
      user,
      c('status', 'status', (r) => (
        <Chip size="small" label={r.status} color={LOGIN_STATUS_COLORS[r.status as string] ?? 'warning'} />
      )),
      c('session_duration_minutes', 'duration', (r) =>
        r.session_duration_minutes == null
          ? '-'
          : t('minutes', { count: formatNumber(r.session_duration_minutes) }),
      ),
      ip,
    ],
  };
}

function systemTab({ f, c, dates, time, user, ip }: Builders): TabConfig {
  return {
    filters: [
      f('level', { choices: choices(['CRITICAL', 'ERROR', 'WARNING', 'INFO', 'DEBUG']) }),
      f('category', { choices: choices(['AUTH', 'API', 'DATABASE', 'SECURITY', 'PERFORMANCE']) }),
      ...dates,
    ],
    columns: [
      time('created_at'),
      c('level', 'level', (r) => levelChip(r.level)),
      c('category', 'category', (r) => r.category),
      c('message', 'message', (r) => r.message),
      user,
      ip,
    ],
  };
}

function securityTab(t: LogT, { f, c, dates, time, ip }: Builders, onResolve: (row: Row) => void): TabConfig {
  return {
    filters: [
      f('event_type', {
        choices: choices([
          'FAILED_LOGIN',
          'BRUTE_FORCE',
          'SUSPICIOUS_ACTIVITY',
          'MFA_ENABLED',
          'MFA_DISABLED',
          'RECOVERY_CODE_USED',
        ]),
      }),
      f('severity', { choices: choices(['CRITICAL', 'HIGH', 'MEDIUM', 'LOW']) }),
      f('is_resolved', {
        choices: [
          { value: 'false', label: t('monitoring.open') },
          { value: 'true', label: t('monitoring.done') },
        ],
      }),
      ...dates,
    ],
    columns: [
      time('created_at'),
      c('event_type', 'event_type', (r) => r.event_type),
      c('severity', 'severity', (r) => levelChip(r.severity)),
      c('description', 'description', (r) => r.description),
      ip,
      c('is_resolved', 'status', (r) => (
        <Chip
          size="small"
          color={r.is_resolved ? 'success' : 'warning'}
          label={t(r.is_resolved ? 'monitoring.done' : 'monitoring.open')}
        />
      )),
      c(
        'actions',
        'actions',
        (r) =>
          r.is_resolved ? null : (
            <Button
              size="small"
              onClick={(e) => {
                e.stopPropagation();
                onResolve(r);
              }}
            >
              {t('monitoring.resolve')}
            </Button>
          ),
        { csv: () => '' },
      ),
    ],
  };
}

/** Each log's filters and columns; a security event's row has 'Resolve' while it is open. */
export function useTabs(onResolve: (row: Row) => void): Record<TabKey, TabConfig> {
  const t = useLogT();
  const b = builders(t);
  return {
    activity: activityTab(t, b),
    login: loginTab(t, b),
    system: systemTab(b),
    security: securityTab(t, b, onResolve),
  };
}

/** The columns a detail or an export shows: all but the row's buttons. */
export const dataColumns = (columns: Column[]) => columns.filter((c) => c.key !== 'actions');
