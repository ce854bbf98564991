import type { ComponentType } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import { RESOURCES } from '../../resources';
import type { ResourceDeclaration } from '../../domain/resource';
import { ResourceScreen } from './generic/ResourceScreen';
import { consoleNameOf } from './screen-paths';
import { menuIcon } from '../layout/icons';
import { i18nProvider } from '../providers/i18nProvider';
import { patients } from '../../resources/patients';
import { appointments } from '../../resources/appointments';
import { journeyConfigs } from '../../resources/journey-config';
import { simulatorApiKeys } from '../../resources/simulator-api-keys';
import { simulatorPoli } from '../../resources/simulator-poli';
import { simulatorAppointments } from '../../resources/simulator-appointments';
import { webAdmins } from '../../resources/web-admins';
import patientsScreen from '../../resources/patients/screen';
import appointmentsScreen from '../../resources/appointments/screen';
import journeyConfigScreen from '../../resources/journey-config/screen';
import simulatorApiKeysScreen from '../../resources/simulator-api-keys/screen';
import simulatorPoliScreen from '../../resources/simulator-poli/screen';
import simulatorAppointmentsScreen from '../../resources/simulator-appointments/screen';
import webAdminsScreen from '../../resources/web-admins/screen';

/** What react-admin's <Resource> gets for one declared resource. */
export interface ResourceScreenEntry {
  name: string;
  list: ComponentType;
  icon?: SvgIconComponent;
  recordRepresentation?: string | ((record: Record<string, any>) => string);
}

/**
 * Screens of their own, only where the spec's screen differs from the generic one (grouped
 * columns, a master-detail layout, an extra dialog). Every other declared resource gets the
 * generic screen from its declaration: no file of its own. Each lives in its resource's folder
 * (src/resources/<name>/screen.tsx, loaded on first visit); its route, icon and record name
 * come from the declaration.
 */
const customScreens: Record<string, ComponentType> = {
  [patients.name]: patientsScreen,
  [appointments.name]: appointmentsScreen,
  [simulatorApiKeys.name]: simulatorApiKeysScreen,
  [simulatorPoli.name]: simulatorPoliScreen,
  [webAdmins.name]: webAdminsScreen,
  [journeyConfigs.name]: journeyConfigScreen,
  [simulatorAppointments.name]: simulatorAppointmentsScreen,
};

function genericScreen(decl: ResourceDeclaration): ComponentType {
  const Screen = () => <ResourceScreen decl={decl} />;
  Screen.displayName = `ResourceScreen(${decl.name})`;
  return Screen;
}

/** A record's name as react-admin asks for it: a field, or the declaration's own in the console's language. */
function representation(decl: ResourceDeclaration): ResourceScreenEntry['recordRepresentation'] {
  const rep = decl.recordRepresentation;
  return typeof rep === 'function' ? (record) => rep(record, (key) => i18nProvider.translate(key)) : rep;
}

/** One entry per declared resource (src/resources), in the declarations' order. */
export const resourceScreens: ResourceScreenEntry[] = RESOURCES.map((decl) => ({
  // At the spec's route: the menu path (screen-paths.ts).
  name: consoleNameOf(decl),
  list: customScreens[decl.name] ?? genericScreen(decl),
  icon: decl.menu && menuIcon(decl.menu.icon),
  recordRepresentation: representation(decl),
}));
