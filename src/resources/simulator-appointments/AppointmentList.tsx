import { useState } from 'react';
import { DateInput, useTranslate } from 'react-admin';
import { IconButton, Tooltip } from '@mui/material';
import RouteIcon from '@mui/icons-material/Route';
import { simulatorAppointments } from './index';
import { ResourceScreen } from '../../app/resources/generic/ResourceScreen';
import { defaultFilters } from '../../app/resources/generic/ListFilters';
import {
  cellColumn,
  chipColumn,
  codeColumn,
  formatDay,
  stackedColumn,
} from '../../app/resources/generic/cells';
import { SandboxJourneyDialog } from './SandboxJourneyDialog';

const R = 'resources.admin/simulator/appointments';
const STATUS_COLOR: Record<string, 'default' | 'info' | 'primary' | 'warning' | 'success' | 'error'> = {
  scheduled: 'info',
  confirmed: 'primary',
  in_progress: 'warning',
  completed: 'success',
  cancelled: 'error',
  no_show: 'default',
};

/**
 * /simulator/appointments: Booking ID, patient (name, NIK), doctor (name, specialization), date
 * dd/MM/yyyy, queue #n, status chip, and a view-journey action beside edit and delete; search
 * by booking ID or complaint, status and date filters (spec part 2 §2, §4).
 */
function AppointmentList() {
  const translate = useTranslate();
  const [journey, setJourney] = useState<any>(null);
  return (
    <>
      <ResourceScreen
        decl={simulatorAppointments}
        filters={[
          ...defaultFilters(simulatorAppointments, translate),
          <DateInput key="date" source="appointment_date" alwaysOn label={`${R}.filters.appointment_date`} />,
        ]}
        columns={[
          codeColumn('booking', `${R}.fields.booking_id`, (r) => r.booking_id, 'booking_id'),
          stackedColumn('patient', `${R}.columns.patient`, (r) => ({
            main: r.patient_name ?? '-',
            minWidth: 150,
            lines: [r.patient_nik],
          })),
          stackedColumn('doctor', `${R}.columns.doctor`, (r) => ({
            main: r.doctor_name ?? '-',
            minWidth: 150,
            lines: [
              r.specialization &&
                translate(`${R}.choices.specialization.${r.specialization}`, { _: r.specialization }),
            ],
          })),
          cellColumn('date', `${R}.fields.appointment_date`, (r) => formatDay(r.appointment_date)),
          cellColumn(
            'queue',
            `${R}.columns.queue`,
            (r) => (r.queue_number == null ? '-' : `#${r.queue_number}`),
            {
              sortBy: 'queue_number',
            },
          ),
          chipColumn('status', `${R}.fields.status`, (r) => ({
            value: r.status,
            colors: STATUS_COLOR,
            label: translate(`${R}.choices.status.${r.status}`, { _: r.status }),
          })),
          cellColumn('journey', '', (r) => (
            <Tooltip title={translate(`${R}.columns.view_journey`)}>
              <IconButton
                aria-label={`${translate(`${R}.columns.view_journey`)} ${r.booking_id}`}
                onClick={(e) => {
                  e.stopPropagation();
                  setJourney(r);
                }}
              >
                <RouteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )),
        ]}
      />
      {journey && <SandboxJourneyDialog appointment={journey} onClose={() => setJourney(null)} />}
    </>
  );
}

export default AppointmentList;
