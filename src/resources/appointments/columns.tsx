import { ReferenceField, type TranslateFunction } from 'react-admin';
import { Button } from '@mui/material';
import RouteIcon from '@mui/icons-material/Route';
import { formatDate } from '../../domain/format';
import { INSURANCE_COLORS } from '../patients';
import { cellColumn, chipColumn, stackedColumn } from '../../app/resources/generic/cells';

const R = 'resources.master/appointments';

/** 'HH:MM' of a scheduled date-time in the user's clock. */
const clock = (iso: string) => {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

/** The patient, schedule, facility, poli, insurance, queue and patient-type columns, and 'View Journey'. */
export function appointmentColumns(translate: TranslateFunction, onJourney: (appointment: any) => void) {
  return [
    stackedColumn('patient', `${R}.columns.patient`, (r) => ({
      main: r.name,
      strong: true,
      minWidth: 180,
      lines: [<span style={{ fontFamily: 'monospace' }}>{r.nik}</span>],
    })),
    stackedColumn(
      'schedule',
      `${R}.columns.schedule`,
      (r) => ({
        main: formatDate(r.scheduled_date),
        minWidth: 110,
        lines: [r.start_time && r.end_time ? `${r.start_time}–${r.end_time}` : clock(r.scheduled_date)],
      }),
      'scheduled_date',
    ),
    <ReferenceField
      key="facility"
      source="medical_facility_id"
      reference="admin/medical-facilities"
      label={`${R}.columns.facility`}
      sortable={false}
      link={false}
    />,
    stackedColumn('poly', `${R}.columns.poly`, (r) => ({
      main: r.poly_name || r.poly_code,
      lines: [r.doctor_name],
    })),
    chipColumn('insurance', `${R}.columns.insurance`, (r) => ({
      value: r.health_insurance,
      colors: INSURANCE_COLORS,
      label: translate(`${R}.choices.health_insurance.${r.health_insurance}`, { _: r.health_insurance }),
    })),
    cellColumn('queue', `${R}.columns.queue`, (r) => r.queue_number ?? '-', { align: 'right' }),
    chipColumn('type', `${R}.columns.patient_type`, (r) => ({
      value: String(!!r.new_patient),
      colors: { true: 'info' },
      variant: 'outlined',
      label: translate(`${R}.choices.new_patient.${!!r.new_patient}`),
    })),
    cellColumn('journey', `${R}.columns.journey`, (r) => (
      <Button size="small" startIcon={<RouteIcon />} onClick={() => onJourney(r)}>
        {translate(`${R}.journey.action`)}
      </Button>
    )),
  ];
}
