import { useTranslate } from 'react-admin';
import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { R } from './textKeys';

/** How a facility uses its key: Basic Auth, a bearer token, the two URLs and a token request. */
export function InfoCard() {
  const translate = useTranslate();
  return (
    <Alert severity="info" sx={{ mt: 2 }}>
      <AlertTitle>{translate(`${R}.info.title`)}</AlertTitle>
      <Typography variant="body2">{translate(`${R}.info.basic`)}</Typography>
      <Typography variant="body2">{translate(`${R}.info.bearer`)}</Typography>
      <Typography variant="body2">{translate(`${R}.info.urls`)}</Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {translate(`${R}.info.example`)}
      </Typography>
      <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {
          'curl -X POST {URL}/v1/token -H "X-API-Key: {API_KEY}" \\\n  -H "Content-Type: application/json" -d \'{"username":"{USERNAME}","password":"{PASSWORD}"}\''
        }
      </Box>
    </Alert>
  );
}
