import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';

/** Reloads every dashboard aggregate on the screen (all queries under ['dashboard']). */
export function RefreshButton() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: ['dashboard'] }) > 0;
  return (
    <Button
      variant="outlined"
      onClick={() => queryClient.invalidateQueries({ queryKey: ['dashboard'] })}
      // The button says it is busy (aria-busy): its spinner is only drawn, not a second name.
      startIcon={fetching ? <CircularProgress size={16} color="inherit" aria-hidden /> : <RefreshIcon />}
      aria-busy={fetching}
    >
      {translate('app.analysis.common.refresh')}
    </Button>
  );
}

/** A screen's title (also in the app bar), a subtitle and actions, with a refresh button. */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 2,
        mt: 2,
        mb: 2,
      }}
    >
      <Title title={title} />
      <Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        {actions}
        <RefreshButton />
      </Box>
    </Box>
  );
}

/** A screen's title (also in the app bar) and a line under it that says what the screen is for. */
export function PageTitle({ title, subtitle }: { title: string; subtitle: ReactNode }) {
  return (
    <>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {subtitle}
      </Typography>
    </>
  );
}
