import type { ResourceDeclaration } from '../resource';
import { patients } from './patients';
import { medicalFacilities } from './medical-facilities';
import { emergencies } from './emergencies';
import { users } from './users';
import { deliveries } from './deliveries';
import { appointments } from './appointments';
import { poli } from './poli';
import { webAdmins } from './web-admins';

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
];
