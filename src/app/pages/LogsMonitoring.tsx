import { useState } from 'react';
import { useNotify } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Box, Button, Card, CardContent, Chip, Tab, Tabs } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import LoginIcon from '@mui/icons-material/Login';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import GppMaybeIcon from '@mui/icons-material/GppMaybe';
import { PageHeader } from '../components/PageHeader';
import { StatCard, StatGrid } from '../components/StatCard';
import { formatNumber } from '../components/figures';
import { API_URL, httpClient } from '../providers/http';
import {
  DEFAULT_PAGE_SIZE,
  DetailDialog,
  ExportButton,
  FilterBar,
  JsonBlock,
  ListFrame,
  LogTable,
  Pager,
  ValueDiff,
  badge,
  dateTime,
  listQuery,
  useLogT,
  usePagedLog,
  type Column,
  type FilterField,
  type Filters,
  type Row,
} from './logs/parts';

type TabKey = 'activity' | 'login' | 'system' | 'security';
const PATHS: Record<TabKey, string> = {
  activity: '/logs/activity',
  login: '/logs/login-history',
  system: '/logs/system',
  security: '/logs/security-events',
};
const DATES: [string, string] = ['start_date', 'end_date'];
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

interface Stats {
  activity: { total_activities: number };
  login: { successful_logins: number; total_logins: number };
  system: { errors: number; total_logs: number };
  security: { unresolved_events: number; total_events: number };
}

function useTabs(t: ReturnType<typeof useLogT>, onResolve: (row: Row) => void) {
  const f = (name: string, extra: Partial<FilterField> = {}): FilterField => ({
    name,
    label: t(`filters.${name}`),
    ...extra,
  });
  const dates = [f('start_date', { type: 'date' }), f('end_date', { type: 'date' })];
  const c = (key: string, label: string, render: Column['render'], extra: Partial<Column> = {}): Column => ({
    key,
    label: t(`columns.${label}`),
    render,
    ...extra,
  });
  const time = (key: string) => c(key, 'time', (r) => dateTime(r[key]));
  const user = c('username', 'user', (r) => r.username ?? r.email ?? '-');
  const ip = c('ip_address', 'ip', (r) => r.ip_address ?? '-');
  const tabs: Record<TabKey, { filters: FilterField[]; columns: Column[] }> = {
    activity: {
      filters: [
        f('user_id', { type: 'number' }),
        f('action', { choices: choices(['CREATE', 'UPDATE', 'DELETE', 'VIEW']) }),
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
    },
    login: {
      filters: [
        f('user_id', { type: 'number' }),
        f('status', { choices: choices(['SUCCESS', 'FAILED', 'BLOCKED']) }),
        ...dates,
      ],
      columns: [
        time('login_time'),
        c('email', 'email', (r) => r.email ?? '-'),
        user,
        c('status', 'status', (r) => (
          <Chip
            size="small"
            label={r.status}
            color={r.status === 'SUCCESS' ? 'success' : r.status === 'BLOCKED' ? 'error' : 'warning'}
          />
        )),
        c('session_duration_minutes', 'duration', (r) =>
          r.session_duration_minutes == null
            ? '-'
            : t('minutes', { count: formatNumber(r.session_duration_minutes) }),
        ),
        ip,
      ],
    },
    system: {
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
    },
    security: {
      filters: [
        f('event_type', { choices: choices(['FAILED_LOGIN', 'BRUTE_FORCE', 'SUSPICIOUS_ACTIVITY']) }),
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
    },
  };
  return tabs;
}

function LogTab({
  tab,
  config,
  onOpen,
}: {
  tab: TabKey;
  config: { filters: FilterField[]; columns: Column[] };
  onOpen: (r: Row) => void;
}) {
  const t = useLogT();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const query = usePagedLog(PATHS[tab], filters, page, limit, DATES);
  const columns = config.columns.filter((c) => c.key !== 'actions');
  return (
    <>
      <FilterBar
        fields={config.filters}
        range={DATES}
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(0); // a new filter starts at page 1
        }}
        actions={
          <ExportButton
            name={tab}
            columns={columns}
            fetchPage={async (p, l) => {
              const body = (await httpClient(`${API_URL}${PATHS[tab]}?${listQuery(filters, p, l, DATES)}`))
                .json;
              return { rows: body.data, total: body.pagination.total };
            }}
          />
        }
      />
      <ListFrame query={query} errorMessage={t(`monitoring.errors.${tab}`)}>
        <LogTable
          label={t(`monitoring.tabs.${tab}`)}
          rows={query.data?.rows ?? []}
          columns={config.columns}
          rowKey={(r) => String(r.id)}
          onRowClick={onOpen}
        />
        <Pager
          total={query.data?.total ?? 0}
          page={page}
          limit={limit}
          onPage={setPage}
          onLimit={(l) => (setLimit(l), setPage(0))}
        />
      </ListFrame>
    </>
  );
}

/** /logs-monitoring: the four logs of the platform (spec part 2 §2 "Logs Monitoring & Analysis"). */
export default function LogsMonitoring() {
  const t = useLogT();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabKey>('activity');
  const [open, setOpen] = useState<{ tab: TabKey; row: Row } | null>(null);
  const stats = useQuery<Stats, Error>({
    queryKey: ['dashboard', 'logs', 'stats'],
    queryFn: async () => (await httpClient(`${API_URL}/logs/stats?period=7d`)).json as Stats,
  });
  const resolve = useMutation({
    mutationFn: async (row: Row) =>
      (await httpClient(`${API_URL}/logs/security-events/${row.id}/resolve`, { method: 'PATCH', body: '{}' }))
        .json as Row,
    onSuccess: (row) => {
      notify(t('monitoring.resolved'), { type: 'success' });
      setOpen((o) => (o && o.row.id === row.id ? { ...o, row: { ...o.row, ...row } } : o));
      void queryClient.invalidateQueries({ queryKey: ['dashboard', 'logs'] });
    },
    onError: (err: Error) =>
      notify(t('monitoring.resolve_failed', { message: err.message }), { type: 'error' }),
  });
  const tabs = useTabs(t, (r) => resolve.mutate(r));
  const s = stats.data;
  const counts: Record<TabKey, number | undefined> = {
    activity: s?.activity.total_activities,
    login: s?.login.total_logins,
    system: s?.system.total_logs,
    security: s?.security.unresolved_events,
  };
  const detail = open ? tabs[open.tab].columns.filter((c) => c.key !== 'actions') : [];

  return (
    <Box data-testid="logs-monitoring" sx={{ pb: 2 }}>
      <PageHeader title={t('monitoring.title')} subtitle={t('monitoring.subtitle')} />
      {stats.error && (
        <Box
          sx={{ color: 'error.main', mb: 1 }}
        >{`${t('monitoring.stats_error')}: ${stats.error.message}`}</Box>
      )}
      <StatGrid>
        <StatCard
          testId="stat-activities"
          label={t('monitoring.cards.activities')}
          value={s?.activity.total_activities ?? null}
          loading={!s}
          icon={<HistoryIcon />}
        />
        <StatCard
          testId="stat-logins"
          label={t('monitoring.cards.logins')}
          value={s?.login.successful_logins ?? null}
          loading={!s}
          caption={s && t('monitoring.cards.logins_caption', { total: formatNumber(s.login.total_logins) })}
          icon={<LoginIcon />}
          color="success"
        />
        <StatCard
          testId="stat-errors"
          label={t('monitoring.cards.errors')}
          value={s?.system.errors ?? null}
          loading={!s}
          caption={s && t('monitoring.cards.errors_caption', { total: formatNumber(s.system.total_logs) })}
          icon={<ErrorOutlineIcon />}
          color="error"
        />
        <StatCard
          testId="stat-security"
          label={t('monitoring.cards.security')}
          value={s?.security.unresolved_events ?? null}
          loading={!s}
          caption={
            s && t('monitoring.cards.security_caption', { total: formatNumber(s.security.total_events) })
          }
          icon={<GppMaybeIcon />}
          color="warning"
        />
      </StatGrid>
      <Card>
        <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Tabs
            value={tab}
            onChange={(_, v: TabKey) => setTab(v)}
            variant="scrollable"
            allowScrollButtonsMobile
          >
            {(Object.keys(PATHS) as TabKey[]).map((k) => (
              <Tab
                key={k}
                value={k}
                id={`logs-tab-${k}`}
                aria-controls={`logs-panel-${k}`}
                label={
                  <Badge
                    color="primary"
                    badgeContent={badge(counts[k])}
                    invisible={!counts[k]}
                    max={Infinity}
                    sx={{ pr: counts[k] ? 3 : 0 }}
                  >
                    {t(`monitoring.tabs.${k}`)}
                  </Badge>
                }
              />
            ))}
          </Tabs>
        </Box>
        <CardContent role="tabpanel" id={`logs-panel-${tab}`} aria-labelledby={`logs-tab-${tab}`}>
          <LogTab key={tab} tab={tab} config={tabs[tab]} onOpen={(row) => setOpen({ tab, row })} />
        </CardContent>
      </Card>
      <DetailDialog
        row={open?.row ?? null}
        onClose={() => setOpen(null)}
        fields={detail.map((c) => ({ label: c.label, value: open ? c.render(open.row) : null }))}
        actions={
          open?.tab === 'security' && !open.row.is_resolved ? (
            <Button variant="contained" onClick={() => resolve.mutate(open.row)} disabled={resolve.isPending}>
              {t('monitoring.resolve')}
            </Button>
          ) : undefined
        }
      >
        {open?.tab === 'activity' && (
          <>
            <ValueDiff oldValues={open.row.old_values} newValues={open.row.new_values} />
            {open.row.details && <JsonBlock value={open.row.details} />}
          </>
        )}
        {open && open.tab !== 'activity' && open.row.details && <JsonBlock value={open.row.details} />}
        {open?.row.user_agent && (
          <Box sx={{ mt: 1, fontSize: 12, color: 'text.secondary' }}>{open.row.user_agent}</Box>
        )}
      </DetailDialog>
    </Box>
  );
}
