import { Suspense, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Skeleton,
  Typography,
} from '@mui/material';
import InsertChartOutlinedIcon from '@mui/icons-material/InsertChartOutlined';

export interface ChartCardProps {
  title: string;
  subtitle?: ReactNode;
  /** Beside the title (e.g. a selector). */
  action?: ReactNode;
  loading?: boolean;
  /** When set, the spec's message (errorMessage) and a retry replace the chart. */
  error?: unknown;
  errorMessage?: string;
  onRetry?: () => void;
  /** No data to draw: an empty state instead of a blank chart. */
  empty?: boolean;
  emptyMessage?: string;
  /** Height of the chart area, kept by the skeleton, the error and the empty state. */
  height?: number;
  testId?: string;
  /** Spans both columns of a ChartGrid. */
  wide?: boolean;
  children?: ReactNode;
}

/** The failure of a section load: the spec's message, the server's detail and a retry button. */
export function LoadError({
  message,
  error,
  onRetry,
}: {
  message: string;
  error?: unknown;
  onRetry?: () => void;
}) {
  const translate = useTranslate();
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {translate('app.analysis.common.retry')}
          </Button>
        )
      }
    >
      <AlertTitle sx={{ mb: detail ? undefined : 0 }}>{message}</AlertTitle>
      {detail && detail !== message ? detail : null}
    </Alert>
  );
}

export function EmptyState({ message, height }: { message?: string; height?: number }) {
  const translate = useTranslate();
  return (
    <Box
      data-testid="empty-state"
      sx={{
        minHeight: height ? Math.min(height, 200) : 120,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        color: 'text.secondary',
        gap: 1,
      }}
    >
      <InsertChartOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
      <Typography variant="body2">{message ?? translate('app.analysis.common.empty')}</Typography>
    </Box>
  );
}

/**
 * A titled card around one chart or table with its own states: a skeleton while loading (and
 * while a lazy chart's code arrives), the error with a retry, or an empty state.
 */
export function ChartCard({
  title,
  subtitle,
  action,
  loading,
  error,
  errorMessage,
  onRetry,
  empty,
  emptyMessage,
  height = 300,
  testId,
  wide,
  children,
}: ChartCardProps) {
  const skeleton = <Skeleton variant="rounded" height={height} />;
  let body: ReactNode;
  if (error) body = <LoadError message={errorMessage ?? String(error)} error={error} onRetry={onRetry} />;
  else if (loading) body = skeleton;
  else if (empty) body = <EmptyState message={emptyMessage} height={height} />;
  else body = <Suspense fallback={skeleton}>{children}</Suspense>;
  return (
    <Card
      component="section"
      aria-label={title}
      data-testid={testId}
      sx={{ height: '100%', gridColumn: wide ? '1 / -1' : undefined }}
    >
      <CardHeader
        title={title}
        subheader={subtitle}
        action={action}
        slotProps={{ title: { variant: 'h6', component: 'h2' }, subheader: { variant: 'body2' } }}
        sx={{ pb: 0, flexWrap: 'wrap', '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      <CardContent>{body}</CardContent>
    </Card>
  );
}
