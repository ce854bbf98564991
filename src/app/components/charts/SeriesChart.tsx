import { CartesianGrid, ComposedChart, Legend, ResponsiveContainer, Tooltip } from 'recharts';
import { legendText } from './legend';
import type { SeriesChartProps } from './types';
import { formatNumber } from '../figures';
import { axes, referenceLine, seriesElement } from './seriesParts';

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
  const units = new Map(series.map((s) => [s.name, s.unit ?? '']));
  const format = categoryFormatter ? (v: unknown) => categoryFormatter(String(v)) : undefined;

  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart
        data={data}
        layout={vertical ? 'vertical' : 'horizontal'}
        margin={{ top: 8, right: 16, bottom: angledLabels ? 8 : 0, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={!vertical ? false : true} horizontal={!vertical} />
        {axes({ categoryKey, series, angledLabels, axisLabels, vertical, format })}
        <Tooltip
          formatter={(value, name) => [
            `${formatNumber(Number(value))}${units.get(String(name)) ?? ''}`,
            name,
          ]}
          labelFormatter={format ? (label) => format(label) : undefined}
        />
        {/* Legend in series order (recharts sorts by name unless told otherwise). */}
        {legend && <Legend itemSorter={null} formatter={legendText} />}
        {reference && referenceLine(reference, vertical)}
        {series.map((s, i) => seriesElement(s, i, { vertical, data, colorByCategory }))}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
