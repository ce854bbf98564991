/** Journey Configuration Management (spec part 2 §2, §3, §5, §8, §9). */
import { journeyStepTitles } from '../../domain/sandbox';
import { defineTexts } from '../../../i18n/resources/define';

export const journeyConfigTexts = defineTexts({
  id: {
    name: 'Konfigurasi Perjalanan |||| Konfigurasi Perjalanan',
    title: 'Pengelolaan Konfigurasi Perjalanan',
    add_title: 'Tambah Konfigurasi',
    edit_title: 'Edit Konfigurasi',
    fields: {
      id: 'ID',
      created_at: 'Dibuat',
      updated_at: 'Diperbarui',
      journey_type: 'Jenis Perjalanan',
      supported_journey: 'Langkah yang Didukung',
      journey_steps: 'Langkah Perjalanan',
      is_active: 'Aktif',
    },
    helpers: {
      journey_type: 'Huruf kapital, mis. RAWAT_JALAN',
    },
    filters: {
      search: 'Cari jenis perjalanan',
      is_active: 'Status',
    },
    choices: {
      is_active: {
        true: 'Aktif',
        false: 'Nonaktif',
      },
      supported_journey: journeyStepTitles('title'),
    },
    columns: { actions: 'Aksi', summary: '%{steps} langkah, %{supported} didukung' },
    steps: {
      step: 'Langkah %{n}',
      id: 'ID langkah',
      choose: 'Pilih langkah',
      title: 'Judul',
      title_en: 'Judul (English)',
      duration: 'Durasi (menit)',
      supported: 'Didukung',
      add: 'Tambah Langkah',
      move_up: 'Naikkan langkah %{n}',
      move_down: 'Turunkan langkah %{n}',
      remove: 'Hapus langkah %{n}',
      none: 'Belum ada langkah. Tambahkan setidaknya satu.',
    },
    initialize: {
      button: 'Inisialisasi Default',
      done: 'Konfigurasi default dibuat: %{types}',
      none: 'Semua konfigurasi default sudah ada',
      failed: 'Gagal menyiapkan konfigurasi bawaan',
    },
    empty: 'Belum ada konfigurasi perjalanan',
    errors: {
      fetch: 'Gagal mengambil konfigurasi perjalanan',
      save: 'Gagal menyimpan konfigurasi',
      delete: 'Gagal menghapus konfigurasi',
      initialize: 'Gagal menyiapkan konfigurasi bawaan',
    },
  },
  en: {
    name: 'Journey Configuration |||| Journey Configurations',
    title: 'Journey Configuration Management',
    add_title: 'Add Configuration',
    edit_title: 'Edit Configuration',
    fields: {
      id: 'ID',
      created_at: 'Created',
      updated_at: 'Updated',
      journey_type: 'Journey Type',
      supported_journey: 'Supported Steps',
      journey_steps: 'Journey Steps',
      is_active: 'Active',
    },
    helpers: {
      journey_type: 'Stored in capitals, e.g. RAWAT_JALAN',
    },
    filters: {
      search: 'Search journey type',
      is_active: 'Status',
    },
    choices: {
      is_active: {
        true: 'Active',
        false: 'Inactive',
      },
      supported_journey: journeyStepTitles('title_en'),
    },
    columns: { actions: 'Actions', summary: '%{steps} steps, %{supported} supported' },
    steps: {
      step: 'Step %{n}',
      id: 'Step ID',
      choose: 'Choose a step',
      title: 'Title (Indonesian)',
      title_en: 'Title (English)',
      duration: 'Duration (min)',
      supported: 'Supported',
      add: 'Add Step',
      move_up: 'Move step %{n} up',
      move_down: 'Move step %{n} down',
      remove: 'Remove step %{n}',
      none: 'No steps yet. Add at least one.',
    },
    initialize: {
      button: 'Initialize Defaults',
      done: 'Default configurations created: %{types}',
      none: 'Every default configuration already exists',
      failed: 'Failed to initialize default configurations',
    },
    empty: 'No journey configurations yet',
    errors: {
      fetch: 'Failed to fetch journey configurations',
      save: 'Failed to save configuration',
      delete: 'Failed to delete configuration',
      initialize: 'Failed to initialize default configurations',
    },
  },
});
