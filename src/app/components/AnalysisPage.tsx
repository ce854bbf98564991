import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Box } from '@mui/material';
import { ChartCard, LoadError } from './ChartCard';
import { PageHeader } from './PageHeader';
import { StatCard, StatGrid } from './StatCard';

export interface AnalysisPageProps<T> {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** The screen's aggregate (useDashboardData). */
  query: UseQueryResult<T, Error>;
  /** The spec's message when the aggregate cannot be loaded. */
  errorMessage: string;
  testId?: string;
  children: (data: T) => ReactNode;
}

function PageSkeleton() {
  return (
    <>
      <StatGrid>
        {[0, 1, 2, 3].map((i) => (
          <StatCard key={i} label=" " value={null} loading />
        ))}
      </StatGrid>
      <ChartGrid>
        <ChartCard title=" " loading />
        <ChartCard title=" " loading />
      </ChartGrid>
    </>
  );
}

/**
 * Charts side by side on wide screens (two, or three with `columns={3}`), stacked on narrow
 * ones; a `wide` ChartCard spans the whole row.
 */
export function ChartGrid({ children, columns = 2 }: { children: ReactNode; columns?: 2 | 3 }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        mb: 2,
        gridTemplateColumns: {
          xs: 'minmax(0, 1fr)',
          md: 'repeat(2, minmax(0, 1fr))',
          lg: `repeat(${columns}, minmax(0, 1fr))`,
        },
      }}
    >
      {children}
    </Box>
  );
}

/** The frame of an analysis screen fed by one aggregate: header, then skeleton, error or content. */
export function AnalysisPage<T>({
  title,
  subtitle,
  actions,
  query,
  errorMessage,
  testId,
  children,
}: AnalysisPageProps<T>) {
  return (
    <Box data-testid={testId} sx={{ pb: 2 }}>
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      {query.error ? (
        <LoadError message={errorMessage} error={query.error} onRetry={() => query.refetch()} />
      ) : query.isPending ? (
        <PageSkeleton />
      ) : (
        children(query.data)
      )}
    </Box>
  );
}
