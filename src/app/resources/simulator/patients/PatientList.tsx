import { FunctionField, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { simulatorPatients } from '../../../../domain/resources/simulator-patients';
import { ResourceScreen } from '../../generic/ResourceScreen';
import type { FormSection } from '../../generic/ResourceDialog';
import { formatDay, InsuranceChip, Line } from '../../generic/cells';

const R = 'resources.admin/simulator/patients';

const sections: FormSection[] = [
  {
    title: `${R}.sections.identity`,
    fields: ['nik', 'name', 'gender', 'date_of_birth', 'place_of_birth', 'blood_type'],
  },
  {
    title: `${R}.sections.service`,
    fields: ['medical_facility_id', 'no_mr', 'insurance_type', 'no_jkn'],
  },
  {
    title: `${R}.sections.contact`,
    fields: ['phone', 'email', 'emergency_contact_name', 'emergency_contact_phone', 'address'],
  },
  {
    title: `${R}.sections.medical`,
    fields: ['allergies', 'current_medications', 'medical_history'],
  },
];

/**
 * /simulator/patients (spec part 2 §2, §3, §5): patient (name, NIK), gender, birth (place,
 * dd/MM/yyyy), medical record and JKN numbers, an insurance chip, contact and facility; the
 * dialog in groups with nik, name, gender and birth date required, a facility user's facility
 * preselected.
 */
export default function PatientList() {
  const translate = useTranslate();
  const choice = (field: string, v: string | null | undefined) =>
    v ? translate(`${R}.choices.${field}.${v}`, { _: v }) : '-';
  return (
    <ResourceScreen
      decl={simulatorPatients}
      sections={sections}
      columns={[
        <FunctionField
          key="patient"
          label={`${R}.columns.patient`}
          sortBy="name"
          render={(r: any) => (
            <Box sx={{ minWidth: 170 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {r.name}
              </Typography>
              <Line>
                <Box component="span" sx={{ fontFamily: 'monospace' }}>
                  {r.nik}
                </Box>
              </Line>
            </Box>
          )}
        />,
        <FunctionField
          key="gender"
          label={`${R}.fields.gender`}
          sortable={false}
          render={(r: any) => choice('gender', r.gender)}
        />,
        <FunctionField
          key="birth"
          label={`${R}.columns.birth`}
          sortBy="date_of_birth"
          render={(r: any) => (
            <Box sx={{ whiteSpace: 'nowrap' }}>
              <Typography variant="body2">{formatDay(r.date_of_birth)}</Typography>
              {r.place_of_birth && <Line>{r.place_of_birth}</Line>}
            </Box>
          )}
        />,
        <FunctionField
          key="numbers"
          label={`${R}.columns.numbers`}
          sortable={false}
          render={(r: any) => (
            <Box sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
              <Typography variant="body2" sx={{ fontFamily: 'inherit' }}>
                {translate(`${R}.columns.mr`)} {r.no_mr || '-'}
              </Typography>
              <Line>
                {translate(`${R}.columns.jkn`)} {r.no_jkn || '-'}
              </Line>
            </Box>
          )}
        />,
        <FunctionField
          key="insurance"
          label={`${R}.fields.insurance_type`}
          sortable={false}
          render={(r: any) => (
            <InsuranceChip value={r.insurance_type} label={choice('insurance_type', r.insurance_type)} />
          )}
        />,
        <FunctionField
          key="contact"
          label={`${R}.columns.contact`}
          sortable={false}
          render={(r: any) => (
            <Box>
              <Typography variant="body2">{r.phone || '-'}</Typography>
              {r.email && <Line>{r.email}</Line>}
            </Box>
          )}
        />,
        <FunctionField
          key="facility"
          label={`${R}.fields.facility_name`}
          sortable={false}
          render={(r: any) => r.facility_name || '-'}
        />,
      ]}
    />
  );
}
