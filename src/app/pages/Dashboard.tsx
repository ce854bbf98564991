import { useDeferredValue } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import PeopleIcon from '@mui/icons-material/People';
import EventNoteIcon from '@mui/icons-material/EventNote';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import EmergencyIcon from '@mui/icons-material/Emergency';
import AssignmentIcon from '@mui/icons-material/Assignment';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import { ChartGrid } from '../components/AnalysisPage';
import { ChartCard, LoadError } from '../components/ChartCard';
import { DistributionPie, SeriesChart } from '../components/charts';
import { PageHeader } from '../components/PageHeader';
import { StatCard, StatGrid } from '../components/StatCard';
import { dayMonth, formatToday, sumBy } from '../components/figures';
import { useCodeLabels } from '../components/labels';
import {
  useDashboardData,
  type AppointmentDay,
  type DashboardStats,
  type FacilityTypeCount,
  type PatientDemographics,
} from '../components/useDashboardData';
import { DASHBOARD_FIGURES } from '../components/dashboard-figures';

const STAT_CARDS = [
  { key: 'patients', field: 'totalPatients', icon: <PeopleIcon />, color: 'primary' },
  { key: 'appointments', field: 'totalAppointments', icon: <EventNoteIcon />, color: 'secondary' },
  { key: 'facilities', field: 'totalMedicalFacilities', icon: <LocalHospitalIcon />, color: 'success' },
  { key: 'emergencies', field: 'totalEmergencies', icon: <EmergencyIcon />, color: 'error' },
  { key: 'reports', field: 'totalReports', icon: <AssignmentIcon />, color: 'warning' },
] as const;

/** The five key figures, or the reason they could not be read with a retry. */
function KeyFigures({ stats }: { stats: ReturnType<typeof useDashboardData<DashboardStats>> }) {
  const translate = useTranslate();
  return stats.error ? (
    <Box sx={{ mb: 2 }} data-testid="stats-error">
      <LoadError
        message={translate('app.dashboard.errors.stats')}
        error={stats.error}
        onRetry={() => stats.refetch()}
      />
    </Box>
  ) : (
    <StatGrid>
      {STAT_CARDS.map((c) => (
        <StatCard
          key={c.key}
          testId={`stat-${c.key}`}
          label={translate(`app.dashboard.cards.${c.key}`)}
          value={stats.data?.[c.field]}
          icon={c.icon}
          color={c.color}
          loading={stats.isPending}
        />
      ))}
    </StatGrid>
  );
}

/**
 * The landing screen: five key figures and four charts, each section loaded on its own so one
 * failing aggregate leaves the others in place (spec part 1 §2 Dashboard, §8).
 */
export default function Dashboard() {
  const translate = useTranslate();
  const labels = useCodeLabels();
  const stats = useDashboardData<DashboardStats>(DASHBOARD_FIGURES.stats);
  const appointments = useDashboardData<AppointmentDay[]>(DASHBOARD_FIGURES.appointments);
  const facilities = useDashboardData<FacilityTypeCount[]>(DASHBOARD_FIGURES.facilities);
  const demographics = useDashboardData<PatientDemographics>(DASHBOARD_FIGURES.demographics);

  // The charts render after the key figures have been painted (their rendering takes a while).
  const appointmentDays = useAfterFigures(appointments);
  const facilityTypes = useAfterFigures(facilities);
  const patientGroups = useAfterFigures(demographics);

  const facilitySlices = (facilityTypes.data ?? []).map((r) => ({
    name: labels.facilityType(r.facility_type),
    value: r.count,
  }));
  const byGender = (patientGroups.data?.byGender ?? []).map((r) => ({
    ...r,
    gender: labels.gender(r.gender),
  }));
  const byAge = patientGroups.data?.byAge ?? [];
  const demographicsState = {
    loading: patientGroups.pending,
    error: demographics.error,
    errorMessage: translate('app.dashboard.errors.demographics'),
    onRetry: () => demographics.refetch(),
  };
  const patientsSeries = [
    { key: 'count', name: translate('app.analysis.common.patients'), kind: 'bar' as const },
  ];

  return (
    <Box data-testid="dashboard" sx={{ pb: 2 }}>
      <PageHeader
        title={translate('app.menu.dashboard')}
        subtitle={
          <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <CalendarMonthIcon fontSize="inherit" aria-hidden />
            <span data-testid="today">{formatToday()}</span>
          </Box>
        }
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5, mb: 2 }}>
        {translate('app.dashboard.subtitle')}
      </Typography>

      <KeyFigures stats={stats} />

      <ChartGrid>
        <ChartCard
          wide
          testId="chart-appointments"
          title={translate('app.dashboard.charts.appointments')}
          loading={appointmentDays.pending}
          error={appointments.error}
          errorMessage={translate('app.dashboard.errors.appointments')}
          onRetry={() => appointments.refetch()}
          empty={!sumBy(appointmentDays.data ?? [], (d) => d.count)}
        >
          <SeriesChart
            data={appointmentDays.data ?? []}
            categoryKey="appointment_date"
            categoryFormatter={dayMonth}
            series={[{ key: 'count', name: translate('app.analysis.common.appointments'), kind: 'area' }]}
          />
        </ChartCard>
        <ChartCard
          testId="chart-facility-types"
          title={translate('app.dashboard.charts.facility_types')}
          loading={facilityTypes.pending}
          error={facilities.error}
          errorMessage={translate('app.dashboard.errors.facilities')}
          onRetry={() => facilities.refetch()}
          empty={!sumBy(facilitySlices, (s) => s.value)}
        >
          <DistributionPie data={facilitySlices} />
        </ChartCard>
        <ChartCard
          testId="chart-gender"
          title={translate('app.dashboard.charts.gender')}
          {...demographicsState}
          empty={!sumBy(byGender, (r) => r.count)}
        >
          <SeriesChart data={byGender} categoryKey="gender" series={patientsSeries} colorByCategory />
        </ChartCard>
        <ChartCard
          wide
          testId="chart-age"
          title={translate('app.dashboard.charts.age')}
          {...demographicsState}
          empty={!sumBy(byAge, (r) => r.count)}
        >
          <SeriesChart data={byAge} categoryKey="age_group" series={patientsSeries} colorByCategory />
        </ChartCard>
      </ChartGrid>
    </Box>
  );
}

/**
 * A query's answer one render later than the key figures', in a render React may interrupt to
 * paint: pending until then, so its card keeps the skeleton meanwhile.
 */
function useAfterFigures<T>(query: { data: T | undefined; isPending: boolean }) {
  const data = useDeferredValue(query.data ?? null, null);
  return { data: data ?? undefined, pending: query.isPending || data !== (query.data ?? null) };
}
