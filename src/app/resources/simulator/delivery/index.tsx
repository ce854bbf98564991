import { lazy } from 'react';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { simulatorDeliveries } from '../../../../domain/resources/simulator-deliveries';

/** Simulator delivery (spec part 2 §2 'Simulator Delivery'); the screen loads on first visit. */
export default {
  name: simulatorDeliveries.name,
  list: lazy(() => import('./DeliveryList')),
  icon: LocalShippingIcon,
  recordRepresentation: 'order_id',
};
