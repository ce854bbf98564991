import schema from './schema.json';
import { defineResource, type JsonSchema, type ResourceDeclaration } from '../../domain/resource';
import { deliveryTexts } from './texts';

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

/**
 * What the master and sandbox deliveries share (spec part 2 §2, §5: the sandbox form is the
 * master's): search, filters, facility scope; order, patient, medicine and location columns, the
 * status badge in the colours of §4, the price in Rupiah, and the dialog in four groups.
 */
export const DELIVERY_SHAPE = {
  search: ['order_id', 'delivery_id', 'patient_nik', 'patient_kota', 'patient_kecamatan'],
  searchPrefix: ['patient_nik'],
  filters: ['delivery_status', 'medical_facility_id'],
  rangeFilters: ['created_at'],
  facilityColumn: 'medical_facility_id',
  defaultSort: { field: 'created_at', order: 'DESC' },
  listColumns: [
    'order_id',
    'patient_nik',
    'medicine_count',
    'hospital_latitude',
    'delivery_status',
    'delivery_price',
  ],
  columns: {
    order_id: { kind: 'code', secondary: 'delivery_id', label: 'columns.order_info' },
    patient_nik: { kind: 'code', secondary: 'patient_kota', label: 'columns.patient_info' },
    patient_kota: { text: 'columns.area' },
    medicine_count: { text: 'columns.items', secondary: 'medicine_weight', label: 'columns.medicine' },
    medicine_weight: { text: 'columns.weight' },
    hospital_latitude: {
      kind: 'coordinates',
      pair: 'hospital_longitude',
      secondary: 'patient_latitude',
      label: 'columns.location',
    },
    patient_latitude: { kind: 'coordinates', pair: 'patient_longitude', prefix: '→ ' },
    delivery_status: { colors: DELIVERY_STATUS_COLORS, label: 'columns.status' },
    delivery_price: { kind: 'money', label: 'columns.price' },
  },
  dialog: [
    {
      title: 'sections.order',
      fields: ['order_id', 'delivery_id', 'user_id', 'delivery_status', 'delivery_price'],
    },
    {
      title: 'sections.hospital',
      fields: ['medical_facility_id', 'hospital_address', 'hospital_latitude', 'hospital_longitude'],
    },
    { title: 'sections.medicine', fields: ['medicine_count', 'medicine_weight'] },
    {
      title: 'sections.patient',
      fields: [
        'patient_nik',
        'patient_address',
        'patient_kota',
        'patient_kecamatan',
        'patient_kode_pos',
        'patient_latitude',
        'patient_longitude',
      ],
    },
  ],
  inputSteps: { medicine_weight: 0.1 },
  storage: { medicine_weight: { type: 'numeric(10, 2)' }, delivery_price: { type: 'numeric(12, 2)' } },
  references: { user_id: { resource: 'master/users', optionText: (u) => `${u.name} (${u.email})` } },
  recordRepresentation: 'order_id',
} satisfies Partial<ResourceDeclaration>;

/** Master delivery: medicine delivery orders (spec part 2 §2 'Master Data - Delivery', §3, §4, §5). */
export const deliveries = defineResource({
  name: 'master/delivery',
  table: 'deliveries',
  schema: schema as JsonSchema,
  menus: ['/master/delivery'],
  menu: {
    group: 'master_data_group',
    icon: 'local_shipping',
    order: 50,
    roles: ['admin', 'super_admin'],
    label: { id: 'Pengiriman', en: 'Delivery' },
  },
  texts: deliveryTexts,
  sortable: ['order_id', 'delivery_price', 'created_at', 'id'],
  ...DELIVERY_SHAPE,
});
