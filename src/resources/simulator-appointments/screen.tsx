import { lazy } from 'react';
import EventNoteIcon from '@mui/icons-material/EventNote';
import { simulatorAppointments } from './index';

/** Simulator appointments (spec part 2 §2 'Simulator Appointments'). */
export default {
  name: simulatorAppointments.name,
  list: lazy(() => import('./AppointmentList')),
  icon: EventNoteIcon,
};
