/** Props of the lazily loaded charts: kept apart so importing them does not pull in recharts. */

export interface ChartSeries {
  /** Field of each data row. */
  key: string;
  /** Legend and tooltip name. */
  name: string;
  kind: 'bar' | 'line' | 'area';
  /** A colour of CHART_COLORS by default (the series' position). */
  color?: string;
  /** Series on the right axis (e.g. a percentage beside counts). */
  axis?: 'left' | 'right';
  /** Appended to values in the tooltip ('%'). */
  unit?: string;
}

export interface SeriesChartProps {
  data: object[];
  /** Field of the category axis (dates, names). */
  categoryKey: string;
  series: ChartSeries[];
  /** 'vertical': categories down the left side, bars growing to the right (long names). */
  layout?: 'horizontal' | 'vertical';
  height?: number;
  categoryFormatter?: (value: string) => string;
  /** A single bar series with one palette colour per category. */
  colorByCategory?: boolean;
  /** Category labels at an angle, for many categories side by side. */
  angledLabels?: boolean;
  /** A dashed horizontal line, e.g. the average. */
  reference?: { value: number; label: string };
  /**
   * Names written along the value axes; with series on both sides (counts of very different
   * size, such as patients and facilities) they say which axis belongs to which series.
   */
  axisLabels?: { left?: string; right?: string };
  legend?: boolean;
}

export interface PieSlice {
  name: string;
  value: number;
}

export interface DistributionPieProps {
  data: PieSlice[];
  height?: number;
  donut?: boolean;
}
