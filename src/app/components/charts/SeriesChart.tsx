import {
  Area,
  Bar,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART_COLORS } from '../../../domain/analytics';
import { LEGEND_TEXT, legendText } from './legend';
import type { ChartSeries, SeriesChartProps } from './types';
import { formatNumber } from '../figures';

const tickNumber = (v: unknown) => formatNumber(Number(v));
const colorOf = (s: ChartSeries, i: number) => s.color ?? CHART_COLORS[i % CHART_COLORS.length];

/** Bars, lines and areas over one category axis, with Indonesian numbers on axes and tooltips. */
export default function SeriesChart({
  data,
  categoryKey,
  series,
  layout = 'horizontal',
  height = 300,
  categoryFormatter,
  colorByCategory,
  angledLabels,
  reference,
  axisLabels,
  legend = series.length > 1,
}: SeriesChartProps) {
  const vertical = layout === 'vertical';
  const hasRight = series.some((s) => s.axis === 'right');
  // A percentage on the right axis is drawn on the whole 0-100 scale.
  const rightPercent = series.some((s) => s.axis === 'right' && s.unit === '%');
  const units = new Map(series.map((s) => [s.name, s.unit ?? '']));
  const format = categoryFormatter ? (v: unknown) => categoryFormatter(String(v)) : undefined;

  const categoryAxisProps = {
    dataKey: categoryKey,
    type: 'category' as const,
    tickFormatter: format,
    tick: { fontSize: 12 },
  };
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

  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart
        data={data}
        layout={vertical ? 'vertical' : 'horizontal'}
        margin={{ top: 8, right: 16, bottom: angledLabels ? 8 : 0, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={!vertical ? false : true} horizontal={!vertical} />
        {vertical ? (
          <>
            <XAxis {...valueAxisProps} allowDecimals={false} />
            <YAxis {...categoryAxisProps} width={140} interval={0} />
          </>
        ) : (
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
        )}
        <Tooltip
          formatter={(value, name) => [
            `${formatNumber(Number(value))}${units.get(String(name)) ?? ''}`,
            name,
          ]}
          labelFormatter={format ? (label) => format(label) : undefined}
        />
        {/* Legend in series order (recharts sorts by name unless told otherwise). */}
        {legend && <Legend itemSorter={null} formatter={legendText} />}
        {reference && (
          <ReferenceLine
            {...(vertical ? { x: reference.value } : { y: reference.value, yAxisId: 'left' })}
            stroke="#757575"
            strokeDasharray="4 4"
            label={{ value: reference.label, position: 'insideTopRight', fontSize: 12, fill: '#616161' }}
          />
        )}
        {series.map((s, i) => {
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
                {colorByCategory &&
                  data.map((_, j) => <Cell key={j} fill={CHART_COLORS[j % CHART_COLORS.length]} />)}
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
        })}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
