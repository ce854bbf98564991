import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { appointments } from './index';
import { ResourceScreen } from '../../app/resources/generic/ResourceScreen';
import { JourneyDialog } from './JourneyDialog';
import { appointmentColumns } from './columns';
import { appointmentFilters, useFilterOptions } from './filters';

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
        filters={appointmentFilters(options)}
        columns={appointmentColumns(translate, setJourneyOf)}
      />
      {journeyOf && <JourneyDialog appointment={journeyOf} onClose={() => setJourneyOf(null)} />}
    </>
  );
}

export default AppointmentList;
