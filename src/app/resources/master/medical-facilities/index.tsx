import { lazy } from 'react';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import { medicalFacilities } from '../../../../domain/resources/medical-facilities';

/** Master facilities (spec part 1 §2 'Master facilities (simple)'); loads on first visit. */
export default {
  name: medicalFacilities.name,
  list: lazy(() => import('./FacilityList')),
  icon: LocalHospitalIcon,
  recordRepresentation: 'name',
};
