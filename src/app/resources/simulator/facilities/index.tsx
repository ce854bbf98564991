import { lazy } from 'react';
import ApartmentIcon from '@mui/icons-material/Apartment';
import { simulatorFacilities } from '../../../../domain/resources/simulator-facilities';

/** Simulator medical facilities (spec part 2 §2 'Simulator Medical Facilities'). */
export default {
  name: simulatorFacilities.name,
  list: lazy(() => import('./FacilityList')),
  icon: ApartmentIcon,
  recordRepresentation: 'name',
};
