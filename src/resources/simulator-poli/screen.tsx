import { lazy } from 'react';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import { simulatorPoli } from './index';

/** 'Simulasi Poli' (spec part 2 §2): the generic list with the copy-from-master dialog. */
export default {
  name: simulatorPoli.name,
  list: lazy(() => import('./PoliScreen')),
  icon: MeetingRoomIcon,
};
