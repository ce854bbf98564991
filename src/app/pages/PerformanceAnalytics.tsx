import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Box, LinearProgress, Tab, Tabs, Typography } from '@mui/material';
import EventNoteIcon from '@mui/icons-material/EventNote';
import HourglassBottomIcon from '@mui/icons-material/HourglassBottom';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import SentimentSatisfiedAltIcon from '@mui/icons-material/SentimentSatisfiedAlt';
import { DEFAULT_DATE_RANGE } from '../../domain/performance';
import { formatDate } from '../../domain/format';
import { LoadError } from '../components/ChartCard';
import { PageHeader } from '../components/PageHeader';
import { pollWhileUnavailable } from '../components/useDashboardData';
import { StatCard, StatGrid } from '../components/StatCard';
import { formatNumber, formatPercent } from '../components/figures';
import { API_URL, httpClient } from '../providers/http';
import { Filters } from './performance/Filters';
import { DoctorTab, EfficiencyChip, FacilityTab, JourneyTab, TrendsTab, WaitTab } from './performance/tabs';
import type { FilterOptions, PerformanceData, PerformanceFilters } from './performance/types';

const TABS = [
  ['facility', FacilityTab],
  ['doctor', DoctorTab],
  ['journey', JourneyTab],
  ['wait', WaitTab],
  ['trends', TrendsTab],
] as const;

function queryString(f: PerformanceFilters) {
  const q = new URLSearchParams({ dateRange: String(f.days) });
  if (f.facility !== '') q.set('medicalFacility', String(f.facility));
  if (f.doctor !== '') q.set('doctor', String(f.doctor));
  if (f.type) q.set('appointmentType', f.type);
  return q.toString();
}

function Overview({ data }: { data: PerformanceData }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`app.performance.${key}`, options);
  const o = data.overview;
  // No appointment in the range: no completion rate, and no score or rating made of nothing.
  const empty = o.totalAppointments === 0;
  return (
    <StatGrid>
      <StatCard
        testId="stat-total"
        label={t('cards.total')}
        value={o.totalAppointments}
        caption={t('period', { from: formatDate(data.range.from), to: formatDate(data.range.to) })}
        icon={<EventNoteIcon />}
      />
      <StatCard
        testId="stat-wait"
        label={t('cards.wait')}
        value={o.avgWaitTime === null ? '-' : t('minutes', { value: formatNumber(o.avgWaitTime) })}
        caption={
          o.measuredWaits
            ? t('captions.wait', { count: formatNumber(o.measuredWaits) })
            : t('captions.no_data')
        }
        icon={<HourglassBottomIcon />}
        color="warning"
      />
      <StatCard
        testId="stat-completion"
        label={t('cards.completion')}
        value={empty ? '-' : formatPercent(o.completionRate)}
        caption={
          empty ? (
            t('captions.no_data')
          ) : (
            <Box
              component="span"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
            >
              <EfficiencyChip value={o.completionRate} />
              {t('captions.completion', { score: o.score, rating: t(`ratings.${o.rating}`) })}
            </Box>
          )
        }
        icon={<TaskAltIcon />}
        color="success"
      />
      <StatCard
        testId="stat-satisfaction"
        label={t('cards.satisfaction')}
        value={o.avgSatisfaction === null ? '-' : formatNumber(o.avgSatisfaction)}
        caption={
          data.patientSatisfaction.responses
            ? t('captions.satisfaction', { count: formatNumber(data.patientSatisfaction.responses) })
            : t('captions.no_data')
        }
        icon={<SentimentSatisfiedAltIcon />}
        color="secondary"
      />
    </StatGrid>
  );
}

/**
 * /performance-analytics: appointments and patient journeys of the last 7 to 365 days, by
 * facility, doctor and appointment type (spec part 2 §2 "Performance Analytics", §9).
 */
export default function PerformanceAnalytics() {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.performance.${key}`);
  const [filters, setFilters] = useState<PerformanceFilters>({
    days: DEFAULT_DATE_RANGE,
    facility: '',
    doctor: '',
    type: '',
  });
  const [tab, setTab] = useState(0);
  const options = useQuery<FilterOptions, Error>({
    queryKey: ['dashboard', 'performance-options'],
    queryFn: async () =>
      (await httpClient(`${API_URL}/analytics/performance/filter-options`)).json as FilterOptions,
  });
  const query = useQuery<PerformanceData, Error>({
    queryKey: ['dashboard', 'performance', filters],
    queryFn: async () =>
      (await httpClient(`${API_URL}/analytics/performance?${queryString(filters)}`)).json as PerformanceData,
    placeholderData: keepPreviousData,
    // While its rollups are rebuilt (503), asked again until the figures come.
    refetchInterval: pollWhileUnavailable,
  });
  const Panel = TABS[tab][1];

  return (
    <Box data-testid="performance-analytics" sx={{ pb: 2 }}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Filters value={filters} options={options.data} onChange={setFilters} />
      {query.error ? (
        <LoadError message={t('error')} error={query.error} onRetry={() => query.refetch()} />
      ) : !query.data ? (
        <LinearProgress aria-label={t('title')} />
      ) : (
        <Box
          aria-busy={query.isFetching}
          sx={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 0.2s' }}
        >
          <Overview data={query.data} />
          <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
            <Tabs
              value={tab}
              onChange={(_, v: number) => setTab(v)}
              variant="scrollable"
              allowScrollButtonsMobile
            >
              {TABS.map(([key], i) => (
                <Tab
                  key={key}
                  id={`performance-tab-${key}`}
                  aria-controls={`performance-panel-${key}`}
                  label={t(`tabs.${key}`)}
                  value={i}
                />
              ))}
            </Tabs>
          </Box>
          <Box
            role="tabpanel"
            id={`performance-panel-${TABS[tab][0]}`}
            aria-labelledby={`performance-tab-${TABS[tab][0]}`}
          >
            <Panel data={query.data} />
          </Box>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('source')}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
