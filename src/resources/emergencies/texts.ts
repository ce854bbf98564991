/** Master emergencies (spec part 1 §2 'Master emergencies', §3, §5, §8). */
import { defineTexts } from '../../../i18n/resources/define';

export const emergencyTexts = defineTexts({
  id: {
    name: 'Darurat |||| Darurat',
    title: 'Master Data Darurat',
    add_title: 'Tambah Data Darurat',
    edit_title: 'Edit Data Darurat',
    fields: {
      id: 'ID',
      fullname: 'Nama Lengkap',
      phone: 'Nomor Telepon',
      latitude: 'Latitude',
      longitude: 'Longitude',
      accuracy: 'Akurasi (m)',
      created_at: 'Dibuat',
    },
    columns: {
      patient_info: 'Info Pasien',
      contact: 'Kontak',
      location: 'Lokasi',
      accuracy: 'Akurasi',
      created: 'Dibuat',
    },
    filters: { search: 'Cari nama atau telepon' },
    empty: 'Belum ada data darurat',
    errors: {
      fetch: 'Gagal mengambil data laporan darurat',
      save: 'Gagal menyimpan laporan darurat',
      delete: 'Gagal menghapus laporan darurat',
    },
  },
  en: {
    name: 'Emergency |||| Emergencies',
    title: 'Emergency Master Data',
    add_title: 'Add Emergency',
    edit_title: 'Edit Emergency',
    fields: {
      id: 'ID',
      fullname: 'Full Name',
      phone: 'Phone Number',
      latitude: 'Latitude',
      longitude: 'Longitude',
      accuracy: 'Accuracy (m)',
      created_at: 'Created',
    },
    columns: {
      patient_info: 'Patient Info',
      contact: 'Contact',
      location: 'Location',
      accuracy: 'Accuracy',
      created: 'Created',
    },
    filters: { search: 'Search name or phone' },
    empty: 'No emergency data yet',
    errors: {
      fetch: 'Failed to fetch emergencies',
      save: 'Failed to save emergency',
      delete: 'Failed to delete emergency',
    },
  },
});
