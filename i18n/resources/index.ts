/**
 * Every resource's texts (title, field labels, filters, choices, empty state, the spec's
 * messages), one file per resource, under resources.<name> of each language.
 */
import { defineTexts } from './define';
import { RESOURCES } from '../../src/resources';
import { consoleNameOf, declaredMenuId } from '../../src/domain/menu';
import type { ResourceTexts } from '../../src/domain/resource';
import { patientTexts } from '../../src/resources/patients/texts';
import { medicalFacilityTexts } from '../../src/resources/medical-facilities/texts';
import { emergencyTexts } from '../../src/resources/emergencies/texts';
import { userTexts } from '../../src/resources/users/texts';
import { deliveryTexts } from '../../src/resources/delivery/texts';
import { appointmentTexts } from '../../src/resources/appointments/texts';
import { poliTexts } from '../../src/resources/poli/texts';
import { webAdminTexts } from '../../src/resources/web-admins/texts';
import { simulatorFacilityTexts } from '../../src/resources/simulator-facilities/texts';
import { simulatorDoctorTexts } from '../../src/resources/simulator-doctors/texts';
import { simulatorScheduleTexts } from '../../src/resources/simulator-schedules/texts';
import { simulatorPatientTexts } from '../../src/resources/simulator-patients/texts';
import { simulatorAppointmentTexts } from '../../src/resources/simulator-appointments/texts';
import { simulatorPoliTexts } from '../../src/resources/simulator-poli/texts';
import { simulatorDeliveryTexts } from '../../src/resources/simulator-delivery/texts';
import { simulatorApiKeyTexts } from '../../src/resources/simulator-api-keys/texts';
import { journeyConfigTexts } from '../../src/resources/journey-config/texts';
import { facilityConnectionTexts, facilityParamTexts } from '../../src/resources/facility-params/texts';

/** The facility picker of every form that links a facility (GET /api/admin/medical-facilities). */
const facilityOptionTexts = defineTexts({
  id: {
    name: 'Fasilitas Kesehatan |||| Fasilitas Kesehatan',
    fields: { name: 'Nama', type: 'Jenis' },
  },
  en: {
    name: 'Medical Facility |||| Medical Facilities',
    fields: { name: 'Name', type: 'Type' },
  },
});

const all = {
  'master/patients': patientTexts,
  'master/medical-facilities': medicalFacilityTexts,
  'master/medical-facilities/params': facilityParamTexts,
  'master/medical-facilities/connections': facilityConnectionTexts,
  'master/emergencies': emergencyTexts,
  'master/users': userTexts,
  'master/delivery': deliveryTexts,
  'master/appointments': appointmentTexts,
  'master/poli': poliTexts,
  'master/web-admins': webAdminTexts,
  'admin/medical-facilities': facilityOptionTexts,
  'admin/simulator/facilities': simulatorFacilityTexts,
  'admin/simulator/doctors': simulatorDoctorTexts,
  'admin/simulator/schedules': simulatorScheduleTexts,
  'admin/simulator/patients': simulatorPatientTexts,
  'admin/simulator/appointments': simulatorAppointmentTexts,
  'admin/simulator/poli': simulatorPoliTexts,
  'admin/simulator/delivery': simulatorDeliveryTexts,
  'admin/simulator-apikeys': simulatorApiKeyTexts,
  'admin/journey-config': journeyConfigTexts,
};

/** Both languages have one shape (defineTexts checks it). */
type Texts = { [K in keyof typeof all]: (typeof all)[K]['id'] };

/** Each resource's texts: the files above, and what a declaration brings of its own (`texts`). */
export function resourceTexts(lang: 'id' | 'en'): Texts & Record<string, ResourceTexts> {
  const texts: Record<string, ResourceTexts> = {
    ...Object.fromEntries(RESOURCES.filter((d) => d.texts).map((d) => [d.name, d.texts![lang]])),
    ...Object.fromEntries(Object.entries(all).map(([k, v]) => [k, v[lang] as ResourceTexts])),
  };
  // The same texts under the console's name of a resource whose screen is at another path.
  for (const d of RESOURCES)
    if (texts[d.name] && consoleNameOf(d) !== d.name) texts[consoleNameOf(d)] = texts[d.name];
  return texts as Texts & Record<string, ResourceTexts>;
}

/** The sidebar labels of the declared resources' own entries (ResourceDeclaration.menu), by menu id. */
export function declaredMenuLabels(lang: 'id' | 'en'): Record<string, string> {
  return Object.fromEntries(
    RESOURCES.filter((d) => d.menu).map((d) => [declaredMenuId(d.name), d.menu!.label[lang]]),
  );
}
