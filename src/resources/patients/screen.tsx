import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import { patients } from './index';

/** Master patients (spec part 1 §2 'Master patients'); the screen loads on first visit. */
export default {
  name: patients.name,
  list: lazy(() => import('./PatientList')),
  icon: PeopleIcon,
};
