import { useTranslate } from 'react-admin';
import { Box, Card, CardContent, Chip, Typography } from '@mui/material';
import { MIN_RANKED_APPOINTMENTS, efficiencyColor, hourLabel } from '../../../domain/performance';
import { ChartGrid } from '../../components/AnalysisPage';
import { ChartCard } from '../../components/ChartCard';
import { DistributionPie, SeriesChart } from '../../components/charts';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { dayMonth, formatNumber, formatPercent } from '../../components/figures';
import type { DoctorRow, FacilityRow, PerformanceData } from './types';

const useT = () => {
  const translate = useTranslate();
  return (key: string, options?: Record<string, unknown>) => translate(`app.performance.${key}`, options);
};

/** A percentage or score coloured at 90, 75 and 60. */
export function EfficiencyChip({ value, suffix = '%' }: { value: number; suffix?: string }) {
  return (
    <Chip
      size="small"
      color={efficiencyColor(value)}
      label={suffix === '%' ? formatPercent(value) : `${formatNumber(value)}${suffix}`}
    />
  );
}

function useMinutes() {
  const t = useT();
  return (value: number | null) => (value === null ? '-' : t('minutes', { value: formatNumber(value) }));
}

function judgedColumns<T extends FacilityRow | DoctorRow>(
  t: ReturnType<typeof useT>,
  minutes: ReturnType<typeof useMinutes>,
): DataColumn<T>[] {
  return [
    {
      key: 'completion',
      label: t('columns.completion'),
      align: 'center',
      render: (r) => <EfficiencyChip value={r.completionRate} />,
    },
    { key: 'wait', label: t('columns.wait'), align: 'right', render: (r) => minutes(r.avgWaitTime) },
    {
      key: 'score',
      label: t('columns.score'),
      align: 'center',
      render: (r) => <EfficiencyChip value={r.score} suffix="" />,
    },
    { key: 'rating', label: t('columns.rating'), render: (r) => t(`ratings.${r.rating}`) },
  ];
}

function RankingChart({
  rows,
  nameKey,
  title,
  testId,
}: {
  rows: (FacilityRow | DoctorRow)[];
  nameKey: string;
  title: string;
  testId: string;
}) {
  const t = useT();
  return (
    <ChartCard testId={testId} title={title} empty={!rows.length} emptyMessage={t('empty')} height={320}>
      <SeriesChart
        data={rows}
        categoryKey={nameKey}
        layout="vertical"
        height={320}
        series={[
          { key: 'completionRate', name: t('series.completion'), kind: 'bar', unit: '%' },
          { key: 'avgWaitTime', name: t('series.wait'), kind: 'bar' },
        ]}
      />
    </ChartCard>
  );
}

export function FacilityTab({ data }: { data: PerformanceData }) {
  const t = useT();
  const minutes = useMinutes();
  const rows = data.facilityPerformance;
  return (
    <ChartGrid>
      <RankingChart rows={rows} nameKey="facilityName" title={t('charts.facility')} testId="chart-facility" />
      <Card data-testid="table-facility" sx={{ gridColumn: '1 / -1' }}>
        <CardContent>
          <DataTable
            label={t('tabs.facility')}
            rows={rows}
            rowKey={(r) => String(r.facilityId)}
            columns={[
              { key: 'name', label: t('columns.facility'), render: (r) => r.facilityName },
              {
                key: 'n',
                label: t('columns.appointments'),
                align: 'right',
                render: (r) => formatNumber(r.totalAppointments),
              },
              ...judgedColumns<FacilityRow>(t, minutes),
            ]}
          />
        </CardContent>
      </Card>
    </ChartGrid>
  );
}

export function DoctorTab({ data }: { data: PerformanceData }) {
  const t = useT();
  const minutes = useMinutes();
  const rows = data.doctorPerformance;
  return (
    <ChartGrid>
      <RankingChart rows={rows} nameKey="doctorName" title={t('charts.doctor')} testId="chart-doctor" />
      <Card data-testid="table-doctor" sx={{ gridColumn: '1 / -1' }}>
        <CardContent>
          <DataTable
            label={t('tabs.doctor')}
            rows={rows}
            rowKey={(r) => String(r.doctorId)}
            columns={[
              {
                key: 'name',
                label: t('columns.doctor'),
                render: (r) => (
                  <>
                    {r.doctorName}
                    <Typography variant="caption" component="div" color="text.secondary">
                      {r.facilityName}
                    </Typography>
                  </>
                ),
              },
              {
                key: 'n',
                label: t('columns.patients'),
                align: 'right',
                render: (r) => formatNumber(r.totalPatients),
              },
              ...judgedColumns<DoctorRow>(t, minutes),
            ]}
          />
        </CardContent>
      </Card>
    </ChartGrid>
  );
}

export function JourneyTab({ data }: { data: PerformanceData }) {
  const t = useT();
  const minutes = useMinutes();
  const rows = data.journeyAnalysis.map((s) => ({ ...s, label: t(`stages.${s.stage}`) }));
  return (
    <ChartGrid>
      <ChartCard
        testId="chart-journey"
        title={t('charts.journey')}
        empty={!rows.length}
        emptyMessage={t('empty')}
      >
        <SeriesChart
          data={rows}
          categoryKey="label"
          layout="vertical"
          series={[{ key: 'avgDuration', name: t('series.duration'), kind: 'bar' }]}
          colorByCategory
        />
      </ChartCard>
      <Card data-testid="table-journey">
        <CardContent>
          <DataTable
            label={t('tabs.journey')}
            rows={rows}
            rowKey={(r) => r.stage}
            columns={[
              { key: 'stage', label: t('columns.stage'), render: (r) => r.label },
              {
                key: 'count',
                label: t('columns.count'),
                align: 'right',
                render: (r) => formatNumber(r.count),
              },
              {
                key: 'duration',
                label: t('columns.duration'),
                align: 'right',
                render: (r) => minutes(r.avgDuration),
              },
            ]}
          />
        </CardContent>
      </Card>
    </ChartGrid>
  );
}

export function WaitTab({ data }: { data: PerformanceData }) {
  const t = useT();
  const o = data.overview;
  const buckets = [
    { name: t('buckets.0-15'), value: o.waitTime0to15 },
    { name: t('buckets.15-30'), value: o.waitTime15to30 },
    { name: t('buckets.30-60'), value: o.waitTime30to60 },
    { name: t('buckets.60+'), value: o.waitTime60plus },
  ];
  return (
    <ChartGrid>
      <ChartCard
        testId="chart-wait-buckets"
        title={t('charts.buckets')}
        empty={!o.measuredWaits}
        emptyMessage={t('empty_waits')}
      >
        <DistributionPie data={buckets} donut />
      </ChartCard>
      <ChartCard
        testId="chart-wait-daily"
        title={t('charts.wait_daily')}
        empty={!data.waitTimeAnalysis.length}
        emptyMessage={t('empty_waits')}
      >
        <SeriesChart
          data={data.waitTimeAnalysis}
          categoryKey="date"
          categoryFormatter={dayMonth}
          series={[
            { key: 'avgWaitTime', name: t('series.avg'), kind: 'line' },
            { key: 'maxWaitTime', name: t('series.max'), kind: 'line' },
            { key: 'minWaitTime', name: t('series.min'), kind: 'line' },
          ]}
        />
      </ChartCard>
    </ChartGrid>
  );
}

function Insight({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) {
  return (
    <Box data-testid={testId} sx={{ mb: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ fontWeight: 600 }}>{children}</Box>
    </Box>
  );
}

export function TrendsTab({ data }: { data: PerformanceData }) {
  const t = useT();
  const { topFacility, topDoctor, peakHours } = data.insights;
  const none = t('insights.none', { count: MIN_RANKED_APPOINTMENTS });
  const ratings = data.patientSatisfaction.distribution.map((d) => ({
    label: t('series.rating', { rating: d.rating }),
    count: d.count,
  }));
  return (
    <ChartGrid>
      <ChartCard
        wide
        testId="chart-trends"
        title={t('charts.trends')}
        empty={!data.trends.length}
        emptyMessage={t('empty')}
      >
        <SeriesChart
          data={data.trends}
          categoryKey="date"
          categoryFormatter={dayMonth}
          series={[
            { key: 'appointmentCount', name: t('series.appointments'), kind: 'bar' },
            { key: 'completionRate', name: t('series.completion'), kind: 'line', axis: 'right', unit: '%' },
          ]}
        />
      </ChartCard>
      <Card data-testid="insights">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('insights.title')}
          </Typography>
          <Insight label={t('insights.top_facility')} testId="insight-facility">
            {topFacility ? (
              <>
                {topFacility.facilityName} <EfficiencyChip value={topFacility.score} suffix="" />
              </>
            ) : (
              none
            )}
          </Insight>
          <Insight label={t('insights.top_doctor')} testId="insight-doctor">
            {topDoctor ? (
              <>
                {topDoctor.doctorName} ({topDoctor.facilityName}){' '}
                <EfficiencyChip value={topDoctor.score} suffix="" />
              </>
            ) : (
              none
            )}
          </Insight>
          <Insight label={t('insights.peak_hours')} testId="insight-peak">
            {peakHours.length
              ? peakHours.map((h) => (
                  <div key={h.hour}>
                    {t('insights.peak_hour', {
                      hour: hourLabel(h.hour),
                      count: formatNumber(h.appointments),
                    })}
                  </div>
                ))
              : '-'}
          </Insight>
        </CardContent>
      </Card>
      <ChartCard
        testId="chart-satisfaction"
        title={t('charts.satisfaction')}
        empty={!data.patientSatisfaction.responses}
      >
        <SeriesChart
          data={ratings}
          categoryKey="label"
          series={[{ key: 'count', name: t('cards.satisfaction'), kind: 'bar' }]}
          colorByCategory
        />
      </ChartCard>
    </ChartGrid>
  );
}
