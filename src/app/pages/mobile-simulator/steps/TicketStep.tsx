import { useLocaleState, useTranslate } from 'react-admin';
import { Button, Stack } from '@mui/material';
import { Ticket } from '../Ticket';
import { T, type StepProps } from './common';

/** Step 4: the e-ticket, and 'Buat Janji Temu Baru' to start over. */
export function TicketStep({ w, actions }: StepProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Stack spacing={2}>
      {w.booking && (
        <Ticket
          booking={w.booking}
          english={locale === 'en'}
          refreshing={w.refreshing}
          onRefresh={() => void actions.refreshBooking()}
        />
      )}
      <Button variant="contained" onClick={actions.reset}>
        {translate(`${T}.new_booking`)}
      </Button>
    </Stack>
  );
}
