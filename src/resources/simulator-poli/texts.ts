/** Simulator poli ('Simulasi Poli', spec part 2 §2, §3, §5, §8). */
import { defineTexts } from '../../../i18n/resources/define';

export const simulatorPoliTexts = defineTexts({
  id: {
    name: 'Poli Simulasi |||| Poli Simulasi',
    title: 'Simulasi Poli',
    add_title: 'Tambah Poli',
    edit_title: 'Edit Poli',
    fields: {
      id: 'ID',
      created_at: 'Dibuat',
      updated_at: 'Diperbarui',
      poly_code: 'Kode Poli',
      poly_name: 'Nama Poli',
      poly_description: 'Deskripsi',
      is_active: 'Aktif',
      medical_facility_id: 'Fasilitas Kesehatan',
      medical_facility_name: 'Fasilitas',
    },
    helpers: {
      poly_code: 'Huruf kapital dan angka, mis. UMU',
      poly_code_edit: 'Kode poli tidak dapat diubah setelah dibuat',
      medical_facility_id_edit: 'Fasilitas poli tidak dapat diubah setelah dibuat',
    },
    filters: {
      search: 'Cari kode atau nama poli',
      is_active: 'Status',
      medical_facility_id: 'Fasilitas Kesehatan',
    },
    choices: {
      is_active: {
        true: 'Aktif',
        false: 'Nonaktif',
      },
    },
    copy: {
      button: 'Salin dari Master',
      title: 'Salin Poli dari Data Master',
      facility: 'Fasilitas Kesehatan',
      all: 'Pilih semua',
      submit: 'Salin',
      cancel: 'Batal',
      none: 'Pilih setidaknya satu poli untuk disalin',
      done: '%{count} poli disalin',
      failed: 'Gagal menyalin data master poli',
      loading_failed: 'Gagal mengambil data master poli',
    },
    columns: { actions: 'Aksi' },
    empty: 'Belum ada data poli',
    errors: {
      fetch: 'Gagal mengambil data poli',
      save: 'Gagal menyimpan master poli',
      delete: 'Gagal menghapus poli',
    },
  },
  en: {
    name: 'Sandbox Poli |||| Sandbox Poli',
    title: 'Poli Simulation',
    add_title: 'Add Poli',
    edit_title: 'Edit Poli',
    fields: {
      id: 'ID',
      created_at: 'Created',
      updated_at: 'Updated',
      poly_code: 'Poli Code',
      poly_name: 'Poli Name',
      poly_description: 'Description',
      is_active: 'Active',
      medical_facility_id: 'Medical Facility',
      medical_facility_name: 'Facility',
    },
    helpers: {
      poly_code: 'Capital letters and digits, e.g. UMU',
      poly_code_edit: 'The poli code cannot be changed once created',
      medical_facility_id_edit: "The poli's facility cannot be changed once created",
    },
    filters: {
      search: 'Search poli code or name',
      is_active: 'Status',
      medical_facility_id: 'Medical Facility',
    },
    choices: {
      is_active: {
        true: 'Active',
        false: 'Inactive',
      },
    },
    copy: {
      button: 'Copy from Master',
      title: 'Copy Poli from Master Data',
      facility: 'Medical Facility',
      all: 'Select all',
      submit: 'Copy',
      cancel: 'Cancel',
      none: 'Select at least one poli to copy',
      done: '%{count} poli copied',
      failed: 'Failed to copy master poli data',
      loading_failed: 'Failed to fetch master poli data',
    },
    columns: { actions: 'Actions' },
    empty: 'No poli data yet',
    errors: {
      fetch: 'Failed to fetch poli data',
      save: 'Failed to save master poli',
      delete: 'Failed to delete poli',
    },
  },
});
