import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { API_URL, httpClient } from '../../providers/http';
import { PageTitle } from '../../components/PageHeader';
import { SessionTable, T, useDeviceName, type OwnSession } from './SessionTable';

const QUERY_KEY = ['account', 'sessions'];

function Loading() {
  const translate = useTranslate();
  return (
    <Box
      role="status"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 4, justifyContent: 'center' }}
    >
      <CircularProgress size={20} aria-hidden />
      <Typography>{translate(`${T}.loading`)}</Typography>
    </Box>
  );
}

/**
 * 'Sesi Aktif': where the signed-in admin's account is signed in, and ending any session but
 * this one (after a confirmation).
 */
export default function SessionsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const deviceName = useDeviceName();
  const [ending, setEnding] = useState<OwnSession | null>(null);
  const query = useQuery<OwnSession[]>({
    queryKey: QUERY_KEY,
    queryFn: async () => (await httpClient(`${API_URL}/auth/sessions`)).json.data,
  });
  const end = useMutation({
    mutationFn: (id: number) => httpClient(`${API_URL}/auth/sessions/${id}`, { method: 'DELETE' }),
    onSuccess: () => notify(`${T}.ended`, { type: 'success' }),
    onError: () => notify(`${T}.end_failed`, { type: 'error' }),
    // Ended meanwhile elsewhere (404) or not: the list is read again either way.
    onSettled: () => {
      setEnding(null);
      void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    },
  });

  const sessions = query.data ?? [];
  let body;
  if (query.isPending) body = <Loading />;
  else if (query.isError)
    body = (
      <Alert
        severity="error"
        action={<Button onClick={() => void query.refetch()}>{translate(`${T}.retry`)}</Button>}
      >
        {translate(`${T}.fetch_failed`)}
      </Alert>
    );
  else if (sessions.length === 0)
    body = (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {translate(`${T}.empty`)}
      </Typography>
    );
  else
    body = (
      <>
        <SessionTable sessions={sessions} onEnd={setEnding} />
        {sessions.every((s) => s.current) && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {translate(`${T}.only_this`)}
          </Typography>
        )}
      </>
    );

  return (
    <Box sx={{ mt: 2 }}>
      <PageTitle title={translate(`${T}.title`)} subtitle={translate(`${T}.subtitle`)} />
      <Card>
        <CardContent>{body}</CardContent>
      </Card>
      <Confirm
        isOpen={!!ending}
        loading={end.isPending}
        title={`${T}.confirm_title`}
        content={`${T}.confirm_body`}
        translateOptions={{ device: ending ? deviceName(ending) : '', ip: ending?.ip_address ?? '-' }}
        confirm={`${T}.confirm`}
        cancel={`${T}.cancel`}
        confirmColor="warning"
        onConfirm={() => ending && end.mutate(ending.id)}
        onClose={() => setEnding(null)}
      />
    </Box>
  );
}
