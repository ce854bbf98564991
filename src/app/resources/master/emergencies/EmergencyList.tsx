import { FunctionField } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { emergencies } from '../../../../domain/resources/emergencies';
import { formatNumber } from '../../../components/figures';
import { ResourceScreen } from '../../generic/ResourceScreen';
import { formatCoord, formatDateTimeWib } from '../../generic/cells';

const R = 'resources.master/emergencies';

/**
 * /master/emergencies: search, then Patient Info, Contact, Location (6 decimals), Accuracy
 * ('± N m'), Created (dd/MM/yyyy HH:mm) and the row actions (spec part 1 §2).
 */
function EmergencyList() {
  return (
    <ResourceScreen
      decl={emergencies}
      columns={[
        <FunctionField
          key="info"
          label={`${R}.columns.patient_info`}
          sortBy="fullname"
          render={(r: any) => (
            <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 160 }}>
              {r.fullname}
            </Typography>
          )}
        />,
        <FunctionField
          key="contact"
          label={`${R}.columns.contact`}
          sortable={false}
          render={(r: any) => <Typography variant="body2">{r.phone}</Typography>}
        />,
        <FunctionField
          key="location"
          label={`${R}.columns.location`}
          sortable={false}
          render={(r: any) => (
            <Box sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', whiteSpace: 'nowrap' }}>
              {formatCoord(r.latitude)}, {formatCoord(r.longitude)}
            </Box>
          )}
        />,
        <FunctionField
          key="accuracy"
          label={`${R}.columns.accuracy`}
          sortBy="accuracy"
          render={(r: any) => (r.accuracy == null ? '-' : `± ${formatNumber(r.accuracy)} m`)}
        />,
        <FunctionField
          key="created"
          label={`${R}.columns.created`}
          sortBy="created_at"
          render={(r: any) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTimeWib(r.created_at)}</span>}
        />,
      ]}
    />
  );
}

export default EmergencyList;
