import { useTranslate } from 'react-admin';
import { Alert, Stack } from '@mui/material';
import AssignmentIcon from '@mui/icons-material/Assignment';
import WarningIcon from '@mui/icons-material/Warning';
import { average, priorityByRank, severityLevel, topN } from '../../domain/analytics';
import { AnalysisPage, ChartGrid } from '../components/AnalysisPage';
import { ChartCard } from '../components/ChartCard';
import { SeriesChart } from '../components/charts';
import { DataTable, countColumns } from '../components/DataTable';
import { formatNumber, sumBy } from '../components/figures';
import { DistributionCards } from '../components/DistributionCards';
import { StatusChip } from '../components/StatusChip';
import { useDashboardData, type EmergencyCategoryCount } from '../components/useDashboardData';

/** Standing advice for the emergency service; the first names the busiest category. */
function Recommendations({ topCategory }: { topCategory?: string }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.analysis.emergencies.recommendations.${key}`, options);
  return (
    <ChartCard testId="recommendations" title={t('title')}>
      <Stack spacing={1}>
        {topCategory && <Alert severity="warning">{t('top_category', { category: topCategory })}</Alert>}
        <Alert severity="info">{t('response_time')}</Alert>
        <Alert severity="info">{t('education')}</Alert>
        <Alert severity="success">{t('coordination')}</Alert>
      </Stack>
    </ChartCard>
  );
}

function EmergencyFigures({ rows }: { rows: EmergencyCategoryCount[] }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.analysis.emergencies.${key}`);
  const ranked = topN(rows, rows.length, (r) => r.category);
  const total = sumBy(ranked, (r) => r.count);
  const avg = average(ranked.map((r) => r.count));
  const highest = ranked[0];
  const series = [{ key: 'count', name: translate('app.analysis.common.reports'), kind: 'bar' as const }];

  return (
    <>
      <DistributionCards
        total={{ testId: 'stat-total', label: t('cards.total'), value: total, icon: <AssignmentIcon /> }}
        kinds={{ testId: 'stat-categories', label: t('cards.categories'), value: ranked.length }}
        largest={{
          testId: 'stat-highest',
          label: t('cards.highest'),
          value: highest?.category,
          caption: highest && `${formatNumber(highest.count)} ${translate('app.analysis.common.reports')}`,
          icon: <WarningIcon />,
          color: 'error',
        }}
        average={{ testId: 'stat-average', label: t('cards.average'), value: avg }}
      />
      <ChartGrid>
        <ChartCard
          testId="chart-category"
          title={t('chart')}
          empty={!total}
          height={Math.max(300, ranked.length * 36)}
        >
          <SeriesChart
            data={ranked}
            categoryKey="category"
            series={series}
            layout="vertical"
            colorByCategory
            height={Math.max(300, ranked.length * 36)}
          />
        </ChartCard>
        <Recommendations topCategory={highest?.category} />
        <ChartCard wide testId="detail-table" title={t('table')} empty={!ranked.length}>
          <DataTable
            label={t('table')}
            rows={ranked}
            rowKey={(r) => r.category}
            columns={[
              { key: 'rank', label: translate('app.analysis.common.rank'), render: (_, i) => i + 1 },
              { key: 'category', label: t('columns.category'), render: (r) => r.category },
              ...countColumns(translate, total),
              {
                key: 'severity',
                label: t('columns.severity'),
                align: 'center',
                render: (r) => <StatusChip kind="level" value={severityLevel(r.count, avg)} />,
              },
              {
                key: 'status',
                label: translate('app.analysis.common.status'),
                align: 'center',
                render: (_, i) => <StatusChip kind="priority" value={priorityByRank(i + 1)} />,
              },
            ]}
          />
        </ChartCard>
      </ChartGrid>
    </>
  );
}

/** /emergency-reports: AGD reports by category (spec part 1 §2 Emergency report analysis). */
export default function EmergencyAnalysis() {
  const translate = useTranslate();
  const query = useDashboardData<EmergencyCategoryCount[]>('emergency-reports');
  return (
    <AnalysisPage
      testId="emergencies-analysis"
      title={translate('app.analysis.emergencies.title')}
      subtitle={translate('app.analysis.emergencies.subtitle')}
      query={query}
      errorMessage={translate('app.analysis.emergencies.error')}
    >
      {(rows) => <EmergencyFigures rows={rows} />}
    </AnalysisPage>
  );
}
