import { lazy } from 'react';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import { simulatorApiKeys } from './index';

/** Simulator API keys (spec part 2 §2 'Simulator API Keys'). */
export default {
  name: simulatorApiKeys.name,
  list: lazy(() => import('./ApiKeyList')),
  icon: VpnKeyIcon,
};
