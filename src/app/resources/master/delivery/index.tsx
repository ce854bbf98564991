import { lazy } from 'react';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { deliveries } from '../../../../domain/resources/deliveries';

/** Master delivery (spec part 2 §2 'Master Data - Delivery'); the screen loads on first visit. */
export default {
  name: deliveries.name,
  list: lazy(() => import('./DeliveryList')),
  icon: LocalShippingIcon,
  recordRepresentation: 'order_id',
};
