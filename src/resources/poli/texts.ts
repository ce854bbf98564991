/** Master poli (spec part 2 §2 'Data Master Poli', §3, §8). */
import { defineTexts } from '../../../i18n/resources/define';

export const poliTexts = defineTexts({
  id: {
    name: 'Poli |||| Poli',
    title: 'Data Master Poli',
    add_title: 'Tambah Poli',
    edit_title: 'Edit Poli',
    fields: {
      id: 'ID',
      poly_code: 'Kode Poli',
      poly_name: 'Nama Poli',
      description: 'Deskripsi',
      is_bpjs_available: 'Tersedia BPJS',
      is_active: 'Aktif',
      created_at: 'Dibuat',
      updated_at: 'Diperbarui',
    },
    helpers: {
      poly_code: 'Huruf kapital dan angka, mis. UMU; tidak dapat diubah setelah disimpan',
      poly_code_edit: 'Kode poli tidak dapat diubah setelah dibuat',
    },
    columns: { bpjs: 'BPJS', status: 'Status' },
    filters: { search: 'Cari kode atau nama poli', is_bpjs_available: 'BPJS' },
    choices: {
      is_bpjs_available: { true: 'BPJS', false: 'Non-BPJS' },
      is_active: { true: 'Aktif', false: 'Nonaktif' },
    },
    empty: 'Belum ada data poli',
    errors: {
      fetch: 'Gagal mengambil data poli',
      save: 'Gagal menyimpan data poli',
      delete: 'Gagal menghapus data poli',
    },
  },
  en: {
    name: 'Clinic |||| Clinics',
    title: 'Clinic Master Data',
    add_title: 'Add Poli',
    edit_title: 'Edit Poli',
    fields: {
      id: 'ID',
      poly_code: 'Poli Code',
      poly_name: 'Poli Name',
      description: 'Description',
      is_bpjs_available: 'BPJS Available',
      is_active: 'Active',
      created_at: 'Created',
      updated_at: 'Updated',
    },
    helpers: {
      poly_code: 'Capital letters and digits, e.g. UMU; fixed once saved',
      poly_code_edit: 'The poli code cannot be changed once created',
    },
    columns: { bpjs: 'BPJS', status: 'Status' },
    filters: { search: 'Search poli code or name', is_bpjs_available: 'BPJS' },
    choices: {
      is_bpjs_available: { true: 'BPJS', false: 'Non-BPJS' },
      is_active: { true: 'Active', false: 'Inactive' },
    },
    empty: 'No poli data yet',
    errors: {
      fetch: 'Failed to fetch poli data',
      save: 'Failed to save poli data',
      delete: 'Failed to delete poli data',
    },
  },
});
