import { useTranslate } from 'react-admin';
import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import AssignmentIcon from '@mui/icons-material/Assignment';
import CategoryIcon from '@mui/icons-material/Category';
import FavoriteIcon from '@mui/icons-material/Favorite';
import PsychologyIcon from '@mui/icons-material/Psychology';
import { topN, wellnessLabel, wellnessScore } from '../../domain/analytics';
import { AnalysisPage, ChartGrid } from '../components/AnalysisPage';
import { ChartCard } from '../components/ChartCard';
import { DistributionPie, SeriesChart } from '../components/charts';
import { formatNumber, monthLabel, sumBy } from '../components/figures';
import { StatCard, StatGrid } from '../components/StatCard';
import { StatusChip } from '../components/StatusChip';
import { useDashboardData, type MentalHealthSummary } from '../components/useDashboardData';

/** A rate in percent with its bar and the counts it comes from. */
function Rate({
  label,
  rate,
  detail,
  testId,
}: {
  label: string;
  rate: number;
  detail: string;
  testId: string;
}) {
  return (
    <Box data-testid={testId}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mb: 0.5 }}>
        <Typography variant="subtitle1" component="h3">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid="rate-value">
          {formatNumber(rate)}%
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, Math.max(0, rate))}
        aria-label={label}
        sx={{ height: 10, borderRadius: 5 }}
      />
      <Typography variant="caption" color="text.secondary">
        {detail}
      </Typography>
    </Box>
  );
}

function MentalHealthFigures({ data }: { data: MentalHealthSummary }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.analysis.mental_health.${key}`, options);
  const assessments = data.responsesByAssessment.map((r) => ({
    name: r.assessment_name,
    count: r.response_count,
  }));
  const total = sumBy(assessments, (r) => r.count);
  const types = new Set(data.responsesByAssessment.map((r) => r.assessment_type)).size;
  const score = wellnessScore(data.responsesByAssessment);
  const [highest] = topN(assessments, 1, (r) => r.name);
  const answered = topN(
    assessments.filter((r) => r.count > 0),
    assessments.length,
    (r) => r.name,
  );
  const trend = data.monthlyTrend.map((m) => ({ ...m, label: monthLabel(m.month) }));
  const responses = translate('app.analysis.common.responses');
  const { participation, satisfaction } = data;

  return (
    <>
      <StatGrid>
        <StatCard testId="stat-total" label={t('cards.total')} value={total} icon={<AssignmentIcon />} />
        <StatCard
          testId="stat-types"
          label={t('cards.types')}
          value={types}
          icon={<CategoryIcon />}
          color="secondary"
        />
        <StatCard
          testId="stat-wellness"
          label={t('cards.wellness')}
          value={`${formatNumber(score)}%`}
          caption={total ? <StatusChip kind="wellness" value={wellnessLabel(score)} /> : undefined}
          icon={<FavoriteIcon />}
          color="success"
        />
        <StatCard
          testId="stat-highest"
          label={t('cards.highest')}
          value={highest && highest.count ? highest.name : '-'}
          caption={highest && highest.count ? `${formatNumber(highest.count)} ${responses}` : undefined}
          icon={<PsychologyIcon />}
          color="warning"
        />
      </StatGrid>
      <ChartGrid>
        <ChartCard testId="chart-pie" title={t('charts.pie')} empty={!total}>
          <DistributionPie data={answered.map((r) => ({ name: r.name, value: r.count }))} />
        </ChartCard>
        <ChartCard testId="chart-bar" title={t('charts.bar')} empty={!total}>
          <SeriesChart
            data={answered}
            categoryKey="name"
            layout="vertical"
            colorByCategory
            series={[{ key: 'count', name: responses, kind: 'bar' }]}
          />
        </ChartCard>
        <ChartCard
          testId="chart-trend"
          title={t('charts.trend')}
          empty={!sumBy(trend, (m) => m.response_count)}
        >
          <SeriesChart
            data={trend}
            categoryKey="label"
            series={[
              { key: 'response_count', name: responses, kind: 'bar' },
              { key: 'wellness_score', name: t('wellness_series'), kind: 'line', axis: 'right', unit: '%' },
            ]}
          />
        </ChartCard>
        <ChartCard testId="rates" title={t('charts.rates')} empty={!participation.started}>
          <Stack spacing={4} sx={{ py: 2 }}>
            <Rate
              testId="participation"
              label={t('participation')}
              rate={participation.rate}
              detail={t('participation_detail', {
                completed: formatNumber(participation.completed),
                started: formatNumber(participation.started),
              })}
            />
            <Rate
              testId="satisfaction"
              label={t('satisfaction')}
              rate={satisfaction.rate}
              detail={t('satisfaction_detail', {
                satisfied: formatNumber(satisfaction.satisfied),
                rated: formatNumber(satisfaction.rated),
              })}
            />
          </Stack>
        </ChartCard>
      </ChartGrid>
    </>
  );
}

/** /mental-health: assessments, six months of trend and the response rates (spec part 1 §2). */
export default function MentalHealthAnalysis() {
  const translate = useTranslate();
  const query = useDashboardData<MentalHealthSummary>('mental-health');
  return (
    <AnalysisPage
      testId="mental-health-analysis"
      title={translate('app.analysis.mental_health.title')}
      subtitle={translate('app.analysis.mental_health.subtitle')}
      query={query}
      errorMessage={translate('app.analysis.mental_health.error')}
    >
      {(data) => <MentalHealthFigures data={data} />}
    </AnalysisPage>
  );
}
