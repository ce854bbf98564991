/**
 * The records below an integrated facility (spec part 1 §2, §7): its parameters and its
 * connections, named as their tabs name them (medical-facilities.ts, `integrated`), so that an
 * import recognises the tabs' headers and its dialog shows their labels.
 */
import { defineTexts } from './define';
import { medicalFacilityTexts } from './medical-facilities';

const tab = (lang: 'id' | 'en') => medicalFacilityTexts[lang].integrated;

// The tab's texts (fields, add and edit titles, empty state) are the child resource's own, so
// its generated dialog and list read them; a connection's blank password keeps the stored one.
const connections = (lang: 'id' | 'en') => ({
  ...tab(lang).connections,
  helpers: { x_password_edit: tab(lang).connections.password_kept },
});

export const facilityParamTexts = defineTexts({
  id: { name: 'Parameter Fasilitas |||| Parameter Fasilitas', ...tab('id').params },
  en: { name: 'Facility Parameter |||| Facility Parameters', ...tab('en').params },
});

export const facilityConnectionTexts = defineTexts({
  id: { name: 'Koneksi Fasilitas |||| Koneksi Fasilitas', ...connections('id') },
  en: { name: 'Facility Connection |||| Facility Connections', ...connections('en') },
});
