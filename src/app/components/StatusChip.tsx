import { useTranslate } from 'react-admin';
import { Chip } from '@mui/material';
import type { Level, Priority, WellnessLabel } from '../../domain/analytics';

type ChipColor = 'error' | 'warning' | 'success' | 'info';

/** The domain's labels, by kind (the same words can mean different urgency). */
const COLORS = {
  level: { Tinggi: 'error', Sedang: 'warning', Rendah: 'success' },
  priority: { 'Prioritas Tinggi': 'error', 'Perlu Perhatian': 'warning', Terkendali: 'success' },
  wellness: { 'Sangat Baik': 'success', Baik: 'info', Cukup: 'warning', 'Perlu Perhatian': 'error' },
} satisfies {
  level: Record<Level, ChipColor>;
  priority: Record<Priority, ChipColor>;
  wellness: Record<WellnessLabel, ChipColor>;
};

const MESSAGE_KEYS: Record<Level | Priority | WellnessLabel, string> = {
  Tinggi: 'high',
  Sedang: 'medium',
  Rendah: 'low',
  'Prioritas Tinggi': 'priority_high',
  'Perlu Perhatian': 'needs_attention',
  Terkendali: 'controlled',
  'Sangat Baik': 'very_good',
  Baik: 'good',
  Cukup: 'fair',
};

export type StatusChipProps =
  | { kind: 'level'; value: Level }
  | { kind: 'priority'; value: Priority }
  | { kind: 'wellness'; value: WellnessLabel };

/** A label of src/domain/analytics.ts (facilityTypeLevel, severityLevel, priorityByRank, wellnessLabel). */
export function StatusChip({ kind, value }: StatusChipProps) {
  const translate = useTranslate();
  const color = (COLORS[kind] as Record<string, ChipColor>)[value];
  return (
    <Chip
      size="small"
      color={color}
      label={translate(`app.analysis.status.${MESSAGE_KEYS[value]}`, { _: value })}
      data-status={value}
    />
  );
}
