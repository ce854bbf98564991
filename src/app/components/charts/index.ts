import { preloadable } from '../../preloadable';

/**
 * The charts, loaded on first use (or ahead, by loadCharts): recharts stays out of the login
 * bundle and the screens' own chunks. A ChartCard shows a skeleton while the code arrives.
 */
export const SeriesChart = preloadable(() => import('./SeriesChart'));
export const DistributionPie = preloadable(() => import('./DistributionPie'));
export const loadCharts = () => Promise.all([SeriesChart.preload(), DistributionPie.preload()]);
export type { ChartSeries, DistributionPieProps, PieSlice, SeriesChartProps } from './types';
