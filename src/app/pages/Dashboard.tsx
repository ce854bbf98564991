import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { Card, CardContent, Typography } from '@mui/material';

/** The dashboard's frame; its cards and charts come with the monitoring screens. */
export default function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('app.menu.dashboard')} />
      <CardContent>
        <Typography variant="h5" gutterBottom>
          {translate('app.dashboard.welcome', { name: identity?.fullName ?? '' })}
        </Typography>
        <Typography color="text.secondary">{translate('app.dashboard.intro')}</Typography>
      </CardContent>
    </Card>
  );
}
