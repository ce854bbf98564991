import { useTranslate } from 'react-admin';
import { Box, Button, Typography } from '@mui/material';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { simulatorApiKeys } from './index';
import { ResourceScreen } from '../../app/resources/generic/ResourceScreen';
import { Line, cellColumn, dateTimeColumn } from '../../app/resources/generic/cells';
import { ApiKeyInput } from './ApiKeyInput';
import { InfoCard } from './InfoCard';
import { SecretCell } from './SecretCell';
import { R } from './textKeys';
import { useApiKeySecrets, type ApiKeySecrets } from './useApiKeySecrets';

const UrlsCell = ({ record }: { record: any }) => (
  <Box sx={{ maxWidth: 260, wordBreak: 'break-all' }}>
    <Typography variant="body2">{record.url_dev || '-'}</Typography>
    {record.url_prod && <Line>{record.url_prod}</Line>}
  </Box>
);

const FacilityCell = ({ record }: { record: any }) => (
  <Box>
    <Typography variant="body2" sx={{ fontWeight: 600 }}>
      {record.facility_name ?? '-'}
    </Typography>
    <Line>{[record.facility_code, record.facility_type].filter(Boolean).join(' · ')}</Line>
  </Box>
);

function TestButton({ record, secrets }: { record: any; secrets: ApiKeySecrets }) {
  const translate = useTranslate();
  return (
    <Button
      size="small"
      startIcon={<FactCheckIcon />}
      onClick={(e) => {
        e.stopPropagation();
        void secrets.test(record.id);
      }}
      aria-label={`${translate(`${R}.actions.test`)} ${record.username ?? record.facility_name ?? ''}`}
    >
      {translate(`${R}.actions.test`)}
    </Button>
  );
}

/**
 * /simulator/api-keys: the info card, then keys and tokens masked (first 4 + last 4) with an
 * explicit reveal (the server logs it) and copy, username, URLs, facility and creation time, and
 * per row Test (POST /admin/test-simulator-apikey), Edit and Delete. The add dialog shows the
 * key that will be created.
 */
function ApiKeyList() {
  const secrets = useApiKeySecrets();
  return (
    <>
      <InfoCard />
      <ResourceScreen
        decl={simulatorApiKeys}
        inputs={{ x_api_key: ApiKeyInput }}
        columns={[
          cellColumn('key', `${R}.fields.x_api_key`, (r) => (
            <SecretCell record={r} field="x_api_key" secrets={secrets} />
          )),
          cellColumn('token', `${R}.fields.token`, (r) => (
            <SecretCell record={r} field="token" secrets={secrets} />
          )),
          cellColumn('username', `${R}.fields.username`, (r) => r.username ?? '-'),
          cellColumn('urls', `${R}.columns.urls`, (r) => <UrlsCell record={r} />),
          cellColumn('facility', `${R}.columns.facility`, (r) => <FacilityCell record={r} />),
          dateTimeColumn('created', `${R}.fields.created_at`, 'created_at'),
          cellColumn('test', '', (r) => <TestButton record={r} secrets={secrets} />),
        ]}
      />
    </>
  );
}

export default ApiKeyList;
