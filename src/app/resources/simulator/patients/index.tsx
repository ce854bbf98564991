import { lazy } from 'react';
import PersonIcon from '@mui/icons-material/Person';
import { simulatorPatients } from '../../../../domain/resources/simulator-patients';

/** Simulator patients (spec part 2 §2 'Simulator Patients'); the screen loads on first visit. */
export default {
  name: simulatorPatients.name,
  list: lazy(() => import('./PatientList')),
  icon: PersonIcon,
  recordRepresentation: 'name',
};
