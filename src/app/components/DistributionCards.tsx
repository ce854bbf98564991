import type { ReactElement, ReactNode } from 'react';
import CategoryIcon from '@mui/icons-material/Category';
import CalculateIcon from '@mui/icons-material/Calculate';
import { oneDecimal } from './figures';
import { StatCard, StatGrid, type StatColor } from './StatCard';

export interface DistributionCard {
  label: string;
  testId: string;
}

/**
 * The four cards of a distribution over categories (facility types, emergency categories):
 * total, number of categories, the largest one and the average per category.
 */
export function DistributionCards({
  total,
  kinds,
  largest,
  average,
}: {
  total: DistributionCard & { value: number; icon: ReactElement };
  kinds: DistributionCard & { value: number };
  largest: DistributionCard & { value?: string; caption?: ReactNode; icon: ReactElement; color: StatColor };
  average: DistributionCard & { value: number };
}) {
  return (
    <StatGrid>
      <StatCard testId={total.testId} label={total.label} value={total.value} icon={total.icon} />
      <StatCard
        testId={kinds.testId}
        label={kinds.label}
        value={kinds.value}
        icon={<CategoryIcon />}
        color="secondary"
      />
      <StatCard
        testId={largest.testId}
        label={largest.label}
        value={largest.value}
        caption={largest.caption}
        icon={largest.icon}
        color={largest.color}
      />
      <StatCard
        testId={average.testId}
        label={average.label}
        value={oneDecimal(average.value)}
        icon={<CalculateIcon />}
        color="warning"
      />
    </StatGrid>
  );
}
