import type { ResourceDeclaration } from '../domain/resource';
import { patients } from './patients';
import { medicalFacilities } from './medical-facilities';
import { emergencies } from './emergencies';
import { users } from './users';
import { deliveries } from './delivery';
import { appointments } from './appointments';
import { poli } from './poli';
import { webAdmins } from './web-admins';
import { simulatorFacilities } from './simulator-facilities';
import { simulatorDoctors } from './simulator-doctors';
import { simulatorSchedules } from './simulator-schedules';
import { simulatorPatients } from './simulator-patients';
import { simulatorAppointments } from './simulator-appointments';
import { simulatorPoli } from './simulator-poli';
import { simulatorDeliveries } from './simulator-delivery';
import { simulatorApiKeys } from './simulator-api-keys';
import { journeyConfigs } from './journey-config';
import { facilityParams } from './facility-params';
import { facilityConnections } from './facility-connections';

/** Every declared resource: the server registers its API, the console its screens. */
export const RESOURCES: ResourceDeclaration[] = [
  patients,
  emergencies,
  users,
  deliveries,
  appointments,
  poli,
  webAdmins,
  medicalFacilities,
  // The integration sandbox (spec part 2 'Simulator ...') and the journey configuration.
  simulatorFacilities,
  simulatorDoctors,
  simulatorSchedules,
  simulatorPatients,
  simulatorAppointments,
  simulatorPoli,
  simulatorDeliveries,
  simulatorApiKeys,
  journeyConfigs,
];

/** Resources that live below a record of another (ResourceDeclaration.parent): API only, no screen. */
export const CHILD_RESOURCES: ResourceDeclaration[] = [facilityParams, facilityConnections];
