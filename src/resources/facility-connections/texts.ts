/**
 * A facility's connections (spec part 1 §2, §7), named as their tab names them (medical-facilities
 * texts, `integrated`), so that an import recognises the tab's headers and its dialog shows its labels.
 */
import { defineTexts } from '../../../i18n/resources/define';
import { medicalFacilityTexts } from '../medical-facilities/texts';

const tab = (lang: 'id' | 'en') => medicalFacilityTexts[lang].integrated;

// The tab's texts (fields, add and edit titles, empty state) are the child resource's own, so
// its generated dialog and list read them; a connection's blank password keeps the stored one.
// A save that fails without the server's word says the spec's 'Gagal menyimpan koneksi'.
const connections = (lang: 'id' | 'en') => ({
  ...tab(lang).connections,
  helpers: { x_password_edit: tab(lang).connections.password_kept },
  errors: {
    save: medicalFacilityTexts[lang].errors.save_connection,
    delete: medicalFacilityTexts[lang].errors.delete,
  },
});

export const facilityConnectionTexts = defineTexts({
  id: { name: 'Koneksi Fasilitas |||| Koneksi Fasilitas', ...connections('id') },
  en: { name: 'Facility Connection |||| Facility Connections', ...connections('en') },
});
