import { useTranslate } from 'react-admin';
import { Box } from '@mui/material';
import { averageDensity, density, densityLevel, priorityByRank } from '../../../domain/analytics';
import { DataTable } from '../../components/DataTable';
import { formatNumber } from '../../components/figures';
import { StatusChip } from '../../components/StatusChip';
import type { GeographicSummary } from '../../components/useDashboardData';

export type Area = GeographicSummary['areas'][number];

/**
 * The areas in rank order: population, patients, facilities, total, density with its level
 * against the average, and a priority by rank.
 */
export function RankingTable({ areas }: { areas: Area[] }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.analysis.geographic.${key}`);
  const common = (key: string) => translate(`app.analysis.common.${key}`);
  const avgDensity = averageDensity(areas);
  return (
    <DataTable
      label={t('table')}
      rows={areas}
      rowKey={(a) => a.area_code}
      maxHeight={560}
      columns={[
        { key: 'rank', label: common('rank'), render: (_, i) => i + 1 },
        { key: 'area', label: t('columns.area'), render: (a) => a.area_name },
        {
          key: 'population',
          label: t('columns.population'),
          align: 'right',
          render: (a) => formatNumber(a.population),
        },
        {
          key: 'patients',
          label: common('patients'),
          align: 'right',
          render: (a) => formatNumber(a.patients),
        },
        {
          key: 'facilities',
          label: common('facilities'),
          align: 'right',
          render: (a) => formatNumber(a.facilities),
        },
        { key: 'total', label: common('total'), align: 'right', render: (a) => formatNumber(a.total) },
        {
          key: 'density',
          label: t('columns.density'),
          align: 'right',
          render: (a) => (
            <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
              {formatNumber(density(a.population, a.area_km2))}
              <StatusChip kind="level" value={densityLevel(density(a.population, a.area_km2), avgDensity)} />
            </Box>
          ),
        },
        {
          key: 'status',
          label: common('status'),
          align: 'center',
          render: (_, i) => <StatusChip kind="priority" value={priorityByRank(i + 1)} />,
        },
      ]}
    />
  );
}
