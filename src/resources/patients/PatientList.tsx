import { FunctionField, SelectInput, usePermissions, useTranslate } from 'react-admin';
import { Box, Chip, Typography } from '@mui/material';
import { patients } from './index';
import { ageInYears, formatDate } from '../../domain/format';
import { ResourceScreen } from '../../app/resources/generic/ResourceScreen';
import { Line } from '../../app/resources/generic/cells';
import { INSURANCE_COLORS } from './index';
import type { DialogTab } from '../../app/resources/generic/DialogTabs';
import { canReadAccessLog } from '../../domain/patient-access';
import { AccessLogTab } from './AccessLogTab';

const R = 'resources.master/patients';

/** 'Riwayat Akses' beside the patient's form, for super admins and admins. */
const accessTab: DialogTab = {
  key: 'access',
  label: 'app.patient_access.tab',
  render: (id) => <AccessLogTab id={id} />,
};

/**
 * /master/patients: grouped columns, gender and insurance filters, the declaration's sectioned
 * patient form and, for super admins and admins, the patient's access history.
 */
function PatientList() {
  const translate = useTranslate();
  const { permissions } = usePermissions<{ role: string; menus: string[] }>();
  const auditor = !!permissions && canReadAccessLog(permissions.role, permissions.menus);
  const gender = (g: string) => translate(`${R}.choices.gender.${g}`, { _: g });
  return (
    <ResourceScreen
      decl={patients}
      tabs={auditor ? [accessTab] : undefined}
      formTabLabel="app.patient_access.details_tab"
      filters={[
        <SelectInput
          key="gender"
          source="gender"
          alwaysOn
          label={`${R}.filters.gender`}
          choices={[
            { id: 'L', name: gender('L') },
            { id: 'P', name: gender('P') },
          ]}
          sx={{ minWidth: 160 }}
        />,
        <SelectInput
          key="insurance"
          source="insurance"
          alwaysOn
          label={`${R}.filters.insurance`}
          choices={['BPJS', 'Asuransi Swasta', 'Umum'].map((v) => ({ id: v, name: v }))}
          sx={{ minWidth: 180 }}
        />,
      ]}
      columns={[
        <FunctionField
          key="info"
          label={`${R}.columns.patient_info`}
          sortBy="full_name"
          render={(r: any) => (
            <Box sx={{ minWidth: 200 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {r.full_name}
              </Typography>
              <Line>
                {gender(r.gender)} · {translate('app.common.years_old', { age: ageInYears(r.date_of_birth) })}
              </Line>
              <Line>
                {r.place_of_birth}, {formatDate(r.date_of_birth)}
              </Line>
            </Box>
          )}
        />,
        <FunctionField
          key="identity"
          label={`${R}.columns.identity`}
          sortable={false}
          render={(r: any) => (
            <Box>
              <Chip label={r.identity_type} size="small" variant="outlined" sx={{ mb: 0.5 }} />
              <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                {r.identity_number}
              </Typography>
            </Box>
          )}
        />,
        <FunctionField
          key="contact"
          label={`${R}.columns.contact`}
          sortable={false}
          render={(r: any) => (
            <Box>
              <Typography variant="body2">{r.phone_number || '-'}</Typography>
              <Line>{r.email || '-'}</Line>
            </Box>
          )}
        />,
        <FunctionField
          key="location"
          label={`${R}.columns.location`}
          sortable={false}
          render={(r: any) => (
            <Box>
              <Typography variant="body2">{r.district || '-'}</Typography>
              <Line>{[r.regency, r.province].filter(Boolean).join(', ')}</Line>
            </Box>
          )}
        />,
        <FunctionField
          key="insurance"
          label={`${R}.columns.insurance`}
          sortable={false}
          render={(r: any) =>
            r.insurance ? (
              <Box>
                <Chip label={r.insurance} size="small" color={INSURANCE_COLORS[r.insurance] ?? 'default'} />
                {r.insurance_number && <Line>{r.insurance_number}</Line>}
              </Box>
            ) : (
              '-'
            )
          }
        />,
      ]}
    />
  );
}

export default PatientList;
