import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Box, Card, CardContent, Chip, MenuItem, Tab, Tabs, TextField, Tooltip } from '@mui/material';
import { PageHeader } from '../components/PageHeader';
import { displayLocale, formatNumber, formatPercent } from '../components/figures';
import { API_URL, httpClient } from '../providers/http';
import { formatDuration, isGoodSuccessRate, shortUserId, statusClassColor } from '../../domain/api-logs';
import {
  DEFAULT_PAGE_SIZE,
  dateTime,
  listQuery,
  useLogT,
  type Column,
  type Filters,
  type Row,
} from './logs/model';
import { FilterBar } from './logs/FilterBar';
import { ExportButton } from './logs/ExportButton';
import { ListFrame, LogTable, PagedLogTable } from './logs/LogTable';
import { usePagedLog } from './logs/usePagedLog';
import { DetailDialog, JsonBlock } from './logs/DetailDialog';

type TabKey = 'requests' | 'metrics' | 'errors';
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const PERIODS = ['1h', '24h', '7d', '30d'];
const DATES: [string, string] = ['dateFrom', 'dateTo'];

const statusChip = (code: number) => <Chip size="small" color={statusClassColor(code)} label={code} />;

function useColumns(t: ReturnType<typeof useLogT>): Column[] {
  return [
    { key: 'request_time', label: t('columns.time'), render: (r) => dateTime(r.request_time) },
    {
      key: 'method',
      label: t('columns.method'),
      render: (r) => <Chip size="small" variant="outlined" label={r.method} />,
    },
    {
      key: 'url',
      label: t('columns.url'),
      // Wide enough to read on a phone (the table scrolls sideways), broken only where it must.
      render: (r) => <Box sx={{ minWidth: 170, maxWidth: 380, overflowWrap: 'anywhere' }}>{r.url}</Box>,
    },
    { key: 'status_code', label: t('columns.status_code'), render: (r) => statusChip(r.status_code) },
    {
      key: 'duration_ms',
      label: t('columns.response_time'),
      align: 'right',
      render: (r) => formatDuration(r.duration_ms, displayLocale()),
    },
    {
      key: 'user_id',
      label: t('columns.user_id'),
      render: (r) =>
        r.user_id == null ? (
          '-'
        ) : (
          <Tooltip title={`${r.user_id}${r.username ? ` (${r.username})` : ''}`}>
            <span>{shortUserId(r.user_id)}</span>
          </Tooltip>
        ),
    },
    { key: 'ip_address', label: t('columns.ip'), render: (r) => r.ip_address ?? '-' },
  ];
}

function RequestLogs({ onOpen }: { onOpen: (r: Row) => void }) {
  const t = useLogT();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(DEFAULT_PAGE_SIZE);
  const query = usePagedLog('/logs/api-requests', filters, page, limit, DATES);
  const columns = useColumns(t);
  const f = (name: string, label: string, extra = {}) => ({ name, label: t(`filters.${label}`), ...extra });
  return (
    <>
      <FilterBar
        fields={[
          f('method', 'method', { choices: METHODS.map((m) => ({ value: m, label: m })) }),
          f('statusClass', 'status_class', {
            choices: ['2xx', '3xx', '4xx', '5xx'].map((s) => ({ value: s, label: s })),
          }),
          f('url', 'url'),
          f('dateFrom', 'start_date', { type: 'date' }),
          f('dateTo', 'end_date', { type: 'date' }),
          f('userId', 'user_id', { type: 'number' }),
        ]}
        range={DATES}
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(0);
        }}
        actions={
          <ExportButton
            name="api-requests"
            columns={columns}
            fetchPage={async (p, l) => {
              const body = (
                await httpClient(`${API_URL}/logs/api-requests?${listQuery(filters, p, l, DATES)}`)
              ).json;
              return { rows: body.logs, total: body.total };
            }}
          />
        }
      />
      <PagedLogTable
        query={query}
        errorMessage={t('api.error')}
        label={t('api.tabs.requests')}
        columns={columns}
        rowKey={(r) => r.request_id}
        onRowClick={onOpen}
        page={page}
        limit={limit}
        onPage={setPage}
        onLimit={(l) => (setLimit(l), setPage(0))}
      />
    </>
  );
}

function Aggregates({ kind }: { kind: 'metrics' | 'errors' }) {
  const t = useLogT();
  const [period, setPeriod] = useState('24h');
  const path = kind === 'metrics' ? 'api-metrics' : 'api-errors';
  const query = useQuery<Row[], Error>({
    queryKey: ['dashboard', 'logs', path, period],
    queryFn: async () => (await httpClient(`${API_URL}/logs/${path}?period=${period}`)).json[kind] as Row[],
  });
  const columns: Column[] =
    kind === 'metrics'
      ? [
          { key: 'method', label: t('columns.method'), render: (r) => r.method },
          { key: 'url', label: t('columns.url'), render: (r) => r.url },
          {
            key: 'total_requests',
            label: t('columns.total_requests'),
            align: 'right',
            render: (r) => formatNumber(r.total_requests),
          },
          {
            key: 'success_rate_percent',
            label: t('columns.success_rate'),
            align: 'center',
            render: (r) => (
              <Chip
                size="small"
                color={isGoodSuccessRate(r.success_rate_percent) ? 'success' : 'warning'}
                label={`${formatPercent(r.success_rate_percent)} · ${t(isGoodSuccessRate(r.success_rate_percent) ? 'api.good' : 'api.poor')}`}
              />
            ),
          },
          {
            key: 'avg_duration_ms',
            label: t('columns.avg_duration'),
            align: 'right',
            render: (r) => formatDuration(r.avg_duration_ms, displayLocale()),
          },
          {
            key: 'p95_duration_ms',
            label: t('columns.p95_duration'),
            align: 'right',
            render: (r) => formatDuration(r.p95_duration_ms, displayLocale()),
          },
        ]
      : [
          { key: 'url', label: t('columns.url'), render: (r) => r.url },
          { key: 'method', label: t('columns.method'), render: (r) => r.method },
          { key: 'status_code', label: t('columns.status_code'), render: (r) => statusChip(r.status_code) },
          {
            key: 'error_count',
            label: t('columns.error_count'),
            align: 'right',
            render: (r) => formatNumber(r.error_count),
          },
          {
            key: 'affected_users',
            label: t('columns.affected_users'),
            align: 'right',
            render: (r) => formatNumber(r.affected_users),
          },
          { key: 'first_occurrence', label: t('columns.first'), render: (r) => dateTime(r.first_occurrence) },
          { key: 'last_occurrence', label: t('columns.last'), render: (r) => dateTime(r.last_occurrence) },
        ];
  return (
    <>
      <TextField
        select
        size="small"
        id={`${kind}-period`}
        label={t('filters.period')}
        value={period}
        onChange={(e) => setPeriod(e.target.value)}
        sx={{ minWidth: 150, maxWidth: 240, mb: 2 }}
      >
        {PERIODS.map((p) => (
          <MenuItem key={p} value={p}>
            {p}
          </MenuItem>
        ))}
      </TextField>
      <ListFrame query={query} errorMessage={t('api.error')}>
        <LogTable
          label={t(`api.tabs.${kind}`)}
          rows={query.data ?? []}
          columns={columns}
          rowKey={(r) => `${r.method} ${r.url} ${r.status_code ?? ''}`}
        />
      </ListFrame>
    </>
  );
}

/** /logs/api-logs: every API request, per-route metrics and error analysis (spec part 2 §2 "API Logs"). */
export default function ApiLogs() {
  const t = useLogT();
  const [tab, setTab] = useState<TabKey>('requests');
  const [open, setOpen] = useState<Row | null>(null);
  const columns = useColumns(t);
  return (
    <Box data-testid="api-logs" sx={{ pb: 2 }}>
      <PageHeader title={t('api.title')} subtitle={t('api.subtitle')} />
      <Card>
        <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Tabs
            value={tab}
            onChange={(_, v: TabKey) => setTab(v)}
            variant="scrollable"
            allowScrollButtonsMobile
          >
            {(['requests', 'metrics', 'errors'] as const).map((k) => (
              <Tab
                key={k}
                value={k}
                id={`api-logs-tab-${k}`}
                aria-controls={`api-logs-panel-${k}`}
                label={t(`api.tabs.${k}`)}
              />
            ))}
          </Tabs>
        </Box>
        <CardContent role="tabpanel" id={`api-logs-panel-${tab}`} aria-labelledby={`api-logs-tab-${tab}`}>
          {tab === 'requests' ? <RequestLogs onOpen={setOpen} /> : <Aggregates key={tab} kind={tab} />}
        </CardContent>
      </Card>
      <DetailDialog
        row={open}
        onClose={() => setOpen(null)}
        fields={[
          { label: 'Request ID', value: open?.request_id },
          ...columns.map((c) => ({ label: c.label, value: open ? c.render(open) : null })),
          { label: t('columns.user'), value: open?.username ?? '-' },
        ]}
      >
        <Box sx={{ fontWeight: 600, mb: 0.5 }}>{t('request_data')}</Box>
        <JsonBlock value={open?.request_data} />
        <Box sx={{ fontWeight: 600, mt: 2, mb: 0.5 }}>{t('response_data')}</Box>
        <JsonBlock value={open?.response_data} />
      </DetailDialog>
    </Box>
  );
}
