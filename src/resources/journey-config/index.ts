import rawSchema from './schema.json';
import { defineResource, type FieldErrors, type JsonSchema } from '../../domain/resource';
import { withNestedSchemas } from '../sandbox-schema';
import { journeyConfigTexts } from './texts';

export const JOURNEY_STEP_DUPLICATE = 'Langkah perjalanan tidak boleh berulang';
export const JOURNEY_SUPPORTED_UNKNOWN = 'Langkah yang didukung harus ada di daftar langkah';

/** Each step once; a supported step is one of the steps (spec part 2 §5 'Journey config'). */
export function validateJourneyConfig(record: Record<string, any>): FieldErrors {
  const errors: FieldErrors = {};
  const steps: { id?: string }[] = Array.isArray(record.journey_steps) ? record.journey_steps : [];
  const ids = steps.map((s) => s?.id).filter(Boolean) as string[];
  if (new Set(ids).size !== ids.length) errors.journey_steps = JOURNEY_STEP_DUPLICATE;
  const supported: string[] = Array.isArray(record.supported_journey) ? record.supported_journey : [];
  if (supported.some((s) => !ids.includes(s))) errors.supported_journey = JOURNEY_SUPPORTED_UNKNOWN;
  else if (new Set(supported).size !== supported.length) errors.supported_journey = JOURNEY_STEP_DUPLICATE;
  return errors;
}

/** Journey configurations (spec part 2 §2 'Journey Configuration Management', §3, §5, §9). */
export const journeyConfigs = defineResource({
  name: 'admin/journey-config',
  table: 'journey_configs',
  schema: withNestedSchemas(rawSchema as JsonSchema),
  menus: ['/master/journey-config'],
  menu: {
    group: 'master_data_group',
    icon: 'route',
    order: 100,
    roles: ['super_admin'],
    label: { id: 'Konfigurasi Perjalanan', en: 'Journey Config' },
  },
  texts: journeyConfigTexts,
  search: ['journey_type'],
  filters: ['is_active'],
  defaultSort: { field: 'journey_type', order: 'ASC' },
  sortable: ['created_at', 'id'],
  listColumns: ['journey_type', 'supported_journey', 'is_active', 'created_at'],
  dialog: [{ fields: ['journey_type', 'is_active', 'journey_steps'] }],
  // Each step's 'supported' switch sets it (the steps' input).
  dialogOmit: ['supported_journey'],
  // A new configuration starts without steps (the API asks for them).
  dialogDefaults: { journey_steps: [], supported_journey: [] },
  recordRepresentation: 'journey_type',
  validate: validateJourneyConfig,
});
