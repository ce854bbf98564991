/**
 * Indonesian, the console's default language. Framework messages come from ra-id.ts (every
 * ra-language-english key); app.* and resources.* are the product's own texts. Indonesian
 * strings quoted by the spec ('Masuk', 'MASUK', 'Lupa Password?') appear exactly as written
 * there; its English labels and messages ('Patient Info', 'Schedule deleted successfully') are
 * translated, a user reads one language at a time.
 */
import { raIndonesian } from './ra-id';
import { declaredMenuLabels, resourceTexts } from './resources';
import { menuRoleManagerTexts } from './pages/menu-role-manager';
import { domainConfigTexts } from './pages/domain-config';
import { performanceTexts } from './pages/performance';
import { logsTexts } from './pages/logs';
import { jsonFieldTexts } from './pages/json-field';
import { mobileSimulatorTexts } from './pages/mobile-simulator';
import { apiSimulatorTexts } from './pages/api-simulator';
import { patientAccessTexts } from './pages/patient-access';
import { importTexts } from './pages/import';
import { twoFactorTexts } from './pages/two-factor';
import { accountTexts } from './pages/account';
import { realtimeTexts } from './pages/realtime';
import { loginTexts } from './pages/login';

export const id = {
  ...raIndonesian,
  app: {
    title: 'Dashboard Analisis Kesehatan Jakarta',
    short_title: 'Dinkes Jakarta',
    menu_role_manager: menuRoleManagerTexts.id,
    domain_config: domainConfigTexts.id,
    performance: performanceTexts.id,
    logs: logsTexts.id,
    json_field: jsonFieldTexts.id,
    mobile_simulator: mobileSimulatorTexts.id,
    api_simulator: apiSimulatorTexts.id,
    patient_access: patientAccessTexts.id,
    import: importTexts.id,
    two_factor: twoFactorTexts.id,
    account: accountTexts.id,
    realtime: realtimeTexts.id,
    access: { denied: 'Anda tidak memiliki akses ke halaman itu' },
    menu: {
      dashboard: 'Dashboard',
      patients: 'Data Pasien',
      appointments: 'Janji Temu',
      medical_facilities: 'Fasilitas Kesehatan',
      emergency_reports: 'Laporan Darurat',
      mental_health: 'Kesehatan Mental',
      geographic: 'Analisis Geografis',
      logs_monitoring: 'Log Sistem',
      api_logs: 'Log API',
      performance_analytics: 'Analisis Kinerja',
      menu_role_manager: 'Pengelola Menu per Peran',
      api_simulator_group: 'API Simulator',
      api_simulator: 'API Simulator',
      simulator_mobile: 'E-Registrasi (Mobile)',
      master_data_group: 'Master Data',
      master_medical_facilities_integrated: 'Fasilitas Terintegrasi',
      master_domain_config: 'Konfigurasi Gateway',
      ...declaredMenuLabels('id'),
    },
    login: loginTexts.id,
    sidebar: {
      logout: 'Keluar',
      copyright: '© %{year} Dinas Kesehatan Provinsi DKI Jakarta',
      language: 'Bahasa',
      open_menu: 'Buka menu',
      main_menu: 'Menu utama',
    },
    not_built: {
      title: 'Segera hadir',
      body: 'Halaman "%{name}" belum tersedia. Fitur ini sedang dibangun.',
    },
    dashboard: {
      welcome: 'Selamat datang, %{name}',
      intro: 'Ringkasan kesehatan kota akan tampil di sini.',
      subtitle: 'Ringkasan kesehatan kota Jakarta',
      cards: {
        patients: 'Total Pasien',
        appointments: 'Janji Temu',
        facilities: 'Fasilitas Kesehatan',
        emergencies: 'Laporan Darurat',
        reports: 'Total Laporan AGD',
      },
      charts: {
        appointments: 'Janji Temu 30 Hari Terakhir',
        facility_types: 'Distribusi Jenis Fasilitas Kesehatan',
        gender: 'Pasien berdasarkan Jenis Kelamin',
        age: 'Pasien berdasarkan Kelompok Usia',
      },
      errors: {
        stats: 'Gagal memuat statistik',
        appointments: 'Gagal memuat data janji temu',
        facilities: 'Gagal memuat data fasilitas kesehatan',
        demographics: 'Gagal memuat data demografi',
      },
    },
    analysis: {
      // Display labels of stored codes (the codes stay the values).
      labels: {
        gender: { L: 'Laki-laki', P: 'Perempuan' },
        facility_type: {
          PUSKESMAS: 'Puskesmas',
          RSUD: 'RSUD',
          RS_SWASTA: 'RS Swasta',
          KLINIK: 'Klinik',
          APOTEK: 'Apotek',
          other: 'Lainnya',
        },
      },
      common: {
        refresh: 'Muat Ulang',
        retry: 'Coba Lagi',
        empty: 'Belum ada data untuk ditampilkan',
        count: 'Jumlah',
        percentage: 'Persentase',
        status: 'Status',
        rank: 'Peringkat',
        total: 'Total',
        patients: 'Pasien',
        facilities: 'Fasilitas',
        appointments: 'Janji Temu',
        responses: 'Respons',
        reports: 'Laporan',
        average: 'Rata-rata',
        share_of_total: '%{percent}% dari total',
      },
      status: {
        high: 'Tinggi',
        medium: 'Sedang',
        low: 'Rendah',
        priority_high: 'Prioritas Tinggi',
        needs_attention: 'Perlu Perhatian',
        controlled: 'Terkendali',
        very_good: 'Sangat Baik',
        good: 'Baik',
        fair: 'Cukup',
      },
      patients: {
        title: 'Analisis Data Pasien',
        subtitle: 'Demografi pasien menurut jenis kelamin, kelompok usia dan asuransi',
        cards: {
          total: 'Total Pasien',
          male: 'Laki-laki',
          female: 'Perempuan',
          elderly: 'Lansia (65+)',
        },
        charts: {
          gender: 'Distribusi Jenis Kelamin',
          age: 'Distribusi Kelompok Usia',
          insurance: 'Distribusi Jenis Asuransi',
        },
        tables: {
          gender: 'Ringkasan Jenis Kelamin',
          age: 'Ringkasan Kelompok Usia',
          insurance: 'Ringkasan Asuransi',
        },
        columns: {
          gender: 'Jenis Kelamin',
          age_group: 'Kelompok Usia',
          insurance: 'Asuransi',
        },
        error: 'Gagal memuat data demografi pasien',
      },
      appointments: {
        title: 'Analisis Janji Temu',
        subtitle: 'Janji temu 30 hari terakhir',
        cards: {
          total: 'Total (30 Hari)',
          today: 'Hari Ini',
          this_week: 'Minggu Ini',
          daily_average: 'Rata-rata Harian',
        },
        this_week_caption: 'Minggu ke-%{week}',
        per_day: 'janji temu per hari',
        week: 'Minggu %{week}',
        days_in_week: '%{days} hari',
        charts: {
          daily: 'Tren Harian',
          weekly: 'Ringkasan Mingguan',
          trend: 'Grafik Tren Janji Temu',
        },
        error: 'Gagal memuat data janji temu',
      },
      facilities: {
        title: 'Analisis Fasilitas Kesehatan',
        subtitle: 'Sebaran fasilitas kesehatan menurut jenis',
        cards: {
          total: 'Total Fasilitas',
          types: 'Jenis Fasilitas',
          largest: 'Jenis Terbanyak',
          average: 'Rata-rata per Jenis',
        },
        charts: {
          pie: 'Distribusi Jenis Fasilitas',
          bar: 'Jumlah Fasilitas per Jenis',
        },
        table: 'Detail Jenis Fasilitas',
        columns: {
          type: 'Jenis Fasilitas',
        },
        error: 'Gagal memuat data fasilitas medis',
      },
      emergencies: {
        title: 'Analisis Laporan Darurat',
        subtitle: 'Laporan AGD menurut kategori',
        cards: {
          total: 'Total Laporan',
          categories: 'Kategori',
          highest: 'Kategori Tertinggi',
          average: 'Rata-rata per Kategori',
        },
        chart: 'Laporan per Kategori',
        table: 'Detail Kategori',
        columns: {
          category: 'Kategori',
          severity: 'Tingkat',
        },
        recommendations: {
          title: 'Rekomendasi',
          top_category:
            'Prioritaskan kesiapan tim dan armada ambulans untuk kategori "%{category}", kategori dengan laporan terbanyak.',
          response_time: 'Evaluasi waktu tanggap ambulans secara berkala di setiap wilayah.',
          education: 'Perluas edukasi pertolongan pertama kepada masyarakat untuk kasus yang sering terjadi.',
          coordination: 'Perkuat koordinasi rujukan antara AGD, puskesmas dan rumah sakit terdekat.',
        },
        error: 'Gagal memuat data laporan darurat',
      },
      mental_health: {
        title: 'Analisis Kesehatan Mental',
        subtitle: 'Asesmen kesehatan mental dan tren enam bulan terakhir',
        cards: {
          total: 'Total Asesmen',
          types: 'Jenis Asesmen',
          wellness: 'Skor Kesejahteraan',
          highest: 'Asesmen Terbanyak',
        },
        charts: {
          pie: 'Distribusi Asesmen',
          bar: 'Respons per Asesmen',
          trend: 'Tren 6 Bulan Terakhir',
          rates: 'Partisipasi dan Kepuasan',
        },
        wellness_series: 'Skor Kesejahteraan',
        participation: 'Partisipasi',
        participation_detail: '%{completed} dari %{started} asesmen yang dimulai diselesaikan',
        satisfaction: 'Kepuasan',
        satisfaction_detail: '%{satisfied} dari %{rated} penilaian menyatakan puas',
        error: 'Gagal memuat data kesehatan mental',
      },
      geographic: {
        title: 'Analisis Geografis',
        subtitle: 'Sebaran pasien dan fasilitas kesehatan per wilayah',
        level_label: 'Tingkat wilayah',
        levels: {
          provinsi: 'Provinsi',
          kabupaten: 'Kabupaten',
          kecamatan: 'Kecamatan',
        },
        cards: {
          areas: 'Jumlah Wilayah',
          patients: 'Total Pasien',
          facilities: 'Total Fasilitas',
          top: 'Wilayah Teratas',
        },
        unassigned: '%{count} pasien belum terpetakan',
        charts: {
          by_area: 'Pasien dan Fasilitas per Wilayah',
          top10: '10 Wilayah Teratas',
          top6: 'Komposisi 6 Wilayah Teratas',
        },
        table: 'Peringkat Wilayah',
        columns: {
          area: 'Wilayah',
          population: 'Populasi',
          density: 'Kepadatan (jiwa/km²)',
        },
        error: 'Gagal memuat data geografis',
      },
    },
    common: {
      page_range_estimated: '%{offsetBegin}-%{offsetEnd} dari sekitar %{total}',
      actions: 'Aksi',
      loading: 'Memuat...',
      dismiss: 'Tutup',
      none: '-',
      add: 'Tambah',
      no_options: 'Tidak ada pilihan',
      years_old: '%{age} tahun',
      range_from: '%{field} dari',
      range_to: '%{field} sampai',
      choose_first: 'Pilih %{field} terlebih dahulu',
    },
    conflict: {
      title: 'Data ini telah diubah oleh pengguna lain',
      field: 'Kolom',
      theirs: 'Nilai tersimpan sekarang',
      yours: 'Nilai Anda',
      shown: 'Nilai yang Anda lihat',
      reload: 'Muat ulang',
      overwrite: 'Simpan tetap',
      delete_anyway: 'Hapus tetap',
      cancel: 'Batal',
    },
  },
  resources: resourceTexts('id'),
};

export type Messages = typeof id;
