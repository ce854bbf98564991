import type { ReactNode } from 'react';
import { Avatar, Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { formatNumber } from './figures';

export type StatColor = 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info';

export interface StatCardProps {
  label: string;
  /** A number is shown with Indonesian grouping ('12.345'); text as it is. */
  value: number | string | null | undefined;
  icon?: ReactNode;
  color?: StatColor;
  /** A short line under the value (e.g. a share or a count). */
  caption?: ReactNode;
  loading?: boolean;
  testId?: string;
}

/** One key figure of a screen: label, big value, optional caption and icon. */
export function StatCard({ label, value, icon, color = 'primary', caption, loading, testId }: StatCardProps) {
  const shown = typeof value === 'number' ? formatNumber(value) : (value ?? '-');
  return (
    <Card data-testid={testId} sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', alignItems: 'flex-start', gap: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {label}
          </Typography>
          {loading ? (
            <Skeleton variant="text" width="60%" sx={{ fontSize: '2rem' }} />
          ) : (
            <Typography
              variant="h5"
              component="p"
              data-testid="stat-value"
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {shown}
            </Typography>
          )}
          {caption && !loading && (
            <Typography variant="caption" color="text.secondary" component="p">
              {caption}
            </Typography>
          )}
        </Box>
        {icon && (
          <Avatar sx={{ bgcolor: `${color}.main`, color: `${color}.contrastText` }} aria-hidden>
            {icon}
          </Avatar>
        )}
      </CardContent>
    </Card>
  );
}

/** Stat cards side by side on wide screens, wrapping and finally stacking on narrow ones. */
export function StatGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 200px), 1fr))',
        mb: 2,
      }}
    >
      {children}
    </Box>
  );
}
