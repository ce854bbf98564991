import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { simulatorDeliveries } from '../../../../domain/resources/simulator-deliveries';
import { ResourceScreen } from '../../generic/ResourceScreen';
import { ownFacilityDefaults } from '../facilityDefaults';

/** Simulator delivery: the generic screen (status PENDING for a new order), a facility user's facility preselected. */
function DeliveryScreen() {
  return (
    <ResourceScreen
      decl={simulatorDeliveries}
      defaults={(identity) => ({ delivery_status: 'PENDING', ...ownFacilityDefaults(identity) })}
    />
  );
}

export default {
  name: simulatorDeliveries.name,
  list: DeliveryScreen,
  icon: LocalShippingIcon,
  recordRepresentation: 'order_id',
};
