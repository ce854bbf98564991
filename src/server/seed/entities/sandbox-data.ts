/** Fixed facts of the demo sandbox (./sandbox.ts). */

const weekday = (open: string, close: string, days: string[]) =>
  Object.fromEntries(days.map((d) => [d, { open, close, is_24_hours: false }]));
const MON_SAT = ['senin', 'selasa', 'rabu', 'kamis', 'jumat', 'sabtu'];
const ALL_WEEK = [...MON_SAT, 'minggu'];

export const DEMO_SANDBOX_FACILITIES = [
  {
    // The demo facility operator's own Puskesmas (DEMO_FACILITY_NAME).
    linkName: 'Puskesmas Kecamatan Gambir',
    linkType: 'PUSKESMAS',
    name: 'Puskesmas Gambir (Sandbox)',
    code: 'PKMGMB',
    type: 'Puskesmas',
    level: 'Primer',
    address: 'Jl. Tanah Abang I No. 12, Gambir, Jakarta Pusat',
    phone: '0213862015',
    capacity: 10,
    district: '31.71.01',
    hours: weekday('07:30', '16:00', MON_SAT),
    services: ['Poli Umum', 'Poli Gigi', 'KIA', 'Imunisasi', 'Laboratorium Sederhana'],
    poli: ['Umum', 'Anak', 'Gigi', 'Kandungan'],
  },
  {
    linkName: null,
    linkType: 'RSUD',
    name: 'RSUD Sandbox Jakarta',
    code: 'RSUDSBX',
    type: 'RSUD',
    level: 'Sekunder',
    address: 'Jl. Kyai Caringin No. 7, Gambir, Jakarta Pusat',
    phone: '0213503003',
    capacity: 250,
    district: '31.71.01',
    hours: {
      ...weekday('00:00', '23:59', ALL_WEEK),
      senin: { open: '00:00', close: '23:59', is_24_hours: true },
    },
    services: ['IGD 24 Jam', 'Rawat Jalan', 'Rawat Inap', 'Radiologi', 'Laboratorium', 'Farmasi'],
    poli: ['Umum', 'Anak', 'Jantung', 'Saraf', 'Mata', 'Bedah'],
  },
  {
    linkName: null,
    linkType: 'KLINIK',
    name: 'Klinik Pratama Sandbox',
    code: 'KLNSBX',
    type: 'Klinik',
    level: 'Primer',
    address: 'Jl. Kebon Sirih No. 40, Menteng, Jakarta Pusat',
    phone: '0213141592',
    capacity: 0,
    district: '31.71.06',
    hours: weekday('08:00', '21:00', MON_SAT),
    services: ['Poli Umum', 'Poli Gigi', 'Poli Kulit'],
    poli: ['Umum', 'Gigi', 'Kulit'],
  },
] as const;

export const DEMO_SANDBOX_NAMES = {
  doctors: [
    'dr. Andi Pratama',
    'dr. Siti Rahmawati',
    'dr. Budi Santoso, Sp.A',
    'dr. Dewi Lestari, Sp.A',
    'drg. Rina Wijaya',
    'drg. Agus Setiawan',
    'dr. Maya Sari, Sp.OG',
    'dr. Hendra Gunawan, Sp.OG',
    'dr. Indah Permata',
    'dr. Fajar Nugroho, Sp.JP',
    'dr. Lina Marlina, Sp.N',
    'dr. Rudi Hartono, Sp.M',
    'dr. Yuni Astuti, Sp.B',
    'dr. Teguh Prasetyo',
    'dr. Wulan Sari, Sp.DVE',
    'dr. Bambang Susilo',
  ],
  men: ['Ahmad', 'Budi', 'Dedi', 'Eko', 'Fajar', 'Hadi', 'Irfan', 'Joko', 'Rizky', 'Yusuf'],
  women: ['Ani', 'Dewi', 'Fitri', 'Lestari', 'Nur', 'Putri', 'Rina', 'Sari', 'Wati', 'Yanti'],
  family: [
    'Saputra',
    'Hidayat',
    'Siregar',
    'Nasution',
    'Wibowo',
    'Kusuma',
    'Hasibuan',
    'Simanjuntak',
    'Lubis',
    'Purnomo',
  ],
  complaints: [
    'Demam tiga hari',
    'Batuk dan pilek',
    'Sakit gigi',
    'Kontrol kehamilan',
    'Nyeri kepala',
    'Gatal-gatal',
    'Kontrol rutin',
    'Nyeri perut',
  ],
};
