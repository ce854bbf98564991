import { simulatorDeliveries } from '../../../../domain/resources/simulator-deliveries';
import { DeliveryScreen } from '../../master/delivery/DeliveryList';

/**
 * /simulator/delivery: the master delivery screen's columns, status badges, prices and grouped
 * dialog (spec part 2 §5: the same form), on the sandbox's orders; a new order is PENDING and a
 * facility user's facility is preselected.
 */
export default function SandboxDeliveryList() {
  return <DeliveryScreen decl={simulatorDeliveries} />;
}
