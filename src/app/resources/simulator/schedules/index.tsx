import { lazy } from 'react';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { simulatorSchedules } from '../../../../domain/resources/simulator-schedules';

/** Simulator doctor schedules (spec part 2 §2 'Simulator Patients, Doctors, Schedules'). */
export default {
  name: simulatorSchedules.name,
  list: lazy(() => import('./ScheduleList')),
  icon: ScheduleIcon,
};
