/**
 * A facility's parameters (spec part 1 §2, §7), named as their tab names them (medical-facilities
 * texts, `integrated`), so that an import recognises the tab's headers and its dialog shows its labels.
 */
import { defineTexts } from '../../../i18n/resources/define';
import { medicalFacilityTexts } from '../medical-facilities/texts';

const tab = (lang: 'id' | 'en') => medicalFacilityTexts[lang].integrated;
const errors = (lang: 'id' | 'en') => {
  const e = medicalFacilityTexts[lang].errors;
  return { save: e.save_param, delete: e.delete };
};

export const facilityParamTexts = defineTexts({
  // The tab's texts (fields, add and edit titles, empty state) are the child resource's own, so
  // its generated dialog and list read them.
  // A save that fails without the server's word says the spec's 'Gagal menyimpan parameter'.
  id: { name: 'Parameter Fasilitas |||| Parameter Fasilitas', ...tab('id').params, errors: errors('id') },
  en: { name: 'Facility Parameter |||| Facility Parameters', ...tab('en').params, errors: errors('en') },
});
