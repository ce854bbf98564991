import {
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  type PieLabelRenderProps,
} from 'recharts';
import { CHART_COLORS, showPieLabel } from '../../../domain/analytics';
import { formatNumber, formatShare } from '../figures';
import { LEGEND_TEXT, legendText } from './legend';
import type { DistributionPieProps } from './types';

/**
 * Shares of a whole, each slice labelled with its percentage in Indonesian ('30,8%'); slices
 * under 5 % carry no label (spec part 1 §9), the tooltip gives count and share of every slice
 * and the legend names all. Labels and legend are dark text (slice colours such as the orange
 * and yellow are too light for text on white); the colour squares tie them to the slices.
 */
export default function DistributionPie({ data, height = 300, donut }: DistributionPieProps) {
  const total = data.reduce((n, d) => n + d.value, 0);
  const label = (p: PieLabelRenderProps) => {
    const value = Number(p.value ?? 0);
    if (!total || !showPieLabel(value / total)) return null;
    return (
      <text
        x={p.x}
        y={p.y}
        textAnchor={p.textAnchor}
        dominantBaseline="central"
        fill={LEGEND_TEXT}
        fontSize={13}
        className="recharts-pie-label-text"
      >
        {formatShare(value, total)}
      </text>
    );
  };
  return (
    <ResponsiveContainer width="100%" height={height}>
      <PieChart>
        <Pie
          data={data}
          dataKey="value"
          nameKey="name"
          outerRadius="70%"
          innerRadius={donut ? '42%' : 0}
          label={label}
          labelLine={false}
          // recharts hides pie labels while a pie animates, and re-animates on every re-layout
          // (a resized window, printing, a full-page capture): drawn at once, the percentages
          // are always there.
          isAnimationActive={false}
        >
          {data.map((d, i) => (
            <Cell key={d.name} fill={CHART_COLORS[i % CHART_COLORS.length]} />
          ))}
        </Pie>
        <Tooltip
          formatter={(value, name) => [
            `${formatNumber(Number(value))} (${formatShare(Number(value), total)})`,
            name,
          ]}
        />
        <Legend itemSorter={null} formatter={legendText} />
      </PieChart>
    </ResponsiveContainer>
  );
}
