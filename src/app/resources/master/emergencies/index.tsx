import { lazy } from 'react';
import EmergencyIcon from '@mui/icons-material/Emergency';
import { emergencies } from '../../../../domain/resources/emergencies';

/** Master emergencies (spec part 1 §2 'Master emergencies'); the screen loads on first visit. */
export default {
  name: emergencies.name,
  list: lazy(() => import('./EmergencyList')),
  icon: EmergencyIcon,
  recordRepresentation: 'fullname',
};
