import { useState } from 'react';
import { useGetList, useTranslate, type Identifier } from 'react-admin';
import { Alert, Box, Button, CircularProgress, TablePagination, Typography } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import { formatDateTimeWib } from '../../domain/format';
import type { PatientAccessEntry } from '../../domain/patient-access';
import { formatCount } from '../../app/components/figures';

const T = 'app.patient_access';
const PER_PAGE = 10;

/** One read of the patient's data: who, when, from where, through which screen and call. */
function Entry({ entry }: { entry: PatientAccessEntry }) {
  const translate = useTranslate();
  const who = entry.user_name ?? entry.username ?? translate(`${T}.unknown_user`);
  const through = [
    entry.screen ? translate(`${T}.screen`, { screen: entry.screen }) : null,
    entry.route,
    entry.row_count !== null ? translate(`${T}.rows`, { count: formatCount(entry.row_count) }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const detail = (label: string, value: string) => (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:{' '}
      </Box>
      {value}
    </Typography>
  );
  return (
    <Box
      component="li"
      sx={{
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        display: 'grid',
        gap: 0.5,
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) minmax(0, 1.3fr)' },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {who}
        </Typography>
        {entry.user_email && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {entry.user_email}
          </Typography>
        )}
        <Typography variant="body2">
          {translate(`${T}.actions.${entry.action}`, { _: entry.action })}
        </Typography>
      </Box>
      <Box sx={{ minWidth: 0 }}>
        {detail(translate(`${T}.when`), `${formatDateTimeWib(entry.at)} WIB`)}
        {detail(translate(`${T}.where`), entry.ip_address ?? '-')}
        {detail(translate(`${T}.through`), through)}
      </Box>
    </Box>
  );
}

/**
 * 'Riwayat Akses': who read this patient's data, newest first, ten at a time
 * (GET /api/master/patients/{id}/access-log; super admins and admins).
 */
export function AccessLogTab({ id }: { id: Identifier }) {
  const translate = useTranslate();
  const [page, setPage] = useState(1);
  const { data, total, isPending, error, refetch } = useGetList<PatientAccessEntry & { id: Identifier }>(
    `master/patients/${id}/access-log`,
    { pagination: { page, perPage: PER_PAGE }, sort: { field: 'id', order: 'DESC' } },
  );
  if (isPending)
    return (
      <Box
        role="status"
        sx={{ display: 'flex', alignItems: 'center', gap: 2, justifyContent: 'center', p: 4 }}
      >
        <CircularProgress size={24} aria-hidden />
        <Typography color="text.secondary">{translate(`${T}.loading`)}</Typography>
      </Box>
    );
  if (error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => refetch()}>
            {translate('ra.action.refresh')}
          </Button>
        }
      >
        {translate(`${T}.error`)}
        {error.message ? `: ${error.message}` : ''}
      </Alert>
    );
  if (!data?.length)
    return (
      <Box role="status" sx={{ textAlign: 'center', py: 6 }}>
        <HistoryIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
        <Typography color="text.secondary">{translate(`${T}.empty`)}</Typography>
      </Box>
    );
  return (
    <>
      <Box component="ul" aria-label={translate(`${T}.list_label`)} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {data.map((entry) => (
          <Entry key={entry.id} entry={entry} />
        ))}
      </Box>
      <TablePagination
        component="div"
        count={total ?? data.length}
        page={page - 1}
        rowsPerPage={PER_PAGE}
        rowsPerPageOptions={[]}
        onPageChange={(_, next) => setPage(next + 1)}
        labelDisplayedRows={({ from, to, count }) =>
          translate('ra.navigation.page_range_info', {
            offsetBegin: formatCount(from),
            offsetEnd: formatCount(to),
            total: formatCount(count),
          })
        }
        getItemAriaLabel={(type) =>
          translate(type === 'next' ? 'ra.navigation.next' : 'ra.navigation.previous')
        }
      />
    </>
  );
}
