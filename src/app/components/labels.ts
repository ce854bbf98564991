/** Display labels of stored codes in the chosen language; the codes themselves stay the values. */
import { useTranslate } from 'react-admin';
import { FACILITY_TYPES, GENDER_LABELS } from '../../domain/analytics';

const KNOWN_TYPES = new Set<string>(FACILITY_TYPES);
const GENDER_CODE = new Map(Object.entries(GENDER_LABELS).map(([code, label]) => [label, code]));

export function useCodeLabels() {
  const translate = useTranslate();
  return {
    /** 'RS_SWASTA' → 'RS Swasta'; no or an unknown type → 'Lainnya'. */
    facilityType: (type: string | null | undefined) =>
      translate(`app.analysis.labels.facility_type.${type && KNOWN_TYPES.has(type) ? type : 'other'}`),
    /** A gender as the API names it ('Laki-laki', or its code 'L') → 'Laki-laki' / 'Male'. */
    gender: (value: string) => {
      const code = GENDER_CODE.get(value) ?? (value in GENDER_LABELS ? value : undefined);
      return code ? translate(`app.analysis.labels.gender.${code}`) : value;
    },
  };
}
