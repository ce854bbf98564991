/**
 * A facility's connections (spec part 1 §2, §7), named as their tab names them (medical-facilities
 * texts, `integrated`), so that an import recognises the tab's headers and its dialog shows its labels.
 */
import { defineTexts } from '../../../i18n/resources/define';
import { medicalFacilityTexts } from '../medical-facilities/texts';

const tab = (lang: 'id' | 'en') => medicalFacilityTexts[lang].integrated;

export const facilityConnectionTexts = defineTexts({
  id: { name: 'Koneksi Fasilitas |||| Koneksi Fasilitas', fields: tab('id').connections.fields },
  en: { name: 'Facility Connection |||| Facility Connections', fields: tab('en').connections.fields },
});
