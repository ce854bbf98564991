/**
 * The integration sandbox's constants and generators (spec part 2 §3, §4, §9), shared by the
 * server, the demo data and the console.
 */

/** Simulator facility types and levels (§9). */
export const SIMULATOR_FACILITY_TYPES = [
  'RSUD',
  'RSUP',
  'RSU',
  'RS Khusus',
  'Puskesmas',
  'Puskesmas Pembantu',
  'Klinik',
  'Praktek Dokter',
  'Apotek',
  'Laboratorium',
  'Radiologi',
] as const;
export const SIMULATOR_FACILITY_LEVELS = ['Primer', 'Sekunder', 'Tersier'] as const;

/** The 16 specializations of §9. */
export const SPECIALIZATIONS = [
  'Dokter Umum',
  'Spesialis Penyakit Dalam',
  'Spesialis Anak',
  'Spesialis Bedah',
  'Spesialis Kandungan',
  'Spesialis Mata',
  'Spesialis THT',
  'Spesialis Kulit',
  'Spesialis Saraf',
  'Spesialis Jantung',
  'Spesialis Paru',
  'Spesialis Jiwa',
  'Spesialis Gigi',
  'Spesialis Radiologi',
  'Spesialis Patologi',
  'Spesialis Anestesi',
] as const;

/** The 12 poli of §9 with the codes the demo uses. */
export const SANDBOX_POLI = [
  ['UMU', 'Umum'],
  ['ANA', 'Anak'],
  ['OBG', 'Kandungan'],
  ['MAT', 'Mata'],
  ['THT', 'THT'],
  ['KLT', 'Kulit'],
  ['SAR', 'Saraf'],
  ['JAN', 'Jantung'],
  ['PAR', 'Paru'],
  ['JIW', 'Jiwa'],
  ['GIG', 'Gigi'],
  ['BED', 'Bedah'],
] as const;

/** Simulator appointment statuses (§4), the first the default. */
export const SIMULATOR_APPOINTMENT_STATUSES = [
  'scheduled',
  'confirmed',
  'in_progress',
  'completed',
  'cancelled',
  'no_show',
] as const;
export type SimulatorAppointmentStatus = (typeof SIMULATOR_APPOINTMENT_STATUSES)[number];

/** Days of week 1 Senin ... 7 Minggu (§9). */
export const DAYS_OF_WEEK = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'] as const;

/** ISO day of week of a 'YYYY-MM-DD' date: 1 Monday (Senin) ... 7 Sunday (Minggu). */
export function isoDayOfWeek(date: string): number {
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** The journey step ids (§4) and their default titles and durations in minutes (§9). */
export const JOURNEY_STEPS = [
  { id: 'checkin', title: 'Check-in', title_en: 'Check-in', default_duration_minutes: 15 },
  { id: 'assessment', title: 'Asesmen Awal', title_en: 'Initial Assessment', default_duration_minutes: 15 },
  {
    id: 'consultation',
    title: 'Konsultasi Dokter',
    title_en: 'Doctor Consultation',
    default_duration_minutes: 15,
  },
  {
    id: 'submit_e_recipe',
    title: 'Pengiriman E-Resep',
    title_en: 'E-Prescription Submitted',
    default_duration_minutes: 30,
  },
  {
    id: 'validate_medication',
    title: 'Validasi Obat',
    title_en: 'Medication Validation',
    default_duration_minutes: 15,
  },
  {
    id: 'medication_completed',
    title: 'Obat Siap',
    title_en: 'Medication Ready',
    default_duration_minutes: 15,
  },
  {
    id: 'medication_delivery',
    title: 'Pengantaran Obat',
    title_en: 'Medication Delivery',
    default_duration_minutes: 15,
  },
  { id: 'payment', title: 'Pembayaran', title_en: 'Payment', default_duration_minutes: 15 },
  { id: 'completion', title: 'Selesai', title_en: 'Completion', default_duration_minutes: 10 },
  { id: 'treatment', title: 'Tindakan', title_en: 'Treatment', default_duration_minutes: 45 },
] as const;
export type JourneyStepId = (typeof JOURNEY_STEPS)[number]['id'];

/** Each step's name by id, in Indonesian (`title`) or English (`title_en`): the console's texts. */
export const journeyStepTitles = (lang: 'title' | 'title_en'): Record<string, string> =>
  Object.fromEntries(JOURNEY_STEPS.map((step) => [step.id, step[lang]]));
export const JOURNEY_STEP_IDS = JOURNEY_STEPS.map((s) => s.id) as JourneyStepId[];

export interface JourneyStep {
  id: string;
  title: string;
  title_en?: string;
  default_duration_minutes: number;
}

/** The journey configurations created on first start and by initialize-defaults. */
export const DEFAULT_JOURNEY_CONFIGS: { journey_type: string; steps: JourneyStepId[] }[] = [
  {
    journey_type: 'RAWAT_JALAN',
    steps: [
      'checkin',
      'assessment',
      'consultation',
      'submit_e_recipe',
      'validate_medication',
      'medication_completed',
      'payment',
      'completion',
    ],
  },
  {
    journey_type: 'RAWAT_JALAN_DELIVERY',
    steps: [
      'checkin',
      'assessment',
      'consultation',
      'submit_e_recipe',
      'validate_medication',
      'medication_completed',
      'medication_delivery',
      'payment',
      'completion',
    ],
  },
  {
    journey_type: 'TINDAKAN',
    steps: ['checkin', 'assessment', 'consultation', 'treatment', 'payment', 'completion'],
  },
];
/** The journey type a booking follows unless its configuration is missing. */
export const DEFAULT_JOURNEY_TYPE = 'RAWAT_JALAN';

export function defaultJourneySteps(ids: readonly JourneyStepId[]): JourneyStep[] {
  return ids.map((id) => ({ ...JOURNEY_STEPS.find((s) => s.id === id)! }));
}

/** Schedule defaults (§9). */
export const DEFAULT_MAX_PATIENTS = 20;
export const DEFAULT_CONSULTATION_MINUTES = 15;

const DIGITS = '0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

/** `random()` returns [0, 1); the server passes a cryptographic one, the demo a seeded one. */
export type RandomFn = () => number;
const pick = (chars: string, n: number, random: RandomFn) =>
  Array.from({ length: n }, () => chars[Math.floor(random() * chars.length)]).join('');

/** A booking ID: APT, six digits, three letters (§5, §9). */
export function generateBookingId(random: RandomFn): string {
  return `APT${pick(DIGITS, 6, random)}${pick(UPPER, 3, random)}`;
}

/** An API key: the lowercase facility code, six digits, six lowercase letters (§5, §9). */
export function generateApiKey(facilityCode: string, random: RandomFn): string {
  const code = facilityCode.toLowerCase().replace(/[^a-z0-9_-]/g, '');
  return `${code}${pick(DIGITS, 6, random)}${pick(LOWER, 6, random)}`;
}

/** Masking of keys and tokens: the first 4 and last 4 characters, fully shown when 8 or fewer (§9). */
export function maskSecret(value: string | null | undefined): string | null {
  if (value == null) return null;
  if (value.length <= 8) return value;
  return `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}`;
}
