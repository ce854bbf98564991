/**
 * Reference data of the demo city: where things are, what they are called, and how often
 * they happen. Weights are rounded public figures for DKI Jakarta where they exist (BPS age
 * structure, religion, ethnicity) and plausible guesses elsewhere.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** Jakarta's bounding area (the mainland): SOS calls fall inside it. */
export const JAKARTA_BOX = { latMin: -6.37, latMax: -6.08, lonMin: 106.68, lonMax: 106.98 } as const;

/** Approximate centre of each kecamatan (latitude, longitude), for AGD and SOS coordinates. */
export const KECAMATAN_CENTRES: Record<string, [number, number]> = {
  '31.01.01': [-5.65, 106.57],
  '31.01.02': [-5.87, 106.62],
  '31.71.01': [-6.176, 106.819],
  '31.71.02': [-6.153, 106.832],
  '31.71.03': [-6.16, 106.852],
  '31.71.04': [-6.18, 106.845],
  '31.71.05': [-6.18, 106.868],
  '31.71.06': [-6.196, 106.834],
  '31.71.07': [-6.205, 106.81],
  '31.71.08': [-6.186, 106.856],
  '31.72.01': [-6.12, 106.78],
  '31.72.02': [-6.125, 106.875],
  '31.72.03': [-6.117, 106.905],
  '31.72.04': [-6.12, 106.945],
  '31.72.05': [-6.13, 106.84],
  '31.72.06': [-6.158, 106.905],
  '31.73.01': [-6.15, 106.735],
  '31.73.02': [-6.165, 106.79],
  '31.73.03': [-6.145, 106.815],
  '31.73.04': [-6.148, 106.8],
  '31.73.05': [-6.195, 106.77],
  '31.73.06': [-6.14, 106.705],
  '31.73.07': [-6.205, 106.79],
  '31.73.08': [-6.19, 106.74],
  '31.74.01': [-6.23, 106.855],
  '31.74.02': [-6.215, 106.83],
  '31.74.03': [-6.25, 106.825],
  '31.74.04': [-6.29, 106.84],
  '31.74.05': [-6.245, 106.78],
  '31.74.06': [-6.29, 106.8],
  '31.74.07': [-6.24, 106.8],
  '31.74.08': [-6.255, 106.845],
  '31.74.09': [-6.335, 106.82],
  '31.74.10': [-6.255, 106.755],
  '31.75.01': [-6.205, 106.86],
  '31.75.02': [-6.19, 106.9],
  '31.75.03': [-6.225, 106.875],
  '31.75.04': [-6.275, 106.87],
  '31.75.05': [-6.32, 106.855],
  '31.75.06': [-6.185, 106.945],
  '31.75.07': [-6.23, 106.915],
  '31.75.08': [-6.27, 106.89],
  '31.75.09': [-6.32, 106.88],
  '31.75.10': [-6.32, 106.905],
};

/** First two digits of postal codes by kota (Jakarta Pusat 10xxx, Utara 14xxx ...). */
export const POSTAL_PREFIX: Record<string, string> = {
  '31.01': '145',
  '31.71': '10',
  '31.72': '14',
  '31.73': '11',
  '31.74': '12',
  '31.75': '13',
};

/** Each kota's main regional hospital, and the kecamatan it stands in. */
export const MAIN_RSUD: { regency: string; kecamatan: string; name: string }[] = [
  { regency: '31.01', kecamatan: '31.01.01', name: 'RSUD Kepulauan Seribu' },
  { regency: '31.71', kecamatan: '31.71.01', name: 'RSUD Tarakan' },
  { regency: '31.72', kecamatan: '31.72.03', name: 'RSUD Koja' },
  { regency: '31.73', kecamatan: '31.73.01', name: 'RSUD Cengkareng' },
  { regency: '31.74', kecamatan: '31.74.04', name: 'RSUD Pasar Minggu' },
  { regency: '31.75', kecamatan: '31.75.04', name: 'RSUD Budhi Asih' },
];

/** Kecamatan-level regional hospitals, added as the city grows (named after their kecamatan). */
export const EXTRA_RSUD_KECAMATAN = [
  '31.71.07',
  '31.72.02',
  '31.73.06',
  '31.74.01',
  '31.75.07',
  '31.71.03',
  '31.72.04',
  '31.73.08',
  '31.74.09',
  '31.75.05',
  '31.71.08',
  '31.72.05',
  '31.74.05',
  '31.75.10',
  '31.75.09',
  '31.74.07',
];

export const HOSPITAL_WORDS = [
  'Medika',
  'Harapan',
  'Sejahtera',
  'Bunda',
  'Permata',
  'Mitra Sehat',
  'Husada',
  'Cahaya',
  'Kasih Ibu',
  'Sentosa',
  'Prima',
  'Anugerah',
  'Citra',
  'Bhakti',
  'Pelita',
  'Mulia',
  'Insani',
  'Sehat Sentosa',
  'Karya Medika',
  'Family',
];
export const CLINIC_WORDS = [
  'Sehat',
  'Pratama',
  'Keluarga',
  'Medika',
  'Utama',
  'Sentra Medika',
  'Bakti Husada',
  'Mitra',
  'Amanah',
  'Sejahtera',
  'Rawat Jalan',
  'Pelita',
  'Cempaka',
  'Melati',
  'Kenanga',
];
export const PHARMACY_WORDS = [
  'Sentosa',
  'Sehat',
  'Kimia',
  'Jaya',
  'Waras',
  'Bunda',
  'Harapan',
  'Murni',
  'Medika Farma',
  'Sumber Sehat',
  'Rakyat',
  'Abadi',
  'Pelangi',
  'Nusa',
  'Mandiri',
];
/** Facilities of no listed type (shown as 'Lainnya'). */
export const OTHER_FACILITY_NAMES = [
  'Laboratorium Klinik',
  'Unit Transfusi Darah',
  'Optik dan Klinik Mata',
  'Balai Pengobatan',
  'Rumah Bersalin',
];

export interface Poli {
  code: string;
  name: string;
  /** Doctor title suffix ('Sp.A') or prefix for dentists. */
  title: string;
}

/** The twelve poli, with BPJS-style codes. */
export const POLIS: Poli[] = [
  { code: 'UMU', name: 'Umum', title: '' },
  { code: 'ANA', name: 'Anak', title: 'Sp.A' },
  { code: 'OBG', name: 'Kandungan', title: 'Sp.OG' },
  { code: 'MAT', name: 'Mata', title: 'Sp.M' },
  { code: 'THT', name: 'THT', title: 'Sp.THT-KL' },
  { code: 'KLT', name: 'Kulit', title: 'Sp.DVE' },
  { code: 'SAR', name: 'Saraf', title: 'Sp.N' },
  { code: 'JAN', name: 'Jantung', title: 'Sp.JP' },
  { code: 'PAR', name: 'Paru', title: 'Sp.P' },
  { code: 'JIW', name: 'Jiwa', title: 'Sp.KJ' },
  { code: 'GIG', name: 'Gigi', title: 'drg.' },
  { code: 'BED', name: 'Bedah', title: 'Sp.B' },
];
export const POLI_INDEX = Object.fromEntries(POLIS.map((p, i) => [p.name, i])) as Record<string, number>;

/** Which poli a facility type runs. Pharmacies and unlisted types take no appointments. */
export const POLIS_BY_TYPE: Record<string, string[]> = {
  PUSKESMAS: ['Umum', 'Anak', 'Kandungan', 'Gigi', 'Jiwa'],
  KLINIK: ['Umum', 'Gigi', 'Anak', 'Kulit', 'Kandungan'],
  RSUD: POLIS.map((p) => p.name),
  RS_SWASTA: POLIS.map((p) => p.name),
};

/** The steps of a visit, in order, with default durations in minutes. */
export const JOURNEY_STEPS = [
  { id: 'checkin', title: 'Check-in Pasien', title_en: 'Patient Check-in', minutes: 15 },
  { id: 'assessment', title: 'Asesmen Awal', title_en: 'Initial Assessment', minutes: 15 },
  { id: 'consultation', title: 'Konsultasi Dokter', title_en: 'Doctor Consultation', minutes: 15 },
  { id: 'submit_e_recipe', title: 'Pengiriman E-Resep', title_en: 'E-Prescription Submitted', minutes: 30 },
  { id: 'validate_medication', title: 'Validasi Obat', title_en: 'Medication Validation', minutes: 15 },
  { id: 'payment', title: 'Pembayaran', title_en: 'Payment', minutes: 15 },
  { id: 'medication_completed', title: 'Pengambilan Obat', title_en: 'Medication Dispensed', minutes: 15 },
  { id: 'completion', title: 'Kunjungan Selesai', title_en: 'Visit Completed', minutes: 10 },
] as const;
export const PRESCRIPTION_STEPS = new Set(['submit_e_recipe', 'validate_medication', 'medication_completed']);

/** Why a step was refused, by step. */
export const BLOCKED_REASONS: Record<string, string[]> = {
  checkin: ['Check-in di luar jam layanan', 'Lokasi pasien terlalu jauh dari faskes'],
  assessment: ['Antrean belum dipanggil'],
  consultation: ['Dokter belum tersedia'],
  submit_e_recipe: ['Resep belum ditandatangani dokter'],
  validate_medication: ['Stok obat kosong', 'Dosis perlu dikonfirmasi dokter'],
  payment: ['Pembayaran gagal diverifikasi', 'Kartu BPJS tidak aktif'],
  medication_completed: ['Obat belum siap diambil'],
  completion: ['Rekam medis belum lengkap'],
};

/** Jakarta's population by five-year age band, percent (BPS 2020, 65+ about 7 %). */
export const AGE_BANDS: [from: number, to: number, weight: number][] = [
  [0, 4, 7.0],
  [5, 9, 6.8],
  [10, 14, 6.5],
  [15, 19, 6.6],
  [20, 24, 7.8],
  [25, 29, 8.6],
  [30, 34, 9.0],
  [35, 39, 8.8],
  [40, 44, 8.0],
  [45, 49, 7.0],
  [50, 54, 6.0],
  [55, 59, 5.0],
  [60, 64, 3.9],
  [65, 69, 3.0],
  [70, 74, 2.0],
  [75, 79, 1.3],
  [80, 84, 0.7],
  [85, 94, 0.4],
];

export const INSURANCE = { BPJS: 70, Umum: 18, 'Asuransi Swasta': 12 } as const;
export const RELIGIONS = { Islam: 83.7, Kristen: 8.6, Katolik: 4.0, Buddha: 3.3, Hindu: 0.3, Konghucu: 0.1 };
export const BLOOD_TYPES = { O: 37, B: 29, A: 26, AB: 8 };
export const TRIBES = {
  Jawa: 36,
  Betawi: 28,
  Sunda: 15,
  Tionghoa: 6.5,
  Batak: 3.5,
  Minang: 3.2,
  Melayu: 1,
  Bugis: 0.7,
  Madura: 0.6,
  Banten: 1.2,
  Lainnya: 4.3,
};
export const ADULT_EDUCATION = { SD: 11, SMP: 14, SMA: 43, D3: 8, S1: 20, S2: 3.5, S3: 0.5 };
export const ADULT_OCCUPATIONS = {
  'Karyawan Swasta': 30,
  Wiraswasta: 15,
  'Ibu Rumah Tangga': 16,
  Pedagang: 7,
  'Buruh Harian Lepas': 6,
  'Pengemudi Ojek Online': 4,
  'Pegawai Negeri Sipil': 4,
  Guru: 2.5,
  'TNI/Polri': 1.5,
  'Tenaga Kesehatan': 1.5,
  'Asisten Rumah Tangga': 2,
  'Tidak Bekerja': 5,
  'Pelajar/Mahasiswa': 4,
};
export const SENIOR_OCCUPATIONS = {
  Pensiunan: 40,
  'Tidak Bekerja': 25,
  Wiraswasta: 12,
  Pedagang: 10,
  'Ibu Rumah Tangga': 13,
};
/** Where people born outside Jakarta mostly come from. */
export const BIRTH_CITIES = {
  Jakarta: 62,
  Bogor: 4,
  Bekasi: 4,
  Depok: 2,
  Tangerang: 4,
  Bandung: 3,
  Semarang: 2,
  Surabaya: 2,
  Yogyakarta: 2,
  Surakarta: 1.5,
  Cirebon: 1.5,
  Tegal: 1.2,
  Garut: 1,
  Medan: 2,
  Padang: 1.5,
  Palembang: 1.2,
  Makassar: 1,
  Lampung: 1,
  Serang: 1,
  Pekalongan: 0.8,
  Kuningan: 0.8,
  Brebes: 0.8,
};
export const PHONE_PREFIXES = [
  '0811',
  '0812',
  '0813',
  '0821',
  '0822',
  '0852',
  '0853',
  '0856',
  '0857',
  '0858',
  '0877',
  '0878',
  '0895',
  '0896',
  '0881',
];
export const EMAIL_DOMAINS = [
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'yahoo.co.id',
  'yahoo.com',
  'outlook.com',
];
export const STREET_SUFFIXES = [
  'Raya',
  'I',
  'II',
  'III',
  'IV',
  'Dalam',
  'Barat',
  'Timur',
  'Utara',
  'Selatan',
  '',
];

/** How appointments come in. */
export const BOOKING_CHANNELS = { 'mobile-app': 58, web: 14, 'loket-faskes': 28 };

/** AGD (ambulance) call categories and their share. */
export const AGD_CATEGORIES = {
  'Kecelakaan Lalu Lintas': 30,
  'Sesak Napas': 16,
  'Serangan Jantung': 14,
  Stroke: 11,
  Persalinan: 9,
  Kebakaran: 6,
  Keracunan: 4,
  Lainnya: 10,
};
export const AGD_DESCRIPTIONS: Record<string, string[]> = {
  'Kecelakaan Lalu Lintas': [
    'Tabrakan sepeda motor, korban luka di kepala',
    'Pejalan kaki tertabrak mobil',
    'Kecelakaan tunggal pengendara motor',
    'Tabrakan beruntun, dua korban luka',
  ],
  'Sesak Napas': [
    'Pasien asma kambuh, sesak berat',
    'Lansia sesak napas mendadak',
    'Anak sesak napas dan demam',
  ],
  'Serangan Jantung': ['Nyeri dada hebat menjalar ke lengan kiri', 'Pasien pingsan setelah nyeri dada'],
  Stroke: ['Wajah mencong dan lengan lemah mendadak', 'Bicara pelo dan tidak bisa berdiri'],
  Persalinan: ['Ibu hamil pecah ketuban', 'Kontraksi teratur, hamil 39 minggu'],
  Kebakaran: ['Korban luka bakar akibat kebakaran rumah', 'Korban menghirup asap kebakaran'],
  Keracunan: ['Keracunan makanan, muntah dan diare', 'Anak menelan cairan pembersih'],
  Lainnya: ['Jatuh dari ketinggian', 'Pasien tidak sadarkan diri', 'Luka robek akibat benda tajam'],
};

/** Mental-health assessments, named by their outcome. */
export const ASSESSMENTS = [
  { name: 'Kondisi Normal', type: 'DASS-21', well: true, score: [75, 98] },
  { name: 'Kesehatan Mental Baik', type: 'SRQ-20', well: true, score: [70, 95] },
  { name: 'Kecemasan Ringan', type: 'GAD-7', well: false, score: [55, 75] },
  { name: 'Kecemasan Sedang', type: 'GAD-7', well: false, score: [40, 60] },
  { name: 'Stres Sedang', type: 'DASS-21', well: false, score: [40, 65] },
  { name: 'Depresi Ringan', type: 'PHQ-9', well: false, score: [45, 70] },
  { name: 'Depresi Sedang', type: 'PHQ-9', well: false, score: [25, 50] },
  { name: 'Depresi Berat', type: 'PHQ-9', well: false, score: [5, 30] },
] as const;
export const ASSESSMENT_DESCRIPTIONS: Record<string, string> = {
  'DASS-21': 'Depression Anxiety Stress Scales, 21 butir',
  'SRQ-20': 'Self Reporting Questionnaire, 20 butir (WHO)',
  'GAD-7': 'Generalized Anxiety Disorder, 7 butir',
  'PHQ-9': 'Patient Health Questionnaire, 9 butir',
};
/** Among the assessments that are not well: their relative share. */
export const UNWELL_WEIGHTS = {
  'Kecemasan Ringan': 26,
  'Kecemasan Sedang': 14,
  'Stres Sedang': 22,
  'Depresi Ringan': 20,
  'Depresi Sedang': 12,
  'Depresi Berat': 6,
};

let kelurahan: Map<string, string[]> | undefined;

/** Jakarta's kelurahan names by kecamatan code, from idn-area-data (read once). */
export function kelurahanByKecamatan(): Map<string, string[]> {
  if (kelurahan) return kelurahan;
  const require = createRequire(import.meta.url);
  const file = path.join(path.dirname(require.resolve('idn-area-data/package.json')), 'data', 'villages.csv');
  const map = new Map<string, string[]>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('31.')) continue;
    const [, district, name] = line.trim().split(',');
    if (!map.has(district)) map.set(district, []);
    map.get(district)!.push(name);
  }
  kelurahan = map;
  return map;
}
