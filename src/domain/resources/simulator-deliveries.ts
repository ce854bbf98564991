import schema from '../../../schemas/simulator-delivery.json';
import { defineResource, type JsonSchema } from '../resource';
import { DELIVERY_SCREEN } from './deliveries';

/** Simulator delivery (spec part 2 §2, §5, §7): the master delivery form's rules, in the sandbox. */
export const simulatorDeliveries = defineResource({
  name: 'admin/simulator/delivery',
  table: 'simulator_deliveries',
  schema: schema as JsonSchema,
  menus: ['/simulator/delivery'],
  search: ['order_id', 'delivery_id', 'patient_nik', 'patient_kota', 'patient_kecamatan'],
  searchPrefix: ['patient_nik'],
  filters: ['delivery_status', 'medical_facility_id'],
  facilityColumn: 'medical_facility_id',
  defaultSort: { field: 'created_at', order: 'DESC' },
  sortable: ['order_id', 'delivery_price', 'id'],
  ...DELIVERY_SCREEN,
});
