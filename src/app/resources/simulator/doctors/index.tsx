import { lazy } from 'react';
import MedicalServicesIcon from '@mui/icons-material/MedicalServices';
import { simulatorDoctors } from '../../../../domain/resources/simulator-doctors';

/** Simulator doctors (spec part 2 §2 'Simulator Patients, Doctors, Schedules'). */
export default {
  name: simulatorDoctors.name,
  list: lazy(() => import('./DoctorList')),
  icon: MedicalServicesIcon,
  recordRepresentation: 'name',
};
