import { lazy } from 'react';

/** Master appointments (spec part 1 §2 'Master appointments'): the list with its journey dialog. */
export default lazy(() => import('./AppointmentList'));
