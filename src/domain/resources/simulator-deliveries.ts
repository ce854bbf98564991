import schema from '../../../schemas/simulator-delivery.json';
import { defineResource, type JsonSchema } from '../resource';
import { DELIVERY_SHAPE } from './deliveries';

/** Simulator delivery (spec part 2 §2, §5, §7): the master delivery form's rules, in the sandbox. */
export const simulatorDeliveries = defineResource({
  name: 'admin/simulator/delivery',
  table: 'simulator_deliveries',
  schema: schema as JsonSchema,
  menus: ['/simulator/delivery'],
  sortable: ['order_id', 'delivery_price', 'id'],
  ...DELIVERY_SHAPE,
});
