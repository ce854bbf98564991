import { useTranslate } from 'react-admin';
import MapIcon from '@mui/icons-material/Map';
import PeopleIcon from '@mui/icons-material/People';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import PlaceIcon from '@mui/icons-material/Place';
import { formatNumber, sumBy } from '../../components/figures';
import { StatCard, StatGrid } from '../../components/StatCard';
import type { GeographicSummary } from '../../components/useDashboardData';
import type { Area } from './RankingTable';

/** Areas, patients (with those of no known area), facilities, and the area with the most. */
export function GeographicStats({ data, areas }: { data: GeographicSummary; areas: Area[] }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.analysis.geographic.${key}`, options);
  const common = (key: string) => translate(`app.analysis.common.${key}`);
  const patients = sumBy(areas, (a) => a.patients);
  const facilities = sumBy(areas, (a) => a.facilities);
  const top = areas[0];
  return (
    <StatGrid>
      <StatCard testId="stat-areas" label={t('cards.areas')} value={areas.length} icon={<MapIcon />} />
      <StatCard
        testId="stat-patients"
        label={t('cards.patients')}
        value={patients}
        caption={
          data.unassignedPatients
            ? t('unassigned', { count: formatNumber(data.unassignedPatients) })
            : undefined
        }
        icon={<PeopleIcon />}
        color="secondary"
      />
      <StatCard
        testId="stat-facilities"
        label={t('cards.facilities')}
        value={facilities}
        icon={<LocalHospitalIcon />}
        color="success"
      />
      <StatCard
        testId="stat-top"
        label={t('cards.top')}
        value={top && top.total ? top.area_name : '-'}
        caption={top && top.total ? `${common('total')}: ${formatNumber(top.total)}` : undefined}
        icon={<PlaceIcon />}
        color="warning"
      />
    </StatGrid>
  );
}
