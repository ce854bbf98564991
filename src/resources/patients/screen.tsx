import { lazy } from 'react';

/** Master patients (spec part 1 §2 'Master patients'); the screen loads on first visit. */
export default lazy(() => import('./PatientList'));
