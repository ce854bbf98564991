import { useTranslate } from 'react-admin';
import PeopleIcon from '@mui/icons-material/People';
import MaleIcon from '@mui/icons-material/Male';
import FemaleIcon from '@mui/icons-material/Female';
import ElderlyIcon from '@mui/icons-material/Elderly';
import { GENDER_LABELS, percent } from '../../domain/analytics';
import { AnalysisPage, ChartGrid } from '../components/AnalysisPage';
import { ChartCard } from '../components/ChartCard';
import { DistributionPie, SeriesChart } from '../components/charts';
import { DataTable, countColumns } from '../components/DataTable';
import { formatDecimal, sumBy } from '../components/figures';
import { StatCard, StatGrid } from '../components/StatCard';
import { useDashboardData, type PatientDemographics } from '../components/useDashboardData';
import { useCodeLabels } from '../components/labels';

/** The elderly: the age group whose name contains '65+' (spec part 1 §2). */
const ELDERLY = '65+';

interface Row {
  label: string;
  count: number;
}

/** A summary table (label, count, share) with its chart counterpart's title. */
function SummaryTable({ title, column, rows }: { title: string; column: string; rows: Row[] }) {
  const translate = useTranslate();
  const total = sumBy(rows, (r) => r.count);
  return (
    <ChartCard title={title} empty={!rows.length} testId="summary-table">
      <DataTable
        label={title}
        rows={rows}
        rowKey={(r) => r.label}
        columns={[{ key: 'label', label: column, render: (r) => r.label }, ...countColumns(translate, total)]}
      />
    </ChartCard>
  );
}

function PatientFigures({ data }: { data: PatientDemographics }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.analysis.patients.${key}`);
  const labels = useCodeLabels();
  const gender = data.byGender.map((r) => ({ label: labels.gender(r.gender), count: r.count }));
  const age = data.byAge.map((r) => ({ label: r.age_group, count: r.count }));
  // Stored values ('Asuransi Swasta') read by the patient form's labels.
  const insurance = data.byInsurance.map((r) => ({
    label: translate(`resources.master/patients.choices.insurance.${r.insurance}`, { _: r.insurance }),
    count: r.count,
  }));
  const total = sumBy(gender, (r) => r.count);
  const ofGender = (value: string) => data.byGender.find((g) => g.gender === value)?.count ?? 0;
  const male = ofGender(GENDER_LABELS.L);
  const female = ofGender(GENDER_LABELS.P);
  const elderly = sumBy(
    age.filter((a) => a.label.includes(ELDERLY)),
    (a) => a.count,
  );
  const share = (n: number) =>
    translate('app.analysis.common.share_of_total', { percent: formatDecimal(percent(n, total)) });
  const series = [{ key: 'count', name: translate('app.analysis.common.patients'), kind: 'bar' as const }];

  return (
    <>
      <StatGrid>
        <StatCard testId="stat-total" label={t('cards.total')} value={total} icon={<PeopleIcon />} />
        <StatCard
          testId="stat-male"
          label={t('cards.male')}
          value={male}
          caption={share(male)}
          icon={<MaleIcon />}
          color="secondary"
        />
        <StatCard
          testId="stat-female"
          label={t('cards.female')}
          value={female}
          caption={share(female)}
          icon={<FemaleIcon />}
          color="error"
        />
        <StatCard
          testId="stat-elderly"
          label={t('cards.elderly')}
          value={elderly}
          caption={share(elderly)}
          icon={<ElderlyIcon />}
          color="warning"
        />
      </StatGrid>
      <ChartGrid>
        <ChartCard testId="chart-gender" title={t('charts.gender')} empty={!total}>
          <DistributionPie data={gender.map((g) => ({ name: g.label, value: g.count }))} donut />
        </ChartCard>
        <ChartCard testId="chart-age" title={t('charts.age')} empty={!total}>
          <SeriesChart data={age} categoryKey="label" series={series} colorByCategory />
        </ChartCard>
        <ChartCard
          wide
          testId="chart-insurance"
          title={t('charts.insurance')}
          empty={!sumBy(insurance, (r) => r.count)}
        >
          <SeriesChart
            data={insurance}
            categoryKey="label"
            series={series}
            colorByCategory
            layout="vertical"
          />
        </ChartCard>
      </ChartGrid>
      <ChartGrid columns={3}>
        <SummaryTable title={t('tables.gender')} column={t('columns.gender')} rows={gender} />
        <SummaryTable title={t('tables.age')} column={t('columns.age_group')} rows={age} />
        <SummaryTable title={t('tables.insurance')} column={t('columns.insurance')} rows={insurance} />
      </ChartGrid>
    </>
  );
}

/** /patients: demographics by gender, age group and insurance (spec part 1 §2 Patient analysis). */
export default function PatientAnalysis() {
  const translate = useTranslate();
  const query = useDashboardData<PatientDemographics>('patient-demographics');
  return (
    <AnalysisPage
      testId="patients-analysis"
      title={translate('app.analysis.patients.title')}
      subtitle={translate('app.analysis.patients.subtitle')}
      query={query}
      errorMessage={translate('app.analysis.patients.error')}
    >
      {(data) => <PatientFigures data={data} />}
    </AnalysisPage>
  );
}
