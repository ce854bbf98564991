/** The live console: the stream's indicator, a list's new records, an edit dialog's warning. */
import { defineTexts } from '../resources/define';

export const realtimeTexts = defineTexts({
  id: {
    disconnected: 'Pembaruan langsung terputus',
    new_records: '%{smart_count} data baru |||| %{smart_count} data baru',
    show: 'Tampilkan',
    updated_by: 'Diubah oleh %{name} pukul %{time}',
    deleted_by: 'Dihapus oleh %{name} pukul %{time}',
    someone: 'pengguna lain',
    show_changes: 'Lihat perubahan',
  },
  en: {
    disconnected: 'Live updates disconnected',
    new_records: '%{smart_count} new record |||| %{smart_count} new records',
    show: 'Show',
    updated_by: 'Changed by %{name} at %{time}',
    deleted_by: 'Deleted by %{name} at %{time}',
    someone: 'another user',
    show_changes: 'Show changes',
  },
});
