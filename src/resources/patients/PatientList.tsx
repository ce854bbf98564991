import { usePermissions, useTranslate } from 'react-admin';
import { Box, Chip, Typography } from '@mui/material';
import { patients } from './index';
import { ageInYears, formatDate } from '../../domain/format';
import { ResourceScreen } from '../../app/resources/generic/ResourceScreen';
import { ColorChip, Line, cellColumn, stackedColumn } from '../../app/resources/generic/cells';
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
 * /master/patients: grouped columns, the declaration's filters (gender, insurance) and sectioned
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
      columns={[
        stackedColumn(
          'info',
          `${R}.columns.patient_info`,
          (r) => ({
            main: r.full_name,
            strong: true,
            minWidth: 200,
            lines: [
              <>
                {gender(r.gender)} · {translate('app.common.years_old', { age: ageInYears(r.date_of_birth) })}
              </>,
              <>
                {r.place_of_birth}, {formatDate(r.date_of_birth)}
              </>,
            ],
          }),
          'full_name',
        ),
        cellColumn('identity', `${R}.columns.identity`, (r) => (
          <Box>
            <Chip label={r.identity_type} size="small" variant="outlined" sx={{ mb: 0.5 }} />
            <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
              {r.identity_number}
            </Typography>
          </Box>
        )),
        stackedColumn('contact', `${R}.columns.contact`, (r) => ({
          main: r.phone_number || '-',
          lines: [r.email || '-'],
        })),
        stackedColumn('location', `${R}.columns.location`, (r) => ({
          main: r.district || '-',
          lines: [[r.regency, r.province].filter(Boolean).join(', ')],
        })),
        cellColumn('insurance', `${R}.columns.insurance`, (r) =>
          r.insurance ? (
            <Box>
              <ColorChip
                value={r.insurance}
                colors={INSURANCE_COLORS}
                label={translate(`${R}.choices.insurance.${r.insurance}`, { _: r.insurance })}
              />
              {r.insurance_number && <Line>{r.insurance_number}</Line>}
            </Box>
          ) : (
            '-'
          ),
        ),
      ]}
    />
  );
}

export default PatientList;
