import schema from '../../../schemas/delivery.json';
import { defineResource, type JsonSchema } from '../resource';

/** The delivery statuses of spec part 2 §4, in the order the console offers them. */
export const DELIVERY_STATUSES = [
  'PENDING',
  'GET_READY',
  'ACCEPTED',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Badge colour of each status (spec part 2 §4). */
export const DELIVERY_STATUS_COLORS: Record<
  DeliveryStatus,
  'warning' | 'info' | 'success' | 'primary' | 'error'
> = {
  PENDING: 'warning',
  GET_READY: 'info',
  processing: 'info',
  ACCEPTED: 'success',
  delivered: 'success',
  shipped: 'primary',
  cancelled: 'error',
};

/** Master delivery: medicine delivery orders (spec part 2 §2 'Master Data - Delivery', §3, §4, §5). */
export const deliveries = defineResource({
  name: 'master/delivery',
  table: 'deliveries',
  schema: schema as JsonSchema,
  menus: ['/master/delivery'],
  search: ['order_id', 'delivery_id', 'patient_nik', 'patient_kota', 'patient_kecamatan'],
  searchPrefix: ['patient_nik'],
  filters: ['delivery_status', 'medical_facility_id'],
  facilityColumn: 'medical_facility_id',
  defaultSort: { field: 'created_at', order: 'DESC' },
  sortable: ['order_id', 'delivery_price', 'created_at', 'id'],
  inputSteps: { medicine_weight: 0.1 },
  references: { user_id: { resource: 'master/users', optionText: (u) => `${u.name} (${u.email})` } },
  recordRepresentation: 'order_id',
});
