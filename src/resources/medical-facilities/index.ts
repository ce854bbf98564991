import schema from './schema.json';
import { defineResource, type JsonSchema } from '../../domain/resource';
import { medicalFacilityTexts } from './texts';

export const FACILITY_CODE_TAKEN = 'Kode fasilitas sudah terdaftar';

export const FACILITY_TYPES = ['PUSKESMAS', 'RSUD', 'RS_SWASTA', 'KLINIK', 'APOTEK'] as const;

/**
 * Master facilities (spec part 1 §2 'Master facilities (simple)', §3, §5, §7). The row *is* the
 * facility, so a medical_facility user's scope is the row whose id is their facility.
 */
export const medicalFacilities = defineResource({
  name: 'master/medical-facilities',
  table: 'medical_facilities',
  schema: schema as JsonSchema,
  menus: ['/master/medical-facilities', '/master/medical-facilities-integrated'],
  menu: {
    group: 'master_data_group',
    icon: 'local_hospital',
    order: 60,
    roles: ['admin', 'super_admin', 'medical_facility'],
    label: { id: 'Fasilitas Kesehatan', en: 'Health Facilities' },
  },
  texts: medicalFacilityTexts,
  search: ['name', 'email', 'phone'],
  filters: ['type', 'online'],
  facilityColumn: 'id',
  naturalKey: ['code'],
  uniqueMessages: { code: FACILITY_CODE_TAKEN },
  defaultSort: { field: 'name', order: 'ASC' },
  sortable: ['type', 'created_at', 'id'],
  hashed: ['password'],
  // The area and address of the city's facility list (the dashboard's map).
  serverColumns: ['kecamatan_code', 'address'],
  listColumns: ['name', 'email', 'type', 'phone', 'online'],
  columns: { online: { colors: { true: 'success' } } },
  // Online unless set otherwise (spec §5); an edit keeps what is stored.
  dialogDefaults: { online: true, type: 'PUSKESMAS' },
  recordRepresentation: 'name',
});
