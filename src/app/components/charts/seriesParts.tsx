import { Area, Bar, Cell, Line, ReferenceLine, XAxis, YAxis } from 'recharts';
import { CHART_COLORS } from '../../../domain/analytics';
import { LEGEND_TEXT } from './legend';
import type { ChartSeries, SeriesChartProps } from './types';
import { formatNumber } from '../figures';

/*
 * The parts of SeriesChart as functions returning recharts elements (not components of their
 * own), so the chart still finds its axes and series among its children.
 */

const tickNumber = (v: unknown) => formatNumber(Number(v));
const colorOf = (s: ChartSeries, i: number) => s.color ?? CHART_COLORS[i % CHART_COLORS.length];
const valueAxisProps = { type: 'number' as const, tickFormatter: tickNumber, tick: { fontSize: 12 } };

/** A value axis' name along its side, read from bottom to top. */
const axisName = (value: string | undefined, side: 'left' | 'right') =>
  value
    ? {
        value,
        angle: side === 'left' ? -90 : 90,
        position: side === 'left' ? ('insideLeft' as const) : ('insideRight' as const),
        style: { textAnchor: 'middle' as const, fontSize: 12, fill: LEGEND_TEXT },
      }
    : undefined;

type AxesProps = Pick<SeriesChartProps, 'categoryKey' | 'series' | 'angledLabels' | 'axisLabels'> & {
  vertical: boolean;
  format?: (v: unknown) => string;
};

/**
 * Categories along the bottom with counts on the left (and a right axis for series placed
 * there), or, laid out vertically, categories down the left with counts along the bottom.
 */
export function axes({ categoryKey, series, angledLabels, axisLabels, vertical, format }: AxesProps) {
  const categoryAxisProps = {
    dataKey: categoryKey,
    type: 'category' as const,
    tickFormatter: format,
    tick: { fontSize: 12 },
  };
  if (vertical)
    return (
      <>
        <XAxis {...valueAxisProps} allowDecimals={false} />
        <YAxis {...categoryAxisProps} width={140} interval={0} />
      </>
    );
  const hasRight = series.some((s) => s.axis === 'right');
  // A percentage on the right axis is drawn on the whole 0-100 scale.
  const rightPercent = series.some((s) => s.axis === 'right' && s.unit === '%');
  return (
    <>
      <XAxis
        {...categoryAxisProps}
        interval={angledLabels ? 0 : 'preserveStartEnd'}
        angle={angledLabels ? -45 : 0}
        textAnchor={angledLabels ? 'end' : 'middle'}
        height={angledLabels ? 90 : 30}
      />
      <YAxis
        {...valueAxisProps}
        yAxisId="left"
        allowDecimals={false}
        width={axisLabels?.left ? 76 : 56}
        label={axisName(axisLabels?.left, 'left')}
      />
      {hasRight && (
        <YAxis
          {...valueAxisProps}
          yAxisId="right"
          orientation="right"
          width={axisLabels?.right ? 60 : 48}
          allowDecimals={rightPercent}
          domain={rightPercent ? [0, 100] : undefined}
          tickFormatter={rightPercent ? (v: unknown) => `${tickNumber(v)}%` : tickNumber}
          label={axisName(axisLabels?.right, 'right')}
        />
      )}
    </>
  );
}

/** A dashed line at a value (an average), labelled at its end. */
export function referenceLine(reference: { value: number; label: string }, vertical: boolean) {
  return (
    <ReferenceLine
      {...(vertical ? { x: reference.value } : { y: reference.value, yAxisId: 'left' })}
      stroke="#757575"
      strokeDasharray="4 4"
      label={{ value: reference.label, position: 'insideTopRight', fontSize: 12, fill: '#616161' }}
    />
  );
}

/** One series as bars (one colour per category if asked), a filled area or a line with dots. */
export function seriesElement(
  s: ChartSeries,
  i: number,
  { vertical, data, colorByCategory }: { vertical: boolean; data: object[]; colorByCategory?: boolean },
) {
  const axis = vertical ? {} : { yAxisId: s.axis ?? 'left' };
  const color = colorOf(s, i);
  if (s.kind === 'bar')
    return (
      <Bar
        key={s.key}
        dataKey={s.key}
        name={s.name}
        fill={color}
        radius={vertical ? [0, 4, 4, 0] : [4, 4, 0, 0]}
        maxBarSize={48}
        {...axis}
      >
        {colorByCategory && data.map((_, j) => <Cell key={j} fill={CHART_COLORS[j % CHART_COLORS.length]} />)}
      </Bar>
    );
  if (s.kind === 'area')
    return (
      <Area
        key={s.key}
        type="monotone"
        dataKey={s.key}
        name={s.name}
        stroke={color}
        fill={color}
        fillOpacity={0.25}
        {...axis}
      />
    );
  return (
    <Line
      key={s.key}
      type="monotone"
      dataKey={s.key}
      name={s.name}
      stroke={color}
      strokeWidth={2}
      dot={{ r: 3 }}
      {...axis}
    />
  );
}
