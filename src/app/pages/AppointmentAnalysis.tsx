import { useTranslate } from 'react-admin';
import EventNoteIcon from '@mui/icons-material/EventNote';
import TodayIcon from '@mui/icons-material/Today';
import DateRangeIcon from '@mui/icons-material/DateRange';
import CalculateIcon from '@mui/icons-material/Calculate';
import { average, isoWeek, weeklySummary } from '../../domain/analytics';
import { AnalysisPage, ChartGrid } from '../components/AnalysisPage';
import { ChartCard } from '../components/ChartCard';
import { SeriesChart } from '../components/charts';
import { dayMonth, formatNumber, oneDecimal, sumBy } from '../components/figures';
import { StatCard, StatGrid } from '../components/StatCard';
import { useDashboardData, type AppointmentDay } from '../components/useDashboardData';

function AppointmentFigures({ days }: { days: AppointmentDay[] }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.analysis.appointments.${key}`, options);
  // The server's 30 days end today in the city's calendar.
  const today = days.at(-1);
  const total = sumBy(days, (d) => d.count);
  const weeks = weeklySummary(days);
  const thisWeek = today ? weeks.find((w) => w.week === isoWeek(today.appointment_date)) : undefined;
  const dailyAverage = oneDecimal(average(days.map((d) => d.count)));
  const weekRows = weeks.map((w) => ({ ...w, label: t('week', { week: w.week }) }));
  const name = translate('app.analysis.common.appointments');

  return (
    <>
      <StatGrid>
        <StatCard testId="stat-total" label={t('cards.total')} value={total} icon={<EventNoteIcon />} />
        <StatCard
          testId="stat-today"
          label={t('cards.today')}
          value={today?.count ?? 0}
          caption={today ? dayMonth(today.appointment_date) : undefined}
          icon={<TodayIcon />}
          color="secondary"
        />
        <StatCard
          testId="stat-week"
          label={t('cards.this_week')}
          value={thisWeek?.count ?? 0}
          caption={thisWeek ? t('this_week_caption', { week: thisWeek.week }) : undefined}
          icon={<DateRangeIcon />}
          color="success"
        />
        <StatCard
          testId="stat-average"
          label={t('cards.daily_average')}
          value={dailyAverage}
          caption={t('per_day')}
          icon={<CalculateIcon />}
          color="warning"
        />
      </StatGrid>
      <ChartGrid>
        <ChartCard wide testId="chart-daily" title={t('charts.daily')} empty={!total}>
          <SeriesChart
            data={days}
            categoryKey="appointment_date"
            categoryFormatter={dayMonth}
            series={[{ key: 'count', name, kind: 'bar' }]}
          />
        </ChartCard>
        <ChartCard testId="chart-weekly" title={t('charts.weekly')} empty={!total}>
          <SeriesChart
            data={weekRows}
            categoryKey="label"
            series={[{ key: 'count', name, kind: 'bar' }]}
            colorByCategory
          />
        </ChartCard>
        <ChartCard testId="chart-trend" title={t('charts.trend')} empty={!total}>
          <SeriesChart
            data={days}
            categoryKey="appointment_date"
            categoryFormatter={dayMonth}
            series={[{ key: 'count', name, kind: 'line' }]}
            reference={{
              value: dailyAverage,
              label: `${translate('app.analysis.common.average')} ${formatNumber(dailyAverage)}`,
            }}
          />
        </ChartCard>
      </ChartGrid>
    </>
  );
}

/** /appointments: the last 30 days by day and by ISO week (spec part 1 §2 Appointment analysis). */
export default function AppointmentAnalysis() {
  const translate = useTranslate();
  const query = useDashboardData<AppointmentDay[]>('appointments-by-date');
  return (
    <AnalysisPage
      testId="appointments-analysis"
      title={translate('app.analysis.appointments.title')}
      subtitle={translate('app.analysis.appointments.subtitle')}
      query={query}
      errorMessage={translate('app.analysis.appointments.error')}
    >
      {(days) => <AppointmentFigures days={days} />}
    </AnalysisPage>
  );
}
