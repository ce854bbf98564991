import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FunctionField, ReferenceField, SelectInput, TextInput, useTranslate } from 'react-admin';
import { Box, Button, Chip, Typography } from '@mui/material';
import RouteIcon from '@mui/icons-material/Route';
import { appointments } from '../../../../domain/resources/appointments';
import { formatDate } from '../../../../domain/format';
import { ResourceScreen } from '../../generic/ResourceScreen';
import { Line } from '../../generic/cells';
import { INSURANCE_COLORS } from '../../../../domain/resources/patients';
import type { FormSection } from '../../generic/ResourceDialog';
import { httpClient, API_URL } from '../../../providers/http';
import { JourneyDialog } from './JourneyDialog';

const R = 'resources.master/appointments';

const sections: FormSection[] = [
  { title: `${R}.sections.patient`, fields: ['nik', 'name', 'id_type', 'id_number', 'new_patient'] },
  {
    title: `${R}.sections.visit`,
    fields: [
      'medical_facility_id',
      'scheduled_date',
      'start_time',
      'end_time',
      'poly_code',
      'poly_name',
      'doctor_name',
    ],
  },
  {
    title: `${R}.sections.queue`,
    fields: [
      'health_insurance',
      'insurance_number',
      'queue_number',
      'queue_left_until_my_turn',
      'payment_id',
      'created_by',
    ],
  },
];

interface FilterOptions {
  medical_facilities: { id: number; name: string }[];
  param_types: string[];
  health_insurance_types: string[];
}

/** 'HH:MM' of a scheduled date-time in the user's clock. */
const clock = (iso: string) => {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

/**
 * /master/appointments: search; insurance, facility, parameter type and value filters (choices
 * from GET /master/appointments/filter-options); the patient, schedule, facility, poli,
 * insurance, queue and patient-type columns; 'View Journey' per row.
 */
function AppointmentList() {
  const translate = useTranslate();
  const [journeyOf, setJourneyOf] = useState<any>(null);
  const { data: options } = useQuery({
    queryKey: ['appointment-filter-options'],
    queryFn: async () =>
      (await httpClient(`${API_URL}/master/appointments/filter-options`)).json as FilterOptions,
    staleTime: 60_000,
  });
  return (
    <>
      <ResourceScreen
        decl={appointments}
        sections={sections}
        defaults={() => ({ health_insurance: 'Umum' })}
        filters={[
          <SelectInput
            key="health_insurance"
            source="health_insurance"
            alwaysOn
            label={`${R}.filters.health_insurance`}
            choices={(options?.health_insurance_types ?? ['BPJS', 'Asuransi Swasta', 'Umum']).map((v) => ({
              id: v,
              name: v,
            }))}
            sx={{ minWidth: 170 }}
          />,
          <SelectInput
            key="medical_facility_id"
            source="medical_facility_id"
            alwaysOn
            label={`${R}.filters.medical_facility_id`}
            choices={options?.medical_facilities ?? []}
            isPending={!options}
            sx={{ minWidth: 200 }}
          />,
          <SelectInput
            key="param_type"
            source="param_type"
            alwaysOn
            label={`${R}.filters.param_type`}
            choices={(options?.param_types ?? []).map((v) => ({ id: v, name: v }))}
            sx={{ minWidth: 160 }}
          />,
          <TextInput
            key="param_value"
            source="param_value"
            alwaysOn
            label={`${R}.filters.param_value`}
            sx={{ minWidth: 160 }}
          />,
        ]}
        columns={[
          <FunctionField
            key="patient"
            label={`${R}.columns.patient`}
            sortable={false}
            render={(r: any) => (
              <Box sx={{ minWidth: 180 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {r.name}
                </Typography>
                <Line>
                  <span style={{ fontFamily: 'monospace' }}>{r.nik}</span>
                </Line>
              </Box>
            )}
          />,
          <FunctionField
            key="schedule"
            label={`${R}.columns.schedule`}
            sortBy="scheduled_date"
            render={(r: any) => (
              <Box sx={{ minWidth: 110 }}>
                <Typography variant="body2">{formatDate(r.scheduled_date)}</Typography>
                <Line>
                  {r.start_time && r.end_time ? `${r.start_time}–${r.end_time}` : clock(r.scheduled_date)}
                </Line>
              </Box>
            )}
          />,
          <ReferenceField
            key="facility"
            source="medical_facility_id"
            reference="admin/medical-facilities"
            label={`${R}.columns.facility`}
            sortable={false}
            link={false}
          />,
          <FunctionField
            key="poly"
            label={`${R}.columns.poly`}
            sortable={false}
            render={(r: any) => (
              <Box>
                <Typography variant="body2">{r.poly_name || r.poly_code}</Typography>
                {r.doctor_name && <Line>{r.doctor_name}</Line>}
              </Box>
            )}
          />,
          <FunctionField
            key="insurance"
            label={`${R}.columns.insurance`}
            sortable={false}
            render={(r: any) => (
              <Chip
                label={r.health_insurance}
                size="small"
                color={INSURANCE_COLORS[r.health_insurance] ?? 'default'}
              />
            )}
          />,
          <FunctionField
            key="queue"
            label={`${R}.columns.queue`}
            sortable={false}
            textAlign="right"
            render={(r: any) => r.queue_number ?? '-'}
          />,
          <FunctionField
            key="type"
            label={`${R}.columns.patient_type`}
            sortable={false}
            render={(r: any) => (
              <Chip
                size="small"
                variant="outlined"
                color={r.new_patient ? 'info' : 'default'}
                label={translate(`${R}.choices.new_patient.${r.new_patient ? 'true' : 'false'}`)}
              />
            )}
          />,
          <FunctionField
            key="journey"
            label={`${R}.columns.journey`}
            sortable={false}
            render={(r: any) => (
              <Button size="small" startIcon={<RouteIcon />} onClick={() => setJourneyOf(r)}>
                {translate(`${R}.journey.action`)}
              </Button>
            )}
          />,
        ]}
      />
      {journeyOf && <JourneyDialog appointment={journeyOf} onClose={() => setJourneyOf(null)} />}
    </>
  );
}

export default AppointmentList;
