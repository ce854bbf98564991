import { lazy } from 'react';
import RouteIcon from '@mui/icons-material/Route';
import { journeyConfigs } from './index';

/** Journey Configuration Management (spec part 2 §2): the list with 'initialize defaults'. */
export default {
  name: journeyConfigs.name,
  list: lazy(() => import('./JourneyConfigScreen')),
  icon: RouteIcon,
};
