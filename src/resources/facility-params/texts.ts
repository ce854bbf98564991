/**
 * The records below an integrated facility (spec part 1 §2, §7): its parameters and its
 * connections, named as their tabs name them (medical-facilities.ts, `integrated`), so that an
 * import recognises the tabs' headers and its dialog shows their labels.
 */
import { defineTexts } from '../../../i18n/resources/define';
import { medicalFacilityTexts } from '../medical-facilities/texts';

const tab = (lang: 'id' | 'en') => medicalFacilityTexts[lang].integrated;

export const facilityParamTexts = defineTexts({
  id: { name: 'Parameter Fasilitas |||| Parameter Fasilitas', fields: tab('id').params.fields },
  en: { name: 'Facility Parameter |||| Facility Parameters', fields: tab('en').params.fields },
});

export const facilityConnectionTexts = defineTexts({
  id: { name: 'Koneksi Fasilitas |||| Koneksi Fasilitas', fields: tab('id').connections.fields },
  en: { name: 'Facility Connection |||| Facility Connections', fields: tab('en').connections.fields },
});
