import { lazy } from 'react';

/**
 * The charts, loaded on first use: recharts stays out of the login bundle and the screens'
 * own chunks. A ChartCard shows a skeleton while the code arrives.
 */
export const SeriesChart = lazy(() => import('./SeriesChart'));
export const DistributionPie = lazy(() => import('./DistributionPie'));
export type { ChartSeries, DistributionPieProps, PieSlice, SeriesChartProps } from './types';
