import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { appointments } from './index';
import { ResourceScreen } from '../../app/resources/generic/ResourceScreen';
import type { FormSection } from '../../app/resources/generic/ResourceDialog';
import { JourneyDialog } from './JourneyDialog';
import { appointmentColumns } from './columns';
import { appointmentFilters, useFilterOptions } from './filters';

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

/**
 * /master/appointments: search; insurance, facility, parameter type and value filters (choices
 * from GET /master/appointments/filter-options); the patient, schedule, facility, poli,
 * insurance, queue and patient-type columns; 'View Journey' per row.
 */
function AppointmentList() {
  const translate = useTranslate();
  const [journeyOf, setJourneyOf] = useState<any>(null);
  const options = useFilterOptions();
  return (
    <>
      <ResourceScreen
        decl={appointments}
        sections={sections}
        defaults={() => ({ health_insurance: 'Umum' })}
        filters={appointmentFilters(options)}
        columns={appointmentColumns(translate, setJourneyOf)}
      />
      {journeyOf && <JourneyDialog appointment={journeyOf} onClose={() => setJourneyOf(null)} />}
    </>
  );
}

export default AppointmentList;
