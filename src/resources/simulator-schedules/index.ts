import schema from './schema.json';
import { defineResource, type FieldErrors, type JsonSchema } from '../../domain/resource';
import { simulatorScheduleTexts } from './texts';

export const SCHEDULE_END_BEFORE_START = 'Jam selesai harus setelah jam mulai';
export const SCHEDULE_END_DATE_BEFORE = 'Tanggal berakhir tidak boleh sebelum tanggal berlaku';

export function validateSchedule(record: Record<string, any>): FieldErrors {
  const errors: FieldErrors = {};
  const { start_time: start, end_time: end, effective_date: from, end_date: to } = record;
  if (typeof start === 'string' && typeof end === 'string' && start && end && end <= start) {
    errors.end_time = SCHEDULE_END_BEFORE_START;
  }
  if (typeof from === 'string' && typeof to === 'string' && from && to && to < from) {
    errors.end_date = SCHEDULE_END_DATE_BEFORE;
  }
  return errors;
}

/** Doctor schedules (spec part 2 §2, §3, §5, §9): weekly hours, each with a patient quota. */
export const simulatorSchedules = defineResource({
  name: 'admin/simulator/schedules',
  table: 'simulator_schedules',
  schema: schema as JsonSchema,
  menus: ['/simulator/schedules', '/simulator/appointments', '/simulator/mobile'],
  menu: {
    group: 'api_simulator_group',
    icon: 'schedule',
    order: 40,
    roles: ['admin', 'super_admin', 'medical_facility'],
    label: { id: 'Simulator Jadwal', en: 'Schedule Simulator' },
  },
  texts: simulatorScheduleTexts,
  search: ['doctor_name', 'poly_name'],
  filters: ['doctor_id', 'day_of_week', 'is_active', 'poly_code', 'medical_facility_id'],
  facilityColumn: 'medical_facility_id',
  defaultSort: { field: 'day_of_week', order: 'ASC' },
  sortable: ['start_time', 'doctor_name', 'created_at', 'id'],
  // Doctor (with specialization), poli, day, hours, patients at most, room, status (spec part 2 §2).
  listColumns: [
    'doctor_name',
    'poly_name',
    'day_of_week',
    'start_time',
    'max_patients',
    'room_number',
    'is_active',
  ],
  columns: {
    doctor_name: { strong: true, secondary: 'specialization', label: 'filters.doctor_id' },
    start_time: { kind: 'time', pair: 'end_time', label: 'columns.hours' },
    is_active: { colors: { true: 'success' } },
  },
  listFilters: ['doctor_id', 'day_of_week'],
  references: {
    doctor_id: {
      resource: 'admin/simulator/doctors',
      optionText: (d, label = (_f, v) => String(v)) =>
        `${d.name} (${label('specialization', d.specialization)})`,
    },
    // The poli is one of the doctor's facility's, chosen by name: its code and name are stored.
    poly_code: {
      resource: 'admin/simulator/poli',
      optionText: (p) => `${p.poly_name} (${p.poly_code})`,
      narrowBy: { doctor_id: 'doctor_id' },
      valueField: 'poly_code',
      copy: { poly_name: 'poly_name' },
    },
  },
  dialog: [
    {
      fields: [
        'doctor_id',
        'poly_code',
        'day_of_week',
        'start_time',
        'end_time',
        'max_patients',
        'consultation_duration',
        'room_number',
        'is_active',
        'effective_date',
        'end_date',
        'notes',
      ],
    },
  ],
  // Copied from the poli picked by its code.
  dialogOmit: ['poly_name'],
  // 'dr. Andi Wijaya · Senin 08:00–12:00': a delete asks about the schedule by what it is.
  recordRepresentation: (s, translate) =>
    `${s.doctor_name ?? ''} · ${translate(`resources.admin/simulator/schedules.choices.day_of_week.${s.day_of_week}`)} ${s.start_time}–${s.end_time}`,
  validate: validateSchedule,
});
