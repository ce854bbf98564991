import { Title, useTranslate } from 'react-admin';
import { Box, Card, CardContent, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';

/** A menu destination whose screen is not built yet. */
export function NotBuiltYet({ labelKey }: { labelKey: string }) {
  const translate = useTranslate();
  const name = translate(labelKey);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={name} />
      <CardContent>
        <Box sx={{ textAlign: 'center', py: 6 }}>
          <ConstructionIcon sx={{ fontSize: 56, color: 'text.disabled' }} />
          <Typography variant="h6">{translate('app.not_built.title')}</Typography>
          <Typography color="text.secondary">{translate('app.not_built.body', { name })}</Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
