import { FunctionField, ReferenceField, type TranslateFunction } from 'react-admin';
import { Box, Button, Chip, Typography } from '@mui/material';
import RouteIcon from '@mui/icons-material/Route';
import { formatDate } from '../../domain/format';
import { INSURANCE_COLORS } from '../patients';
import { Line } from '../../app/resources/generic/cells';

const R = 'resources.master/appointments';

/** 'HH:MM' of a scheduled date-time in the user's clock. */
const clock = (iso: string) => {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

/** The patient, schedule, facility, poli, insurance, queue and patient-type columns, and 'View Journey'. */
export function appointmentColumns(translate: TranslateFunction, onJourney: (appointment: any) => void) {
  return [
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
        <Button size="small" startIcon={<RouteIcon />} onClick={() => onJourney(r)}>
          {translate(`${R}.journey.action`)}
        </Button>
      )}
    />,
  ];
}
