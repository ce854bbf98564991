import { useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Box, Button, Card, CardContent, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { twoFactorStatus } from '../../providers/twoFactor';
import { useMe } from '../../layout/useMe';
import { EnrolDialog } from './EnrolDialog';
import { DisableDialog } from './DisableDialog';

const T = 'app.two_factor';
const STATUS_KEY = ['auth', 'two-factor'];

/**
 * 'Autentikasi Dua Faktor' (from the user menu): whether it is on, the recovery codes left, and
 * the enrolment or the way to turn it off.
 */
export default function TwoFactorPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const { data: status, isPending } = useQuery({ queryKey: STATUS_KEY, queryFn: twoFactorStatus });
  const [dialog, setDialog] = useState<'enrol' | 'disable' | null>(null);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    void queryClient.invalidateQueries({ queryKey: ['auth', 'me'] });
  };
  const title = translate(`${T}.page_title`);
  return (
    <Box sx={{ mt: 2, maxWidth: 720 }}>
      <Title title={translate(`${T}.bar_title`)} />
      <Card>
        <CardContent>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
            <VerifiedUserIcon color="primary" />
            <Typography component="h1" variant="h6" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {translate(`${T}.page_intro`)}
          </Typography>
          {isPending || !status ? (
            <CircularProgress aria-label={translate('ra.page.loading')} sx={{ mt: 2 }} />
          ) : (
            <Box sx={{ mt: 2 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                <Typography variant="body2">{translate(`${T}.status_label`)}:</Typography>
                <Chip
                  size="small"
                  data-testid="two-factor-status"
                  color={status.enabled ? 'success' : 'default'}
                  label={translate(status.enabled ? `${T}.status_on` : `${T}.status_off`)}
                />
                {status.required && (
                  <Typography variant="body2" color="text.secondary">
                    {translate(`${T}.required_note`)}
                  </Typography>
                )}
              </Stack>
              {status.enabled && (
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {translate(`${T}.codes_left`, { count: status.recovery_codes_left })}
                </Typography>
              )}
              <Button
                sx={{ mt: 2 }}
                variant={status.enabled ? 'outlined' : 'contained'}
                color={status.enabled ? 'error' : 'primary'}
                onClick={() => setDialog(status.enabled ? 'disable' : 'enrol')}
              >
                {translate(status.enabled ? `${T}.turn_off` : `${T}.turn_on`)}
              </Button>
            </Box>
          )}
        </CardContent>
      </Card>
      {dialog === 'enrol' && (
        <EnrolDialog
          email={me?.email ?? ''}
          onEnabled={() => {
            refresh();
            notify(`${T}.enabled`, { type: 'success' });
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'disable' && (
        <DisableDialog required={!!status?.required} onDisabled={refresh} onClose={() => setDialog(null)} />
      )}
    </Box>
  );
}
