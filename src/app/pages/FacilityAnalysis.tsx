import { useTranslate } from 'react-admin';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { average, facilityTypeLevel, percent, topN } from '../../domain/analytics';
import { AnalysisPage, ChartGrid } from '../components/AnalysisPage';
import { ChartCard } from '../components/ChartCard';
import { DistributionPie, SeriesChart } from '../components/charts';
import { DataTable, countColumns } from '../components/DataTable';
import { formatDecimal, sumBy } from '../components/figures';
import { DistributionCards } from '../components/DistributionCards';
import { StatusChip } from '../components/StatusChip';
import { useDashboardData, type FacilityTypeCount } from '../components/useDashboardData';
import { useCodeLabels } from '../components/labels';

function FacilityFigures({ rows }: { rows: FacilityTypeCount[] }) {
  const translate = useTranslate();
  const labels = useCodeLabels();
  const t = (key: string) => translate(`app.analysis.facilities.${key}`);
  const types = topN(
    rows.map((r) => ({ label: labels.facilityType(r.facility_type), count: r.count })),
    rows.length,
    (r) => r.label,
  );
  const total = sumBy(types, (r) => r.count);
  const avg = average(types.map((r) => r.count));
  const largest = types[0];
  const series = [{ key: 'count', name: translate('app.analysis.common.facilities'), kind: 'bar' as const }];

  return (
    <>
      <DistributionCards
        total={{ testId: 'stat-total', label: t('cards.total'), value: total, icon: <LocalHospitalIcon /> }}
        kinds={{ testId: 'stat-types', label: t('cards.types'), value: types.length }}
        largest={{
          testId: 'stat-largest',
          label: t('cards.largest'),
          value: largest?.label,
          caption:
            largest &&
            translate('app.analysis.common.share_of_total', {
              percent: formatDecimal(percent(largest.count, total)),
            }),
          icon: <EmojiEventsIcon />,
          color: 'success',
        }}
        average={{ testId: 'stat-average', label: t('cards.average'), value: avg }}
      />
      <ChartGrid>
        <ChartCard testId="chart-pie" title={t('charts.pie')} empty={!total}>
          <DistributionPie data={types.map((r) => ({ name: r.label, value: r.count }))} />
        </ChartCard>
        <ChartCard testId="chart-bar" title={t('charts.bar')} empty={!total}>
          <SeriesChart data={types} categoryKey="label" series={series} colorByCategory />
        </ChartCard>
        <ChartCard wide testId="detail-table" title={t('table')} empty={!types.length}>
          <DataTable
            label={t('table')}
            rows={types}
            rowKey={(r) => r.label}
            columns={[
              { key: 'type', label: t('columns.type'), render: (r) => r.label },
              ...countColumns(translate, total),
              {
                key: 'status',
                label: translate('app.analysis.common.status'),
                align: 'center',
                render: (r) => <StatusChip kind="level" value={facilityTypeLevel(r.count, avg)} />,
              },
            ]}
          />
        </ChartCard>
      </ChartGrid>
    </>
  );
}

/** /medical-facilities: facilities by type (spec part 1 §2 Medical facility analysis). */
export default function FacilityAnalysis() {
  const translate = useTranslate();
  const query = useDashboardData<FacilityTypeCount[]>('medical-facilities');
  return (
    <AnalysisPage
      testId="facilities-analysis"
      title={translate('app.analysis.facilities.title')}
      subtitle={translate('app.analysis.facilities.subtitle')}
      query={query}
      errorMessage={translate('app.analysis.facilities.error')}
    >
      {(rows) => <FacilityFigures rows={rows} />}
    </AnalysisPage>
  );
}
