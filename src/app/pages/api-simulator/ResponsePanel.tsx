import { useTranslate } from 'react-admin';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Chip,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { TesterResponse } from './request';

const T = 'app.api_simulator.response';

/** 2xx success, 4xx warning, 5xx (and no answer) error (spec part 2 §2). */
export function statusColor(status: number | null): 'success' | 'info' | 'warning' | 'error' {
  if (status === null || status >= 500) return 'error';
  if (status >= 400) return 'warning';
  if (status >= 300) return 'info';
  return 'success';
}

const pretty = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body, null, 2));

/** The answer: status chip, time, headers and the body pretty-printed, with copy. */
export function ResponsePanel({
  response,
  busy,
  onCopied,
}: {
  response: TesterResponse | null;
  busy: boolean;
  onCopied: () => void;
}) {
  const translate = useTranslate();
  const copy = async () => {
    if (!response) return;
    await navigator.clipboard.writeText(pretty(response.body));
    onCopied();
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} aria-busy={busy} data-testid="response-panel">
      <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate(`${T}.title`)}
        </Typography>
        {response && (
          <>
            <Chip
              data-testid="status-chip"
              color={statusColor(response.status)}
              label={response.status === null ? 'ERR' : `${response.status} ${response.statusText}`.trim()}
            />
            <Chip variant="outlined" label={`${translate(`${T}.time`)}: ${response.ms} ms`} />
            <Tooltip title={translate(`${T}.copy`)}>
              <IconButton aria-label={translate(`${T}.copy`)} onClick={() => void copy()}>
                <ContentCopyIcon />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Stack>
      {busy && <LinearProgress sx={{ my: 1 }} aria-label={translate('app.common.loading')} />}
      {!response && !busy && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {translate(`${T}.empty`)}
        </Typography>
      )}
      {response && (
        <>
          <Accordion disableGutters variant="outlined" sx={{ mt: 1 }}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              {translate(`${T}.headers`)} ({Object.keys(response.headers).length})
            </AccordionSummary>
            <AccordionDetails>
              <Box
                component="dl"
                sx={{ m: 0, fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' }}
              >
                {Object.entries(response.headers).map(([k, v]) => (
                  <Box key={k} sx={{ display: 'flex', gap: 1 }}>
                    <Box component="dt" sx={{ fontWeight: 600, flexShrink: 0, whiteSpace: 'nowrap' }}>
                      {k}:
                    </Box>
                    <Box component="dd" sx={{ m: 0 }}>
                      {v}
                    </Box>
                  </Box>
                ))}
              </Box>
            </AccordionDetails>
          </Accordion>
          <Typography variant="subtitle2" sx={{ mt: 2 }}>
            {translate(`${T}.body`)}
          </Typography>
          <Box
            component="pre"
            data-testid="response-body"
            tabIndex={0}
            sx={{
              m: 0,
              mt: 1,
              p: 1.5,
              bgcolor: 'grey.100',
              borderRadius: 1,
              fontSize: 13,
              maxHeight: 480,
              overflow: 'auto',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            }}
          >
            {response.error ?? pretty(response.body)}
          </Box>
        </>
      )}
    </Paper>
  );
}
