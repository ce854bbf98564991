import type { ReactNode } from 'react';

/** Text of legends and labels inside the charts: dark grey on white (10:1), whatever the series colour. */
export const LEGEND_TEXT = '#424242';

/**
 * Legend entries as dark text beside their colour square: recharts writes them in the series
 * colour, and several palette colours (orange, yellow, light green) are too light for text.
 */
export const legendText = (value: ReactNode) => <span style={{ color: LEGEND_TEXT }}>{value}</span>;
