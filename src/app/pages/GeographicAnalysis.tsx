import { useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Box, LinearProgress, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { topN } from '../../domain/analytics';
import { AnalysisPage, ChartGrid } from '../components/AnalysisPage';
import { ChartCard } from '../components/ChartCard';
import { DistributionPie, SeriesChart } from '../components/charts';
import { sumBy } from '../components/figures';
import { GeographicStats } from './geographic/GeographicStats';
import { RankingTable } from './geographic/RankingTable';
import { AREA_LEVELS, type AreaLevel } from '../../domain/jakarta';
import { useDashboardData, type GeographicSummary } from '../components/useDashboardData';

const DEFAULT_LEVEL: AreaLevel = 'kecamatan';
const isLevel = (v: string | null): v is AreaLevel => (AREA_LEVELS as readonly (string | null)[]).includes(v);

/** The chosen area level, kept in the URL (?level=kabupaten) so a reload or a link keeps it. */
function useAreaLevel() {
  const [params, setParams] = useSearchParams();
  const value = params.get('level');
  const level = isLevel(value) ? value : DEFAULT_LEVEL;
  const setLevel = (next: AreaLevel) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        p.set('level', next);
        return p;
      },
      { replace: true },
    );
  return [level, setLevel] as const;
}

function LevelSelector({ level, onChange }: { level: AreaLevel; onChange: (l: AreaLevel) => void }) {
  const translate = useTranslate();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={level}
      onChange={(_, next: AreaLevel | null) => next && onChange(next)}
      aria-label={translate('app.analysis.geographic.level_label')}
      data-testid="level-selector"
    >
      {AREA_LEVELS.map((l) => (
        <ToggleButton key={l} value={l}>
          {translate(`app.analysis.geographic.levels.${l}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

function GeographicFigures({ data, updating }: { data: GeographicSummary; updating: boolean }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`app.analysis.geographic.${key}`, options);
  // Ranked by total (patients + facilities), as the spec's top lists.
  const ranked = topN(
    data.areas.map((a) => ({ ...a, count: a.total })),
    data.areas.length,
    (a) => a.area_name,
  );
  const empty = !sumBy(ranked, (a) => a.patients) && !sumBy(ranked, (a) => a.facilities);
  const common = (key: string) => translate(`app.analysis.common.${key}`);

  return (
    <Box data-level={data.level} data-testid="geographic-figures">
      {updating && <LinearProgress sx={{ mb: 1 }} aria-label={translate('app.common.loading')} />}
      <GeographicStats data={data} areas={ranked} />
      <ChartGrid>
        <ChartCard wide testId="chart-by-area" title={t('charts.by_area')} empty={empty} height={380}>
          <SeriesChart
            data={ranked}
            categoryKey="area_name"
            height={380}
            angledLabels={ranked.length > 6}
            // Patients run to hundreds of thousands per area, facilities to a handful: facilities
            // get their own axis on the right so their bars stay visible.
            series={[
              { key: 'patients', name: common('patients'), kind: 'bar' },
              { key: 'facilities', name: common('facilities'), kind: 'bar', axis: 'right' },
            ]}
            axisLabels={{ left: common('patients'), right: common('facilities') }}
          />
        </ChartCard>
        <ChartCard testId="chart-top10" title={t('charts.top10')} empty={empty} height={360}>
          <SeriesChart
            data={ranked.slice(0, 10)}
            categoryKey="area_name"
            layout="vertical"
            height={360}
            colorByCategory
            series={[{ key: 'total', name: common('total'), kind: 'bar' }]}
          />
        </ChartCard>
        <ChartCard testId="chart-top6" title={t('charts.top6')} empty={empty} height={360}>
          <DistributionPie
            height={360}
            data={ranked.slice(0, 6).map((a) => ({ name: a.area_name, value: a.total }))}
          />
        </ChartCard>
        <ChartCard wide testId="ranking-table" title={t('table')} empty={!ranked.length}>
          <RankingTable areas={ranked} />
        </ChartCard>
      </ChartGrid>
    </Box>
  );
}

/**
 * /geographic: patients and facilities per province, kabupaten or kecamatan; the selector asks
 * the server for that level (spec part 1 §2 Geographic analysis, made real).
 */
export default function GeographicAnalysis() {
  const translate = useTranslate();
  const [level, setLevel] = useAreaLevel();
  const query = useDashboardData<GeographicSummary>(`geographic?level=${level}`, { keepPrevious: true });
  return (
    <AnalysisPage
      testId="geographic-analysis"
      title={translate('app.analysis.geographic.title')}
      subtitle={translate('app.analysis.geographic.subtitle')}
      actions={<LevelSelector level={level} onChange={setLevel} />}
      query={query}
      errorMessage={translate('app.analysis.geographic.error')}
    >
      {(data) => <GeographicFigures data={data} updating={query.isPlaceholderData} />}
    </AnalysisPage>
  );
}
