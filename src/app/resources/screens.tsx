import type { ComponentType } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import { RESOURCES } from '../../resources';
import type { ResourceDeclaration } from '../../domain/resource';
import { ResourceScreen } from './generic/ResourceScreen';
import { consoleNameOf } from './screen-paths';
import patients from '../../resources/patients/screen';
import appointmentScreen from '../../resources/appointments/screen';
import journeyConfig from '../../resources/journey-config/screen';
import simulatorApiKeys from '../../resources/simulator-api-keys/screen';
import simulatorPoli from '../../resources/simulator-poli/screen';
import simulatorAppointments from '../../resources/simulator-appointments/screen';

/** What react-admin's <Resource> gets for one declared resource. */
export interface ResourceScreenEntry {
  name: string;
  list: ComponentType;
  icon?: SvgIconComponent;
  recordRepresentation?: string;
}

/**
 * Screens of their own, only where the spec's screen differs from the generic one (grouped
 * columns, a master-detail layout, an extra dialog). Every other declared resource gets the
 * generic screen from its declaration: no file of its own. Each lives in its resource's folder
 * (src/resources/<name>/screen.tsx); its record name comes from the declaration.
 */
const customScreens: Record<string, Omit<ResourceScreenEntry, 'name' | 'recordRepresentation'>> = {
  [patients.name]: patients,
  [appointmentScreen.name]: appointmentScreen,
  [simulatorApiKeys.name]: simulatorApiKeys,
  [simulatorPoli.name]: simulatorPoli,
  [journeyConfig.name]: journeyConfig,
  [simulatorAppointments.name]: simulatorAppointments,
};

function genericScreen(decl: ResourceDeclaration): ComponentType {
  const Screen = () => <ResourceScreen decl={decl} />;
  Screen.displayName = `ResourceScreen(${decl.name})`;
  return Screen;
}

/** One entry per declared resource (src/resources), in the declarations' order. */
export const resourceScreens: ResourceScreenEntry[] = RESOURCES.map((decl) => ({
  recordRepresentation: decl.recordRepresentation,
  ...(customScreens[decl.name] ?? { list: genericScreen(decl) }),
  // At the spec's route: the menu path (screen-paths.ts).
  name: consoleNameOf(decl),
}));
