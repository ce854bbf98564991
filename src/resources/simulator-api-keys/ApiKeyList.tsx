import { FunctionField, useTranslate } from 'react-admin';
import { Box, Button, Typography } from '@mui/material';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import { simulatorApiKeys } from './index';
import { ResourceScreen } from '../../app/resources/generic/ResourceScreen';
import { Line } from '../../app/resources/generic/cells';
import { formatDateTimeWib } from '../../domain/format';
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
          <FunctionField
            key="key"
            label={`${R}.fields.x_api_key`}
            sortable={false}
            render={(r: any) => <SecretCell record={r} field="x_api_key" secrets={secrets} />}
          />,
          <FunctionField
            key="token"
            label={`${R}.fields.token`}
            sortable={false}
            render={(r: any) => <SecretCell record={r} field="token" secrets={secrets} />}
          />,
          <FunctionField
            key="username"
            label={`${R}.fields.username`}
            sortable={false}
            render={(r: any) => r.username ?? '-'}
          />,
          <FunctionField
            key="urls"
            label={`${R}.columns.urls`}
            sortable={false}
            render={(r: any) => <UrlsCell record={r} />}
          />,
          <FunctionField
            key="facility"
            label={`${R}.columns.facility`}
            sortable={false}
            render={(r: any) => <FacilityCell record={r} />}
          />,
          <FunctionField
            key="created"
            label={`${R}.fields.created_at`}
            sortBy="created_at"
            render={(r: any) => formatDateTimeWib(r.created_at)}
          />,
          <FunctionField
            key="test"
            label=""
            sortable={false}
            render={(r: any) => <TestButton record={r} secrets={secrets} />}
          />,
        ]}
      />
    </>
  );
}

export default ApiKeyList;
