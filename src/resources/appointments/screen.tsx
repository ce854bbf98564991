import { lazy } from 'react';
import EventIcon from '@mui/icons-material/Event';
import { appointments } from './index';

/** Master appointments (spec part 1 §2 'Master appointments'): the list with its journey dialog. */
export default {
  name: appointments.name,
  list: lazy(() => import('./AppointmentList')),
  icon: EventIcon,
};
