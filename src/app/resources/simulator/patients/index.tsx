import PersonIcon from '@mui/icons-material/Person';
import { simulatorPatients } from '../../../../domain/resources/simulator-patients';
import { ResourceScreen } from '../../generic/ResourceScreen';
import { ownFacilityDefaults } from '../facilityDefaults';

/** Simulator patients: the generic screen, with a facility user's facility preselected. */
function PatientScreen() {
  return <ResourceScreen decl={simulatorPatients} defaults={ownFacilityDefaults} />;
}

export default {
  name: simulatorPatients.name,
  list: PatientScreen,
  icon: PersonIcon,
  recordRepresentation: 'name',
};
