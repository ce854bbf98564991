import schema from './schema.json';
import { defineResource, type JsonSchema } from '../../domain/resource';
import { DELIVERY_SHAPE } from '../delivery';
import { simulatorDeliveryTexts } from './texts';

/** Simulator delivery (spec part 2 §2, §5, §7): the master delivery form's rules, in the sandbox. */
export const simulatorDeliveries = defineResource({
  name: 'admin/simulator/delivery',
  table: 'simulator_deliveries',
  schema: schema as JsonSchema,
  menus: ['/simulator/delivery'],
  menu: {
    group: 'api_simulator_group',
    icon: 'local_shipping',
    order: 100,
    roles: ['admin', 'super_admin', 'medical_facility'],
    label: { id: 'Simulator Pengiriman', en: 'Delivery Simulator' },
  },
  texts: simulatorDeliveryTexts,
  sortable: ['order_id', 'delivery_price', 'id'],
  ...DELIVERY_SHAPE,
});
