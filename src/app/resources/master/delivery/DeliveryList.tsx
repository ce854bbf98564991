import { FunctionField, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { deliveries } from '../../../../domain/resources/deliveries';
import type { ResourceDeclaration } from '../../../../domain/resource';
import { formatNumber } from '../../../components/figures';
import { ResourceScreen } from '../../generic/ResourceScreen';
import type { FormSection } from '../../generic/ResourceDialog';
import { DeliveryStatusChip, formatCoord, Line, Rupiah } from '../../generic/cells';

/** The dialog's groups: order, facility, medicine, patient. */
const sectionsOf = (R: string): FormSection[] => [
  {
    title: `${R}.sections.order`,
    fields: ['order_id', 'delivery_id', 'user_id', 'delivery_status', 'delivery_price'],
  },
  {
    title: `${R}.sections.hospital`,
    fields: ['medical_facility_id', 'hospital_address', 'hospital_latitude', 'hospital_longitude'],
  },
  { title: `${R}.sections.medicine`, fields: ['medicine_count', 'medicine_weight'] },
  {
    title: `${R}.sections.patient`,
    fields: [
      'patient_nik',
      'patient_address',
      'patient_kota',
      'patient_kecamatan',
      'patient_kode_pos',
      'patient_latitude',
      'patient_longitude',
    ],
  },
];

/**
 * A delivery list (master or sandbox, spec part 2 §2: the sandbox form matches the master's):
 * search, the status filter, then order info, patient info, medicine, location, status badge
 * (spec part 2 §4 colours), price ('Rp 25.000') and the row actions; the dialog in groups.
 */
export function DeliveryScreen({ decl }: { decl: ResourceDeclaration }) {
  const translate = useTranslate();
  const R = `resources.${decl.name}`;
  return (
    <ResourceScreen
      decl={decl}
      sections={sectionsOf(R)}
      columns={[
        <FunctionField
          key="order"
          label={`${R}.columns.order_info`}
          sortBy="order_id"
          render={(r: any) => (
            <Box sx={{ minWidth: 150 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
                {r.order_id}
              </Typography>
              <Line>{r.delivery_id || '-'}</Line>
            </Box>
          )}
        />,
        <FunctionField
          key="patient"
          label={`${R}.columns.patient_info`}
          sortable={false}
          render={(r: any) => (
            <Box>
              <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                {r.patient_nik}
              </Typography>
              <Line>
                {r.patient_kota} / {r.patient_kecamatan}
              </Line>
            </Box>
          )}
        />,
        <FunctionField
          key="medicine"
          label={`${R}.columns.medicine`}
          sortable={false}
          render={(r: any) => (
            <Box sx={{ whiteSpace: 'nowrap' }}>
              <Typography variant="body2">
                {translate(`${R}.columns.items`, { count: formatNumber(r.medicine_count) })}
              </Typography>
              <Line>{formatNumber(r.medicine_weight)} kg</Line>
            </Box>
          )}
        />,
        <FunctionField
          key="location"
          label={`${R}.columns.location`}
          sortable={false}
          render={(r: any) => (
            <Box sx={{ fontFamily: 'monospace', fontSize: '0.75rem', whiteSpace: 'nowrap' }}>
              <div>
                {formatCoord(r.hospital_latitude)}, {formatCoord(r.hospital_longitude)}
              </div>
              <Box sx={{ color: 'text.secondary' }}>
                →{' '}
                {r.patient_latitude == null
                  ? '-'
                  : `${formatCoord(r.patient_latitude)}, ${formatCoord(r.patient_longitude)}`}
              </Box>
            </Box>
          )}
        />,
        <FunctionField
          key="status"
          label={`${R}.columns.status`}
          sortable={false}
          render={(r: any) => <DeliveryStatusChip resource={decl.name} status={r.delivery_status} />}
        />,
        <FunctionField
          key="price"
          label={`${R}.columns.price`}
          sortBy="delivery_price"
          textAlign="right"
          render={(r: any) => <Rupiah value={r.delivery_price} />}
        />,
      ]}
    />
  );
}

/** /master/delivery. */
function DeliveryList() {
  return <DeliveryScreen decl={deliveries} />;
}

export default DeliveryList;
