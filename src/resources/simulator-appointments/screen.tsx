import { lazy } from 'react';

/** Simulator appointments (spec part 2 §2 'Simulator Appointments'). */
export default lazy(() => import('./AppointmentList'));
