/** The patient dialog's 'Riwayat Akses' tab: who read the patient's data. */
import { defineTexts } from '../resources/define';

export const patientAccessTexts = defineTexts({
  id: {
    details_tab: 'Data Pasien',
    tab: 'Riwayat Akses',
    list_label: 'Riwayat akses data pasien',
    loading: 'Memuat riwayat akses...',
    empty: 'Belum ada akses tercatat',
    error: 'Gagal memuat riwayat akses',
    unknown_user: 'Pengguna tidak dikenal',
    when: 'Waktu',
    where: 'Dari',
    through: 'Melalui',
    screen: 'Layar %{screen}',
    rows: '%{count} baris',
    actions: {
      VIEW: 'Membuka data pasien',
      APPOINTMENTS: 'Melihat janji temu pasien',
      APPOINTMENT: 'Membuka janji temu pasien',
      JOURNEYS: 'Melihat perjalanan janji temu',
      EXPORT: 'Mengekspor data',
    },
  },
  en: {
    details_tab: 'Patient Data',
    tab: 'Access History',
    list_label: "Access history of the patient's data",
    loading: 'Loading access history...',
    empty: 'No access recorded yet',
    error: 'Failed to load access history',
    unknown_user: 'Unknown user',
    when: 'Time',
    where: 'From',
    through: 'Through',
    screen: 'Screen %{screen}',
    rows: '%{count} rows',
    actions: {
      VIEW: 'Opened the patient record',
      APPOINTMENTS: "Viewed the patient's appointments",
      APPOINTMENT: "Opened the patient's appointment",
      JOURNEYS: 'Viewed the appointment journey',
      EXPORT: 'Exported data',
    },
  },
});
