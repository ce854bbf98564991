/**
 * The mobile registration simulator, E-Registrasi (spec part 2 §2 'Mobile simulator', §4
 * 'Mobile wizard', §5, §7, §8, §9): a phone-sized wizard that calls the facility API with a
 * facility's key (Cek NIK Pasien → Data Pasien → Pilih Dokter → Konfirmasi → e-ticket), beside
 * a panel with the key, the target URL, the auth method and the request/response inspector.
 */
import { Title, useTranslate } from 'react-admin';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Panel } from './Panel';
import { Phone } from './Phone';
import { useApiKeys, useFacilityName } from './useApiKeys';
import { useFacilityApi } from './useFacilityApi';
import { useWizard, withDetail } from './useWizard';

const T = 'app.mobile_simulator';

export default function MobileSimulator() {
  const translate = useTranslate();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const api = useFacilityApi();
  const [w, dispatch, actions] = useWizard(api);
  const keys = useApiKeys(api, actions.keyChanged);
  const chosen = keys.keys.find((k) => k.id === keys.keyId);
  const facilityName = useFacilityName(api, chosen, (detail) =>
    dispatch({
      type: 'messages',
      messages: { error: withDetail(translate(`${T}.errors.facilities`), detail) },
    }),
  );

  const phone = (
    <Phone
      w={w}
      dispatch={dispatch}
      actions={actions}
      ready={!!api.conn.key}
      keysLoading={keys.keysLoading}
      facilityName={facilityName}
      wide={wide}
    />
  );
  const panel = (
    <Panel
      conn={api.conn}
      onConn={api.setConn}
      keys={keys.keys}
      keysLoading={keys.keysLoading}
      keysError={keys.keysError}
      keyId={keys.keyId}
      onPickKey={keys.choose}
      autoKey={keys.autoKey}
      username={keys.username}
      onUsername={keys.setUsername}
      onGetToken={keys.getToken}
      tokenError={keys.tokenError}
      exchanges={api.exchanges}
      onClear={api.clearExchanges}
    />
  );

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={translate(`${T}.title`)} />
      <Typography variant="h5" component="h1" sx={{ mb: 0.5 }}>
        {translate(`${T}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${T}.subtitle`)}
      </Typography>
      {wide ? (
        <Stack direction="row" spacing={3} sx={{ alignItems: 'flex-start' }}>
          {phone}
          <Box sx={{ flex: 1, minWidth: 0 }} data-testid="side-panel">
            {panel}
          </Box>
        </Stack>
      ) : (
        <Stack spacing={2}>
          {phone}
          <Accordion data-testid="side-panel" disableGutters>
            <AccordionSummary expandIcon={<ExpandMore />}>
              <Typography>{translate(`${T}.panel.settings_toggle`)}</Typography>
            </AccordionSummary>
            <AccordionDetails sx={{ px: 1 }}>{panel}</AccordionDetails>
          </Accordion>
        </Stack>
      )}
    </Box>
  );
}
