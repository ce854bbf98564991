/** The signed-in admin's sessions: a table on wide screens, one card per session on a phone. */
import { useTranslate } from 'react-admin';
import { Box, Button, Chip, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import ComputerIcon from '@mui/icons-material/Computer';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import TabletIcon from '@mui/icons-material/TabletMac';
import LogoutIcon from '@mui/icons-material/Logout';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { formatDateTimeWib } from '../../../domain/format';

/** One of the signed-in admin's sessions, as GET /api/auth/sessions answers it. */
export interface OwnSession {
  id: number;
  device: string | null;
  device_type: string | null;
  ip_address: string | null;
  signed_in_at: string;
  last_seen_at: string;
  current: boolean;
}

export const T = 'app.account.sessions';

export function useDeviceName() {
  const translate = useTranslate();
  return (s: OwnSession) => s.device ?? translate(`${T}.unknown_device`);
}

function DeviceCell({ session }: { session: OwnSession }) {
  const translate = useTranslate();
  const deviceName = useDeviceName();
  const Icon =
    session.device_type === 'mobile'
      ? PhoneIphoneIcon
      : session.device_type === 'tablet'
        ? TabletIcon
        : ComputerIcon;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Icon fontSize="small" color="action" aria-hidden />
      <span>{deviceName(session)}</span>
      {session.current && <Chip size="small" color="primary" label={translate(`${T}.current`)} />}
    </Box>
  );
}

/** 'Akhiri' for every session but this one (which ends with 'Keluar'). */
function EndButton({ session, onEnd }: { session: OwnSession; onEnd: (s: OwnSession) => void }) {
  const translate = useTranslate();
  const deviceName = useDeviceName();
  if (session.current) return null;
  return (
    <Button
      size="small"
      color="error"
      startIcon={<LogoutIcon />}
      aria-label={translate(`${T}.end_label`, { device: deviceName(session) })}
      onClick={() => onEnd(session)}
    >
      {translate(`${T}.end`)}
    </Button>
  );
}

function SessionCards({ sessions, onEnd }: { sessions: OwnSession[]; onEnd: (s: OwnSession) => void }) {
  const translate = useTranslate();
  const line = (label: string, value: string) => (
    <Typography variant="body2">
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {translate(`${T}.${label}`)}:
      </Box>{' '}
      {value}
    </Typography>
  );
  return (
    <Stack
      component="ul"
      aria-label={translate(`${T}.table`)}
      spacing={1.5}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {sessions.map((s) => (
        <Box component="li" key={s.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
          <DeviceCell session={s} />
          <Box sx={{ mt: 1 }}>
            {line('ip', s.ip_address ?? '-')}
            {line('signed_in', formatDateTimeWib(s.signed_in_at))}
            {line('last_seen', formatDateTimeWib(s.last_seen_at))}
          </Box>
          {!s.current && (
            <Box sx={{ mt: 1, display: 'flex', justifyContent: 'flex-end' }}>
              <EndButton session={s} onEnd={onEnd} />
            </Box>
          )}
        </Box>
      ))}
    </Stack>
  );
}

export function SessionTable({
  sessions,
  onEnd,
}: {
  sessions: OwnSession[];
  onEnd: (s: OwnSession) => void;
}) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone) return <SessionCards sessions={sessions} onEnd={onEnd} />;
  const columns: DataColumn<OwnSession>[] = [
    { key: 'device', label: translate(`${T}.device`), render: (s) => <DeviceCell session={s} /> },
    { key: 'ip', label: translate(`${T}.ip`), render: (s) => s.ip_address ?? '-' },
    {
      key: 'signed_in',
      label: translate(`${T}.signed_in`),
      render: (s) => formatDateTimeWib(s.signed_in_at),
    },
    {
      key: 'last_seen',
      label: translate(`${T}.last_seen`),
      render: (s) => formatDateTimeWib(s.last_seen_at),
    },
    {
      key: 'actions',
      label: translate(`${T}.actions`),
      align: 'right',
      render: (s) => <EndButton session={s} onEnd={onEnd} />,
    },
  ];
  return (
    <DataTable
      rows={sessions}
      columns={columns}
      rowKey={(s) => String(s.id)}
      label={translate(`${T}.table`)}
    />
  );
}
