import {
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  type PieLabelRenderProps,
} from 'recharts';
import { CHART_COLORS, percent, showPieLabel } from '../../../domain/analytics';
import { formatNumber } from '../../../domain/format';
import type { DistributionPieProps } from './types';

/** Shares of a whole; slices under 5 % carry no label (spec part 1 §9), the legend names all. */
export default function DistributionPie({ data, height = 300, donut }: DistributionPieProps) {
  const total = data.reduce((n, d) => n + d.value, 0);
  const share = (value: number) => `${formatNumber(percent(value, total))}%`;
  const label = (p: PieLabelRenderProps) => {
    const value = Number(p.value ?? 0);
    return total && showPieLabel(value / total) ? share(value) : null;
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
          animationDuration={800}
        >
          {data.map((d, i) => (
            <Cell key={d.name} fill={CHART_COLORS[i % CHART_COLORS.length]} />
          ))}
        </Pie>
        <Tooltip
          formatter={(value, name) => [`${formatNumber(Number(value))} (${share(Number(value))})`, name]}
        />
        <Legend itemSorter={null} />
      </PieChart>
    </ResponsiveContainer>
  );
}
