/**
 * A facility's parameters (spec part 1 §2, §7), named as their tab names them (medical-facilities
 * texts, `integrated`), so that an import recognises the tab's headers and its dialog shows its labels.
 */
import { defineTexts } from '../../../i18n/resources/define';
import { medicalFacilityTexts } from '../medical-facilities/texts';

const tab = (lang: 'id' | 'en') => medicalFacilityTexts[lang].integrated;

export const facilityParamTexts = defineTexts({
  id: { name: 'Parameter Fasilitas |||| Parameter Fasilitas', fields: tab('id').params.fields },
  en: { name: 'Facility Parameter |||| Facility Parameters', fields: tab('en').params.fields },
});
