import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, Checkbox, FormControlLabel, Stack } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { downloadRecoveryCodes } from '../../providers/twoFactor';

const T = 'app.two_factor';

/**
 * The ten recovery codes, shown once: copy them, download them as a text file, and say they are
 * saved before going on.
 */
export function RecoveryCodes({
  codes,
  email,
  doneLabel,
  onDone,
}: {
  codes: string[];
  email: string;
  doneLabel: string;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [saved, setSaved] = useState(false);
  const header = translate(`${T}.file_header`, { email });
  const copy = async () => {
    await navigator.clipboard.writeText(`${header}\n\n${codes.join('\n')}\n`);
    notify(`${T}.copied`, { type: 'info' });
  };
  return (
    <Box>
      <Alert severity="success" sx={{ mb: 2 }}>
        {translate(`${T}.codes_intro`)}
      </Alert>
      <Box
        component="ul"
        aria-label={translate(`${T}.codes_list`)}
        data-testid="recovery-codes"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 1.5,
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
          textAlign: 'center',
        }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap' }} useFlexGap>
        <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {translate(`${T}.copy`)}
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => downloadRecoveryCodes(codes, header)}
        >
          {translate(`${T}.download`)}
        </Button>
      </Stack>
      <FormControlLabel
        sx={{ mt: 1.5, display: 'flex' }}
        control={<Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)} />}
        label={translate(`${T}.saved_check`)}
      />
      <Button
        variant="contained"
        fullWidth
        disabled={!saved}
        onClick={onDone}
        sx={{ mt: 1, textTransform: 'none' }}
      >
        {doneLabel}
      </Button>
    </Box>
  );
}
